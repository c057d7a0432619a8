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
    m_buildingFailures.clear();
    m_failed = false;
    // Discovery documents are small: QJsonDocument is fine here.
    fetch(
        QStringLiteral("/api"),
        [this](const QByteArray &body) {
            const QJsonObject api = QJsonDocument::fromJson(body).object();
            const QStringList versions = toStringList(api.value(QLatin1String("versions")));
            for (const QString &version : versions) {
                const bool preferred = version == versions.first();
                fetch(
                    QStringLiteral("/api/") + version,
                    [this, version, preferred](const QByteArray &body) {
                        onGroupVersion(QString(), version, preferred, body);
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
                for (const QJsonValue &versionValue : versions) {
                    const QString version =
                        versionValue.toObject().value(QLatin1String("version")).toString();
                    const bool isPreferred = version == preferred;
                    fetch(
                        QStringLiteral("/apis/%1/%2").arg(name, version),
                        [this, name, version, isPreferred](const QByteArray &body) {
                            onGroupVersion(name, version, isPreferred, body);
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

void Discovery::onGroupVersion(const QString &group, const QString &version, bool preferred,
                               const QByteArray &body)
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
        type.preferredVersion = preferred;
        m_building.append(type);
    }
}

void Discovery::finishOne()
{
    if (!m_pending.isEmpty() || m_failed)
        return;
    // Preferred versions first, the core group before named groups, then by name: resolve()
    // takes the first match, as kubectl prefers core and preferred versions.
    std::stable_sort(m_building.begin(), m_building.end(),
                     [](const ResourceType &a, const ResourceType &b) {
                         if (a.preferredVersion != b.preferredVersion)
                             return a.preferredVersion;
                         if (a.group.isEmpty() != b.group.isEmpty())
                             return a.group.isEmpty();
                         return a.group < b.group;
                     });
    m_types = m_building;
    m_partialFailures = m_buildingFailures;
    m_ready = true;
    qCInfo(lcDiscovery) << "discovered" << m_types.size() << "resource types";
    emit ready(m_types, m_partialFailures);
}

std::optional<ResourceType> Discovery::resolve(const QString &input) const
{
    const QString name = input.trimmed().toLower();
    if (name.isEmpty())
        return std::nullopt;
    // "resource.group" or "resource.version.group"
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    const QString head = dot < 0 ? name : name.left(dot);
    const QString tail = dot < 0 ? QString() : name.mid(dot + 1);
    auto matchesName = [](const ResourceType &type, const QString &n) {
        return type.resource == n || type.singular == n || type.shortNames.contains(n) ||
               type.kind.toLower() == n;
    };
    auto matchesGroup = [&](const ResourceType &type) {
        if (tail.isEmpty())
            return true;
        return type.group == tail || type.version + QLatin1Char('.') + type.group == tail;
    };
    // Exact plural first, then singular, short names and kinds, as kubectl's RESTMapper does.
    for (const ResourceType &type : m_types) {
        if (type.resource == head && matchesGroup(type))
            return type;
    }
    for (const ResourceType &type : m_types) {
        if (matchesName(type, head) && matchesGroup(type))
            return type;
    }
    // A dotted name that is not resource.group may be a plural of a group with dots alone.
    if (dot >= 0) {
        for (const ResourceType &type : m_types) {
            if (type.qualifiedName() == name)
                return type;
        }
    }
    return std::nullopt;
}
