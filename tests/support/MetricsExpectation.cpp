#include "tests/support/MetricsExpectation.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <array>
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

QHash<QString, QPair<double, double>> MetricsExpectation::podSamples(const QUrl &server)
{
    QHash<QString, QPair<double, double>> samples;
    const QJsonArray items =
        serverItems(server, QStringLiteral("/apis/metrics.k8s.io/v1beta1/pods"));
    for (const QJsonValue &item : items) {
        double nanocores = 0;
        double bytes = 0;
        for (const QJsonValue &container : item["containers"].toArray()) {
            nanocores += number(container["usage"]["cpu"].toString());
            bytes += number(container["usage"]["memory"].toString());
        }
        samples.insert(item["metadata"]["namespace"].toString() + u'/' +
                           item["metadata"]["name"].toString(),
                       {nanocores, bytes});
    }
    return samples;
}

QHash<QString, QPair<QString, QString>> MetricsExpectation::podUsage(const QUrl &server)
{
    QHash<QString, QPair<QString, QString>> usage;
    const QHash<QString, QPair<double, double>> samples = podSamples(server);
    for (auto it = samples.cbegin(); it != samples.cend(); ++it) {
        const auto [nanocores, bytes] = it.value();
        usage.insert(it.key(),
                     {QString::number(qint64(std::ceil(nanocores / 1e6))) + u'm',
                      QString::number(qint64(bytes / 1024 / 1024)) + QStringLiteral("Mi")});
    }
    return usage;
}

QHash<QString, QStringList> MetricsExpectation::podPercents(const QUrl &server)
{
    // Per pod: CPU request and limit in millicores, memory request and limit in bytes; -1 where
    // a container lacks one.
    QHash<QString, std::array<double, 4>> divisors;
    for (const QJsonValue &pod : serverItems(server, QStringLiteral("/api/v1/pods"))) {
        // A request unset is 0 (none set: -1); a limit unset anywhere makes the pod's -1.
        std::array<double, 4> sums = {-1, 0, -1, 0};
        const QJsonArray containers = pod["spec"]["containers"].toArray();
        for (const QJsonValue &container : containers) {
            const QJsonObject requests = container["resources"]["requests"].toObject();
            const QJsonObject limits = container["resources"]["limits"].toObject();
            const std::array<QJsonValue, 4> values = {requests["cpu"], limits["cpu"],
                                                      requests["memory"], limits["memory"]};
            for (size_t i = 0; i < values.size(); ++i) {
                const bool limit = i % 2 == 1;
                if (values[i].isString())
                    sums[i] = sums[i] < 0 && limit
                                  ? -1
                                  : qMax(0.0, sums[i]) + number(values[i].toString());
                else if (limit)
                    sums[i] = -1;
            }
        }
        if (containers.isEmpty())
            sums = {-1, -1, -1, -1};
        sums[0] = sums[0] < 0 ? -1 : std::ceil(sums[0] / 1e6);
        sums[1] = sums[1] < 0 ? -1 : std::ceil(sums[1] / 1e6);
        divisors.insert(pod["metadata"]["namespace"].toString() + u'/' +
                            pod["metadata"]["name"].toString(),
                        sums);
    }
    QHash<QString, QStringList> percents;
    const QHash<QString, QPair<double, double>> samples = podSamples(server);
    for (auto it = samples.cbegin(); it != samples.cend(); ++it) {
        const auto [nanocores, bytes] = it.value();
        const std::array<double, 4> of = divisors.value(it.key(), {-1, -1, -1, -1});
        const std::array<double, 4> used = {std::ceil(nanocores / 1e6), std::ceil(nanocores / 1e6),
                                            bytes, bytes};
        QStringList cells;
        for (size_t i = 0; i < of.size(); ++i)
            cells << (of[i] > 0 ? QString::number(qint64(used[i] / of[i] * 100)) + u'%'
                                : QStringLiteral("-"));
        percents.insert(it.key(), cells);
    }
    return percents;
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
