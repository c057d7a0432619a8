#include "tests/core/SimHarness.h"

#include <QJsonDocument>

SimHarness::SimHarness(const SimConfig &config, quint16 port)
{
    m_url = m_thread.start(config, port);
}

RestConfig SimHarness::restConfig() const
{
    RestConfig config;
    config.server = m_url;
    return config;
}

QByteArray SimHarness::control(const QByteArray &call, const Query &query)
{
    QByteArray body;
    const int status = m_thread.control(call, query, &body);
    if (status != 200)
        qWarning("sim control %s failed: %d %s", call.constData(), status, body.constData());
    return body;
}

QJsonArray SimHarness::requests()
{
    return QJsonDocument::fromJson(control("requests")).array();
}

QString SimHarness::summarise(const QJsonObject &request)
{
    const QJsonObject query = request.value(QLatin1String("query")).toObject();
    QString verb = QStringLiteral("LIST");
    if (query.value(QLatin1String("watch")).toString() == QLatin1String("true"))
        verb = query.contains(QLatin1String("sendInitialEvents")) ? QStringLiteral("STREAM")
                                                                  : QStringLiteral("WATCH");
    static const QStringList omitted = {"watch", "allowWatchBookmarks", "timeoutSeconds",
                                        "sendInitialEvents", "resourceVersionMatch"};
    QStringList keys = query.keys();
    keys.sort();
    QString text = verb;
    for (const QString &key : std::as_const(keys)) {
        if (!omitted.contains(key))
            text += QLatin1Char(' ') + key + QLatin1Char('=') + query.value(key).toString();
    }
    return text;
}

QStringList SimHarness::requestSummaries()
{
    QStringList summaries;
    const QJsonArray all = requests();
    for (const QJsonValue &request : all)
        summaries << summarise(request.toObject());
    return summaries;
}

QJsonObject SimHarness::state(const QByteArray &resource)
{
    return QJsonDocument::fromJson(control("state", {{"resource", resource}})).object();
}

QHash<QString, QString> SimHarness::versions(const QByteArray &resource)
{
    QHash<QString, QString> objects;
    const QJsonObject listed = state(resource).value(QLatin1String("objects")).toObject();
    for (auto it = listed.begin(); it != listed.end(); ++it)
        objects.insert(it.key(), it.value().toString());
    return objects;
}

QString SimHarness::objectOp(const QByteArray &op, const QByteArray &ns, const QByteArray &name,
                             const QByteArray &resource)
{
    const QJsonObject answer =
        QJsonDocument::fromJson(
            control("objects",
                    {{"resource", resource}, {"namespace", ns}, {"name", name}, {"op", op}}))
            .object();
    return answer.value(QLatin1String("resourceVersion")).toString();
}
