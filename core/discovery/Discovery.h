#pragma once

#include "core/discovery/ResourceType.h"
#include "core/net/ApiError.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class RestCall;
class RestClient;

// The server's resource types: /api, /api/v1, /apis and each group's versions, fetched
// asynchronously, in the priority order kubectl gives them (ResourceNameResolver).
class Discovery : public QObject
{
    Q_OBJECT

public:
    // client: not owned.
    explicit Discovery(RestClient *client, QObject *parent = nullptr);
    ~Discovery() override;

    // Fetches everything again; emits ready() or failed() once done. A refresh in flight is
    // abandoned for the new one.
    void refresh();
    bool isReady() const { return m_ready; }
    bool isRefreshing() const { return !m_pending.isEmpty(); }
    // Every type of every served version, in kubectl's priority order (client-go's
    // restmapper.NewDiscoveryRESTMapper): the core group, then each group in the order /apis
    // lists them, its preferred version before its others (in their listed order); each group
    // version's types as it lists them.
    const QList<ResourceType> &resourceTypes() const { return m_types; }
    // Group versions that failed while the rest succeeded ("metrics.k8s.io/v1beta1: 503 ...").
    const QStringList &partialFailures() const { return m_partialFailures; }

signals:
    // Carries copies of resourceTypes() and partialFailures(), for a receiver on another thread.
    void ready(const QList<ResourceType> &types, const QStringList &partialFailures);
    void failed(const ApiError &error);

private:
    void fetch(const QString &path, std::function<void(const QByteArray &body)> onBody,
               bool essential);
    void onGroupVersion(const QString &group, const QString &version, const QByteArray &body);
    void finishOne();
    void abandon();

    RestClient *m_client; // Not owned.
    QList<QPointer<RestCall>>
        m_pending; // Owned (deleteLater); the client deletes it first if the client goes first.
    QList<ResourceType> m_building;
    // Group versions in priority order, from /api and from /apis.
    QStringList m_coreVersions;
    QStringList m_groupVersions;
    QList<ResourceType> m_types;
    QStringList m_partialFailures;
    QStringList m_buildingFailures;
    bool m_ready = false;
    bool m_failed = false;
};
