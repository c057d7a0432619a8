#include "core/access/NamespaceAccessFinder.h"

#include "core/Logging.h"
#include "core/access/NamespaceAccessRules.h"
#include "core/access/NamespaceName.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"
#include "core/watch/ListPager.h"
#include "core/watch/ObjectDecoder.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace {
const QStringList kVerbs = {QStringLiteral("list"), QStringLiteral("watch")};
const QString kReviewPath =
    QStringLiteral("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews");
const QString kRulesReviewPath =
    QStringLiteral("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews");
const QString kAccessReview = QStringLiteral("SelfSubjectAccessReview");
const QString kRulesReview = QStringLiteral("SelfSubjectRulesReview");
constexpr qint64 kMaxNamespaceBytes = 1 << 20;
constexpr int kNamespacePageSize = 500;

WatchTarget namespacesTarget()
{
    WatchTarget target;
    target.version = QStringLiteral("v1");
    target.resource = QStringLiteral("namespaces");
    target.kind = QStringLiteral("Namespace");
    target.namespaced = false;
    return target;
}
} // namespace

NamespaceAccessFinder::NamespaceAccessFinder(RestClient *client, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_decoder(std::make_unique<ObjectDecoder>())
{}

NamespaceAccessFinder::~NamespaceAccessFinder()
{
    cancel();
}

void NamespaceAccessFinder::setMaxInFlight(int maxInFlight)
{
    m_maxInFlight = std::max(1, maxInFlight);
}

void NamespaceAccessFinder::cancel()
{
    m_running = false;
    ++m_generation;
    if (m_pager) {
        m_pager->abort();
        m_pager.release()->deleteLater();
    }
    for (QPointer<RestCall> &call : m_inFlight)
        RestCall::giveUp(call);
    m_inFlight.clear();
    m_queue.clear();
    m_pending.clear();
}

void NamespaceAccessFinder::start(const WatchTarget &target, const QString &contextNamespace,
                                  const QStringList &handAddedNamespaces)
{
    cancel();
    m_running = true;
    m_target = target;
    m_contextNamespace = contextNamespace;
    m_handAdded = handAddedNamespaces;
    m_result = NamespaceAccessResult();
    if (!target.namespaced || target.resource.isEmpty()) {
        m_result.error =
            QStringLiteral("%1 is not a namespaced resource: it cannot be read "
                           "namespace by namespace")
                .arg(target.resource.isEmpty() ? QStringLiteral("(no resource)") : target.resource);
        // Queued so finished() never reaches the caller from inside start().
        QMetaObject::invokeMethod(
            this,
            [this, generation = m_generation] {
                if (generation == m_generation)
                    finish();
            },
            Qt::QueuedConnection);
        return;
    }
    m_pager = std::make_unique<ListPager>(m_client, m_decoder.get(), namespacesTarget(),
                                          kMaxNamespaceBytes);
    connect(m_pager.get(), &ListPager::finished, this, &NamespaceAccessFinder::onNamespacesListed);
    m_pager->start(QString(), kNamespacePageSize);
}

void NamespaceAccessFinder::onNamespacesListed(bool ok)
{
    ListPager *pager = m_pager.release();
    pager->deleteLater(); // it is emitting
    if (ok) {
        m_result.namespacesListed = true;
        for (const StoredObjectPtr &object : pager->takeItems())
            addCandidate(object->name().toString(), NamespaceAccess::Source::Listed);
    } else {
        m_result.namespaceListError = pager->error().toString();
        qCInfo(lcAuth) << "cannot list namespaces, checking the context's and hand-added ones:"
                       << m_result.namespaceListError;
    }
    if (!m_contextNamespace.isEmpty())
        addCandidate(m_contextNamespace, NamespaceAccess::Source::Context);
    for (const QString &name : std::as_const(m_handAdded))
        addCandidate(name, NamespaceAccess::Source::HandAdded);
    startChecks();
}

void NamespaceAccessFinder::addCandidate(const QString &name, NamespaceAccess::Source source)
{
    if (m_pending.contains(name))
        return; // listed already, or given twice: the first source wins
    Pending pending;
    pending.access.namespaceName = name;
    pending.access.source = source;
    if (const QString error = namespaceNameError(name); !error.isEmpty()) {
        pending.errors << error;
        m_pending.insert(name, pending);
        return;
    }
    m_pending.insert(name, pending);
    if (m_rulesReviewUnavailable) {
        queueAccessReviews(name, kVerbs);
    } else {
        ++m_pending[name].checksLeft;
        m_queue.append({name, QString()});
    }
}

void NamespaceAccessFinder::queueAccessReviews(const QString &namespaceName,
                                               const QStringList &verbs)
{
    m_pending[namespaceName].checksLeft += int(verbs.size());
    for (const QString &verb : verbs)
        m_queue.append({namespaceName, verb});
}

void NamespaceAccessFinder::startChecks()
{
    if (m_queue.isEmpty()) {
        finish();
        return;
    }
    sendMoreChecks();
}

QByteArray NamespaceAccessFinder::reviewBody(const Check &check) const
{
    const QJsonObject attributes{{QStringLiteral("namespace"), check.namespaceName},
                                 {QStringLiteral("verb"), check.verb},
                                 {QStringLiteral("group"), m_target.group},
                                 {QStringLiteral("resource"), m_target.resource}};
    const QJsonObject review{
        {QStringLiteral("kind"), QStringLiteral("SelfSubjectAccessReview")},
        {QStringLiteral("apiVersion"), QStringLiteral("authorization.k8s.io/v1")},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("resourceAttributes"), attributes}}}};
    return QJsonDocument(review).toJson(QJsonDocument::Compact);
}

QByteArray NamespaceAccessFinder::rulesReviewBody(const QString &namespaceName)
{
    const QJsonObject review{
        {QStringLiteral("kind"), kRulesReview},
        {QStringLiteral("apiVersion"), QStringLiteral("authorization.k8s.io/v1")},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("namespace"), namespaceName}}}};
    return QJsonDocument(review).toJson(QJsonDocument::Compact);
}

void NamespaceAccessFinder::sendMoreChecks()
{
    while (!m_queue.isEmpty() && m_inFlight.size() < m_maxInFlight) {
        const Check check = m_queue.takeFirst();
        if (check.verb.isEmpty() && m_rulesReviewUnavailable) {
            // Queued before the server said it has no rules reviews.
            --m_pending[check.namespaceName].checksLeft;
            queueAccessReviews(check.namespaceName, kVerbs);
            continue;
        }
        RestCall *call =
            check.verb.isEmpty()
                ? m_client->post(kRulesReviewPath, rulesReviewBody(check.namespaceName),
                                 "application/json")
                : m_client->post(kReviewPath, reviewBody(check), "application/json");
        m_inFlight.append(call);
        connect(call, &RestCall::finished, this,
                [this, call, check] { onCheckFinished(call, check); });
    }
}

void NamespaceAccessFinder::onCheckFinished(RestCall *call, const Check &check)
{
    m_inFlight.removeOne(call);
    call->deleteLater(); // it is emitting
    recordCheck(check, call);
    if (m_inFlight.isEmpty() && m_queue.isEmpty())
        finish();
    else
        sendMoreChecks();
}

void NamespaceAccessFinder::recordRulesReview(const QString &namespaceName, RestCall *call)
{
    Pending &pending = m_pending[namespaceName];
    --pending.checksLeft;
    const ApiError &error = call->error();
    if (!error.isNull()) {
        if (error.httpStatus == 403 || error.httpStatus == 404) {
            if (!m_rulesReviewUnavailable)
                qCInfo(lcAuth) << "no SelfSubjectRulesReview (" << error.toString()
                               << "), checking each verb with SelfSubjectAccessReview";
            m_rulesReviewUnavailable = true;
            queueAccessReviews(namespaceName, kVerbs);
            return;
        }
        pending.errors << QStringLiteral("cannot check %1: %2")
                              .arg(kVerbs.join(QLatin1String(", ")), error.toString());
        return;
    }
    const auto rules = NamespaceAccessRules::fromReviewJson(call->readAll());
    if (!rules) {
        qCInfo(lcAuth) << "unreadable SelfSubjectRulesReview for" << namespaceName
                       << "- checking each verb with SelfSubjectAccessReview";
        queueAccessReviews(namespaceName, kVerbs);
        return;
    }
    QStringList undecided;
    for (const QString &verb : kVerbs) {
        if (rules->allows(m_target.group, m_target.resource, verb))
            pending.allowedVerbs << verb;
        else
            undecided << verb;
    }
    if (undecided.size() < kVerbs.size())
        pending.deciders << kRulesReview;
    if (undecided.isEmpty())
        return;
    if (rules->isIncomplete()) {
        // Some authorizer could not list its rules: only a per-verb review can tell.
        queueAccessReviews(namespaceName, undecided);
        return;
    }
    for (const QString &verb : std::as_const(undecided)) {
        pending.denials
            << QStringLiteral("%1 denied: no rule of the %2 allows it").arg(verb, kRulesReview);
    }
}

void NamespaceAccessFinder::recordCheck(const Check &check, RestCall *call)
{
    if (check.verb.isEmpty()) {
        recordRulesReview(check.namespaceName, call);
        return;
    }
    Pending &pending = m_pending[check.namespaceName];
    --pending.checksLeft;
    if (!call->error().isNull()) {
        pending.errors
            << QStringLiteral("cannot check %1: %2").arg(check.verb, call->error().toString());
        return;
    }
    QJsonParseError parseError;
    const QJsonObject answer = QJsonDocument::fromJson(call->readAll(), &parseError).object();
    const QJsonObject status = answer.value(QLatin1String("status")).toObject();
    const QJsonValue allowed = status.value(QLatin1String("allowed"));
    if (parseError.error != QJsonParseError::NoError || !allowed.isBool()) {
        pending.errors << QStringLiteral("cannot check %1: the server's answer is not a "
                                         "SelfSubjectAccessReview with a status")
                              .arg(check.verb);
        return;
    }
    if (allowed.toBool()) {
        pending.allowedVerbs << check.verb;
        if (!pending.deciders.contains(kAccessReview))
            pending.deciders << kAccessReview;
        return;
    }
    QString reason = status.value(QLatin1String("reason")).toString();
    if (reason.isEmpty())
        reason = status.value(QLatin1String("evaluationError")).toString();
    pending.denials << (reason.isEmpty() ? QStringLiteral("%1 denied").arg(check.verb)
                                         : QStringLiteral("%1 denied: %2").arg(check.verb, reason));
}

void NamespaceAccessFinder::finish()
{
    if (!m_running)
        return;
    m_running = false;
    for (Pending &pending : m_pending) {
        NamespaceAccess &access = pending.access;
        if (!pending.denials.isEmpty()) {
            access.verdict = NamespaceAccess::Verdict::Denied;
            access.reason = pending.denials.join(QLatin1String("; "));
        } else if (!pending.errors.isEmpty()) {
            access.verdict = NamespaceAccess::Verdict::Unknown;
            access.reason = pending.errors.join(QLatin1String("; "));
        } else {
            access.verdict = NamespaceAccess::Verdict::Allowed;
            // The reviews answer in any order; the reason must not depend on it.
            pending.allowedVerbs.sort();
            access.reason = QStringLiteral("%1 allowed (%2)")
                                .arg(pending.allowedVerbs.join(QLatin1String(", ")),
                                     pending.deciders.join(QLatin1String(", ")));
        }
        m_result.namespaces.append(access);
    }
    m_pending.clear();
    std::sort(m_result.namespaces.begin(), m_result.namespaces.end(),
              [](const NamespaceAccess &a, const NamespaceAccess &b) {
                  return a.namespaceName < b.namespaceName;
              });
    qCInfo(lcAuth) << "namespaces allowed for" << m_target.resource << ":"
                   << m_result.allowedNamespaces();
    emit finished(m_result);
}
