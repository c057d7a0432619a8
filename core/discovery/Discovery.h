#pragma once

#include "core/discovery/ResourceType.h"
#include "core/net/ApiError.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

class RestCall;
class RestClient;

// The server's resource types: /api, /api/v1, /apis and each group's versions (preferred first),
// fetched asynchronously. resolve() maps what a user types ("po", "deployments.apps",
// "deploy", "Widget", a custom resource plural) to a type, as kubectl does.
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
    // Every type, preferred versions first.
    const QList<ResourceType> &resourceTypes() const { return m_types; }
    // Group versions that failed while the rest succeeded ("metrics.k8s.io/v1beta1: 503 ...").
    const QStringList &partialFailures() const { return m_partialFailures; }
    std::optional<ResourceType> resolve(const QString &name) const;

signals:
    // Carries copies of resourceTypes() and partialFailures(), for a receiver on another thread.
    void ready(const QList<ResourceType> &types, const QStringList &partialFailures);
    void failed(const ApiError &error);

private:
    void fetch(const QString &path, std::function<void(const QByteArray &body)> onBody,
               bool essential);
    void onGroupVersion(const QString &group, const QString &version, bool preferred,
                        const QByteArray &body);
    void finishOne();
    void abandon();

    RestClient *m_client; // Not owned.
    QList<QPointer<RestCall>>
        m_pending; // Owned (deleteLater); the client deletes it first if the client goes first.
    QList<ResourceType> m_building;
    QList<ResourceType> m_types;
    QStringList m_partialFailures;
    QStringList m_buildingFailures;
    bool m_ready = false;
    bool m_failed = false;
};
