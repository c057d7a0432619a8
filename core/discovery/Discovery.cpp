#include "core/discovery/Discovery.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace {
QStringList toStringList(const QJsonValue &value)
{
    QStringList list;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &item : array)
        list << item.toString();
    return list;
}
} // namespace

Discovery::Discovery(RestClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
{}

Discovery::~Discovery()
{
    abandon();
}

void Discovery::abandon()
{
    for (QPointer<RestCall> &call : m_pending)
        RestCall::giveUp(call);
    m_pending.clear();
}

void Discovery::refresh()
{
    abandon();
    m_building.clear();
    m_coreVersions.clear();
    m_groupVersions.clear();
    m_buildingFailures.clear();
    m_failed = false;
    // Discovery documents are small: QJsonDocument is fine here.
    fetch(
        QStringLiteral("/api"),
        [this](const QByteArray &body) {
            const QJsonObject api = QJsonDocument::fromJson(body).object();
            const QStringList versions = toStringList(api.value(QLatin1String("versions")));
            m_coreVersions = versions;
            for (const QString &version : versions) {
                const bool preferred = version == versions.first();
                fetch(
                    QStringLiteral("/api/") + version,
                    [this, version](const QByteArray &body) {
                        onGroupVersion(QString(), version, body);
                    },
                    preferred);
            }
        },
        true);
    fetch(
        QStringLiteral("/apis"),
        [this](const QByteArray &body) {
            const QJsonArray groups =
                QJsonDocument::fromJson(body).object().value(QLatin1String("groups")).toArray();
            for (const QJsonValue &groupValue : groups) {
                const QJsonObject group = groupValue.toObject();
                const QString name = group.value(QLatin1String("name")).toString();
                const QString preferred = group.value(QLatin1String("preferredVersion"))
                                              .toObject()
                                              .value(QLatin1String("version"))
                                              .toString();
                const QJsonArray versions = group.value(QLatin1String("versions")).toArray();
                if (!preferred.isEmpty())
                    m_groupVersions << name + QLatin1Char('/') + preferred;
                for (const QJsonValue &versionValue : versions) {
                    const QString version =
                        versionValue.toObject().value(QLatin1String("version")).toString();
                    if (version != preferred)
                        m_groupVersions << name + QLatin1Char('/') + version;
                    fetch(
                        QStringLiteral("/apis/%1/%2").arg(name, version),
                        [this, name, version](const QByteArray &body) {
                            onGroupVersion(name, version, body);
                        },
                        false);
                }
            }
        },
        true);
}

void Discovery::fetch(const QString &path, std::function<void(const QByteArray &)> onBody,
                      bool essential)
{
    RestCall *call = m_client->get(path, QUrlQuery(), "application/json");
    m_pending.append(call);
    auto body = std::make_shared<QByteArray>();
    connect(call, &RestCall::dataAvailable, this, [call, body] { body->append(call->readAll()); });
    connect(call, &RestCall::finished, this, [this, call, body, path, essential, onBody] {
        m_pending.removeOne(call);
        call->deleteLater();
        if (!call->error().isNull()) {
            qCWarning(lcDiscovery)
                << "discovery of" << path << "failed:" << call->error().toString();
            if (essential && !m_failed) {
                m_failed = true;
                abandon();
                emit failed(call->error());
                return;
            }
            m_buildingFailures << path + QLatin1String(": ") + call->error().toString();
        } else {
            onBody(*body);
        }
        finishOne();
    });
}

void Discovery::onGroupVersion(const QString &group, const QString &version, const QByteArray &body)
{
    const QJsonArray resources =
        QJsonDocument::fromJson(body).object().value(QLatin1String("resources")).toArray();
    for (const QJsonValue &value : resources) {
        const QJsonObject resource = value.toObject();
        ResourceType type;
        type.resource = resource.value(QLatin1String("name")).toString();
        if (type.resource.contains(QLatin1Char('/')))
            continue; // subresources (pods/log, deployments/scale)
        type.group = group;
        type.version = version;
        type.singular = resource.value(QLatin1String("singularName")).toString();
        type.kind = resource.value(QLatin1String("kind")).toString();
        type.namespaced = resource.value(QLatin1String("namespaced")).toBool();
        type.verbs = toStringList(resource.value(QLatin1String("verbs")));
        type.shortNames = toStringList(resource.value(QLatin1String("shortNames")));
        m_building.append(type);
    }
}

void Discovery::finishOne()
{
    if (!m_pending.isEmpty() || m_failed)
        return;
    // kubectl's priority: /api's versions, then /apis' groups in the server's order, each
    // preferred version first. The server orders groups by priority, so "events" means core
    // v1's and "ingresses" on 1.20 extensions/v1beta1's.
    const QStringList order = m_coreVersions + m_groupVersions;
    std::stable_sort(m_building.begin(), m_building.end(),
                     [&order](const ResourceType &a, const ResourceType &b) {
                         return order.indexOf(a.groupVersion()) < order.indexOf(b.groupVersion());
                     });
    m_types = m_building;
    m_partialFailures = m_buildingFailures;
    m_ready = true;
    qCInfo(lcDiscovery) << "discovered" << m_types.size() << "resource types";
    emit ready(m_types, m_partialFailures);
}
