#pragma once

#include "core/access/NamespaceAccess.h"
#include "core/access/NamespaceAccessResult.h"
#include "core/watch/WatchTarget.h"

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>

class ListPager;
class ObjectDecoder;
class RestCall;
class RestClient;

// Finds the namespaces where the user may list and watch one namespaced resource, for when a
// cluster-wide list of it is forbidden. Candidates are every namespace if namespaces may be
// listed, else the context's namespace plus those added by hand. Each candidate is then checked
// as kubectl auth can-i --list does, with one SelfSubjectRulesReview whose rules decide list and
// watch; per verb SelfSubjectAccessReviews are asked instead where the rules review is
// unavailable (403/404: then for the rest of this finder's life), unreadable, or incomplete
// without allowing a verb. At most maxInFlight reviews are in flight. Never blocks; emits
// finished() exactly once per start() (not after cancel()).
class NamespaceAccessFinder : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDefaultMaxInFlight = 6;

    // client: not owned, must outlive the finder.
    explicit NamespaceAccessFinder(RestClient *client, QObject *parent = nullptr);
    ~NamespaceAccessFinder() override;

    // Bounds the reviews in flight (at least 1).
    void setMaxInFlight(int maxInFlight);
    int maxInFlight() const { return m_maxInFlight; }
    bool isRunning() const { return m_running; }
    int reviewsInFlight() const { return int(m_inFlight.size()); }

    // target: the resource (group, resource, namespaced; its namespace is ignored).
    // Restarts if running.
    void start(const WatchTarget &target, const QString &contextNamespace,
               const QStringList &handAddedNamespaces);
    // Stops at once without emitting finished().
    void cancel();

signals:
    void finished(const NamespaceAccessResult &result);

private:
    struct Check
    {
        QString namespaceName;
        QString verb; // empty: the namespace's SelfSubjectRulesReview
    };
    struct Pending
    {
        NamespaceAccess access;
        int checksLeft = 0;
        QStringList allowedVerbs;
        QStringList deciders; // the review kinds that allowed them
        QStringList denials;  // "watch denied: reason"
        QStringList errors;
    };

    void onNamespacesListed(bool ok);
    void addCandidate(const QString &name, NamespaceAccess::Source source);
    void startChecks();
    void sendMoreChecks();
    void onCheckFinished(RestCall *call, const Check &check);
    void recordCheck(const Check &check, RestCall *call);
    void recordRulesReview(const QString &namespaceName, RestCall *call);
    // Queues per-verb SelfSubjectAccessReviews for a namespace.
    void queueAccessReviews(const QString &namespaceName, const QStringList &verbs);
    void finish();
    QByteArray reviewBody(const Check &check) const;
    static QByteArray rulesReviewBody(const QString &namespaceName);

    RestClient *m_client; // Not owned.
    int m_maxInFlight = kDefaultMaxInFlight;
    bool m_running = false;
    bool m_rulesReviewUnavailable = false;
    quint64 m_generation = 0; // bumped by cancel(): a queued finish of an old run is ignored
    WatchTarget m_target;
    QString m_contextNamespace;
    QStringList m_handAdded;
    std::unique_ptr<ObjectDecoder> m_decoder;
    std::unique_ptr<ListPager> m_pager;
    NamespaceAccessResult m_result;
    QHash<QString, Pending> m_pending;
    QList<Check> m_queue;
    // Owned (deleteLater: a call may be emitting); the client deletes it first if the client goes
    // first.
    QList<QPointer<RestCall>> m_inFlight;
};
