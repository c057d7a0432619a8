#pragma once

#include "core/base/Clock.h"
#include "core/metrics/PodResources.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class ObjectStore;
class Reflector;
class RestClient;

// The pods' requests and limits behind the usage columns' "% of request" and "% of limit": the
// table's rows carry only metadata, so the pods are watched once more, whole, by a reflector whose
// decoder keeps of each pod only its four sums (PodResources::projectPod) and whose store keeps
// only those and the pod's key (PodResourcesStore). All namespaces in one watch, or one watch per
// namespace of a set (which a user without cluster-wide rights may still read). A watch the server
// refuses (403) is stopped, not retried: its pods show a dash. Only GETs. Lives on its RestClient's
// thread.
class PodResourcesWatch
{
public:
    // client, clock: not owned; they outlive the watch. settled: called each time a watch has
    // listed its pods (at first, and after a relist) or been refused.
    PodResourcesWatch(RestClient *client, Clock *clock, std::function<void()> settled);
    ~PodResourcesWatch();
    PodResourcesWatch(const PodResourcesWatch &) = delete;
    PodResourcesWatch &operator=(const PodResourcesWatch &) = delete;

    // Watches the pods of namespaces (empty: all) that match labelSelector; watches that already
    // follow a wanted namespace with the same selector go on undisturbed.
    void watch(const QStringList &namespaces, const QString &labelSelector);

    // Of the pod "namespace/name": all unset when it is not (yet) known or sets nothing.
    PodResources resourcesOf(const QString &key) const;
    // Why resourcesOf() may lack pods that set requests or limits: a watch refused, or one
    // still listing; empty when every watch holds its pods.
    QString unknownReason() const;

private:
    struct Scope;

    std::shared_ptr<Scope> startScope(const QString &namespaceName);

    RestClient *m_client; // Not owned.
    Clock *m_clock;       // Not owned.
    std::function<void()> m_settled;
    QString m_labelSelector;
    QHash<QString, std::shared_ptr<Scope>> m_scopes; // by namespace; "" is all of them
};
