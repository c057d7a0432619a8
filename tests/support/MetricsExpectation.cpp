#include "tests/support/MetricsExpectation.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <cmath>

QJsonArray MetricsExpectation::serverItems(const QUrl &server, const QString &path)
{
    QNetworkAccessManager network;
    QNetworkReply *reply = network.get(QNetworkRequest(server.resolved(QUrl(path))));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    reply->deleteLater();
    return QJsonDocument::fromJson(reply->readAll())["items"].toArray();
}

QHash<QString, QPair<QString, QString>> MetricsExpectation::podUsage(const QUrl &server)
{
    QHash<QString, QPair<QString, QString>> usage;
    const QJsonArray items =
        serverItems(server, QStringLiteral("/apis/metrics.k8s.io/v1beta1/pods"));
    for (const QJsonValue &item : items) {
        double nanocores = 0;
        double bytes = 0;
        for (const QJsonValue &container : item["containers"].toArray()) {
            nanocores += number(container["usage"]["cpu"].toString());
            bytes += number(container["usage"]["memory"].toString());
        }
        const QString key =
            item["metadata"]["namespace"].toString() + u'/' + item["metadata"]["name"].toString();
        usage.insert(key, {QString::number(qint64(std::ceil(nanocores / 1e6))) + u'm',
                           QString::number(qint64(bytes / 1024 / 1024)) + QStringLiteral("Mi")});
    }
    return usage;
}

double MetricsExpectation::number(const QString &quantity)
{
    static const QList<QPair<QString, double>> suffixes = {
        {QStringLiteral("n"), 1},          {QStringLiteral("u"), 1e3},
        {QStringLiteral("m"), 1e6},        {QStringLiteral("Ki"), 1024},
        {QStringLiteral("Mi"), 1048576.0}, {QStringLiteral("Gi"), 1073741824.0}};
    for (const auto &[suffix, factor] : suffixes) {
        if (quantity.endsWith(suffix))
            return quantity.chopped(suffix.size()).toDouble() * factor;
    }
    return quantity.toDouble() * (quantity.contains(u'.') ? 1e9 : 1);
}
