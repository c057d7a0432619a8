#include "tests/sim/SimProtocolTest.h"

#include <QTest>

void SimProtocolTest::startServer(const SimConfig &config)
{
    m_sim.stop();
    const QUrl url = m_sim.start(config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    m_client = std::make_unique<SimTestClient>(url);
}

void SimProtocolTest::startWithWorkloads()
{
    SimConfig config;
    config.namespaces = 2;
    config.pods = 8;
    config.deployments = 2;
    config.nodes = 3;
    config.moreWorkloads = true;
    startServer(config);
}

QJsonArray SimProtocolTest::list(const QString &path)
{
    return items(m_client->get(path).json());
}

void SimProtocolTest::init()
{
    SimConfig config;
    config.namespaces = 3;
    config.pods = 30;
    config.deployments = 3;
    config.nodes = 2;
    config.historyWindow = 1000;
    startServer(config);
}

void SimProtocolTest::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

QByteArray SimProtocolTest::listRv(const QString &path)
{
    return meta(m_client->get(path).json(), "resourceVersion").toUtf8();
}

QJsonArray SimProtocolTest::items(const QJsonObject &list)
{
    return list.value(QLatin1String("items")).toArray();
}

QString SimProtocolTest::meta(const QJsonObject &o, const char *field)
{
    return o.value(QLatin1String("metadata")).toObject().value(QLatin1String(field)).toString();
}

QSet<QString> SimProtocolTest::names(const QJsonObject &list)
{
    QSet<QString> out;
    for (const QJsonValue &v : items(list))
        out.insert(meta(v.toObject(), "namespace") + '/' + meta(v.toObject(), "name"));
    return out;
}
