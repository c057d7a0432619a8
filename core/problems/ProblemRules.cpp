#include "core/problems/ProblemRules.h"

#include "core/problems/RestartLog.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>

#include <simdjson.h>

using namespace simdjson;

struct ProblemRules::Parser
{
    dom::parser parser;
    RestartLog restarts;
};

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ProblemRules", text);
}

std::string_view stringAt(dom::element element, std::string_view pointer)
{
    std::string_view value;
    return element.at_pointer(pointer).get(value) == SUCCESS ? value : std::string_view();
}

qint64 intAt(dom::element element, std::string_view pointer, qint64 fallback)
{
    int64_t value = 0;
    return element.at_pointer(pointer).get(value) == SUCCESS ? value : fallback;
}

qint64 timeMs(std::string_view rfc3339)
{
    if (rfc3339.empty())
        return 0;
    const QDateTime time = QDateTime::fromString(
        QString::fromUtf8(rfc3339.data(), qsizetype(rfc3339.size())), Qt::ISODate);
    return time.isValid() ? time.toMSecsSinceEpoch() : 0;
}

// The condition of that type, if the object has it.
std::optional<dom::element> condition(dom::element object, std::string_view type)
{
    dom::array conditions;
    if (object.at_pointer("/status/conditions").get(conditions) != SUCCESS)
        return std::nullopt;
    for (dom::element c : conditions) {
        if (stringAt(c, "/type") == type)
            return c;
    }
    return std::nullopt;
}

// "1 restart", "5 restarts" (tr's %n plurals need a loaded translation to say it right).
QString restartWords(qint64 count)
{
    return count == 1 ? tr("1 restart") : tr("%1 restarts").arg(count);
}

// "5 restarts in 10 min" when the restarts of the last hour are known, else the total.
QString restartWords(qint64 total, const RestartLog::Recent &recent, qint64 nowMs)
{
    if (!recent.known || recent.count == 0)
        return restartWords(total);
    const qint64 minutes = qMax<qint64>(1, (nowMs - recent.sinceMs + 59999) / 60000);
    return tr("%1 in %2 min").arg(restartWords(recent.count)).arg(minutes);
}

Problem make(Problem::Severity severity, const QString &text, qint64 sinceMs)
{
    return Problem{severity, text, sinceMs};
}

// restarts: where the pod's restarts are remembered under key, between evaluations.
std::optional<Problem> podProblem(dom::element pod, qint64 nowMs, RestartLog &restarts,
                                  const QString &key)
{
    const std::string_view phase = stringAt(pod, "/status/phase");
    const qint64 createdMs = timeMs(stringAt(pod, "/metadata/creationTimestamp"));
    const std::optional<dom::element> ready = condition(pod, "Ready");
    const qint64 readySinceMs = ready ? timeMs(stringAt(*ready, "/lastTransitionTime")) : 0;
    const qint64 startedMs = timeMs(stringAt(pod, "/status/startTime"));
    if (phase == "Succeeded")
        return std::nullopt;

    // Restartable init containers (sidecars) count as kubectl counts them: with the regular ones.
    QSet<QString> sidecars;
    dom::array initSpecs;
    if (pod.at_pointer("/spec/initContainers").get(initSpecs) == SUCCESS) {
        for (dom::element c : initSpecs) {
            if (stringAt(c, "/restartPolicy") == "Always")
                sidecars.insert(QString::fromUtf8(stringAt(c, "/name").data(),
                                                  qsizetype(stringAt(c, "/name").size())));
        }
    }
    int total = 0;
    int readyCount = 0;
    qint64 restartTotal = 0;
    std::optional<Problem> worst;
    const auto consider = [&](const Problem &problem) {
        if (!worst || problem.severity > worst->severity)
            worst = problem;
    };
    // The pod's restarts in the last hour: summed over its containers, known if known for each.
    RestartLog::Recent recent{0, nowMs, 0, true};
    for (const char *list : {"/status/initContainerStatuses", "/status/containerStatuses"}) {
        dom::array statuses;
        if (pod.at_pointer(list).get(statuses) != SUCCESS)
            continue;
        const bool init = std::string_view(list) == "/status/initContainerStatuses";
        for (dom::element s : statuses) {
            const std::string_view name = stringAt(s, "/name");
            const bool counted =
                !init || sidecars.contains(QString::fromUtf8(name.data(), qsizetype(name.size())));
            bool isReady = false;
            if (s.at_pointer("/ready").get(isReady) != SUCCESS)
                isReady = false;
            if (counted) {
                ++total;
                readyCount += isReady ? 1 : 0;
            }
            const qint64 count = intAt(s, "/restartCount", 0);
            restartTotal += count;
            const std::string_view waiting = stringAt(s, "/state/waiting/reason");
            // The last termination: of the previous run, or of this one when it has ended.
            std::string_view lastReason = stringAt(s, "/lastState/terminated/reason");
            if (lastReason.empty())
                lastReason = stringAt(s, "/state/terminated/reason");
            const qint64 finishedMs = timeMs(stringAt(s, "/lastState/terminated/finishedAt"));
            // Init and regular containers may share a name.
            const QString container = (init ? QStringLiteral("init/") : QString()) +
                                      QString::fromUtf8(name.data(), qsizetype(name.size()));
            const RestartLog::Recent own =
                restarts.observe(key, container, count, finishedMs, startedMs, nowMs);
            recent.known = recent.known && own.known;
            recent.count += own.count;
            recent.sinceMs = qMin(recent.sinceMs, own.sinceMs);
            recent.latestMs = qMax(recent.latestMs, own.latestMs);
            if (waiting == "CrashLoopBackOff") {
                QString text = tr("CrashLoopBackOff, %1").arg(restartWords(count, own, nowMs));
                if (lastReason == "OOMKilled")
                    text += tr(", OOMKilled");
                consider(make(Problem::Severity::Critical, text, readySinceMs));
            } else if (waiting == "ImagePullBackOff" || waiting == "ErrImagePull") {
                consider(make(Problem::Severity::Error,
                              QString::fromUtf8(waiting.data(), qsizetype(waiting.size())),
                              readySinceMs ? readySinceMs : createdMs));
            } else if (lastReason == "OOMKilled" || lastReason == "Error") {
                QString text = QString::fromUtf8(lastReason.data(), qsizetype(lastReason.size()));
                if (lastReason == "Error")
                    text += tr(" (exit code %1)")
                                .arg(intAt(s, "/lastState/terminated/exitCode",
                                           intAt(s, "/state/terminated/exitCode", 0)));
                consider(make(Problem::Severity::Error, text, finishedMs));
            }
        }
    }
    if (worst)
        return worst;
    if (phase == "Failed")
        return make(Problem::Severity::Error, tr("Failed"),
                    readySinceMs ? readySinceMs : createdMs);
    if (phase != "Running")
        return make(Problem::Severity::Warning,
                    phase.empty() ? tr("Unknown phase")
                                  : QString::fromUtf8(phase.data(), qsizetype(phase.size())),
                    createdMs);
    if (readyCount < total)
        return make(Problem::Severity::Warning, tr("%1/%2 ready").arg(readyCount).arg(total),
                    readySinceMs);
    // latestMs is within the last hour when set (the log keeps no older times).
    if (recent.latestMs > 0 || (recent.known && recent.count > 0))
        return make(Problem::Severity::Warning, restartWords(restartTotal, recent, nowMs),
                    recent.latestMs > 0 ? recent.latestMs : recent.sinceMs);
    return std::nullopt;
}

std::optional<Problem> workloadProblem(dom::element object, bool daemonSet)
{
    const qint64 desired = daemonSet ? intAt(object, "/status/desiredNumberScheduled", 0)
                                     : intAt(object, "/spec/replicas", 1);
    const qint64 available = daemonSet ? intAt(object, "/status/numberAvailable", 0)
                                       : intAt(object, "/status/availableReplicas", 0);
    const qint64 updated = daemonSet ? intAt(object, "/status/updatedNumberScheduled", desired)
                                     : intAt(object, "/status/updatedReplicas", desired);
    const std::optional<dom::element> availableCondition = condition(object, "Available");
    const qint64 sinceMs =
        availableCondition ? timeMs(stringAt(*availableCondition, "/lastTransitionTime")) : 0;
    if (available < desired)
        return make(available == 0 ? Problem::Severity::Error : Problem::Severity::Warning,
                    tr("%1/%2 available").arg(available).arg(desired), sinceMs);
    if (updated < desired)
        return make(Problem::Severity::Warning, tr("%1/%2 updated").arg(updated).arg(desired),
                    sinceMs);
    return std::nullopt;
}

std::optional<Problem> nodeProblem(dom::element node, qint64 nowMs)
{
    const std::optional<dom::element> ready = condition(node, "Ready");
    if (ready && stringAt(*ready, "/status") != "True") {
        const qint64 sinceMs = timeMs(stringAt(*ready, "/lastTransitionTime"));
        return make(Problem::Severity::Critical,
                    sinceMs
                        ? tr("NotReady for %1").arg(ProblemRules::shortDuration(nowMs - sinceMs))
                        : tr("NotReady"),
                    sinceMs);
    }
    for (const char *pressure : {"MemoryPressure", "DiskPressure", "PIDPressure"}) {
        const std::optional<dom::element> c = condition(node, pressure);
        if (c && stringAt(*c, "/status") == "True")
            return make(Problem::Severity::Warning, QString::fromLatin1(pressure),
                        timeMs(stringAt(*c, "/lastTransitionTime")));
    }
    return std::nullopt;
}

std::optional<Problem> jobProblem(dom::element job)
{
    const std::optional<dom::element> failed = condition(job, "Failed");
    if (!failed || stringAt(*failed, "/status") != "True")
        return std::nullopt;
    const std::string_view reason = stringAt(*failed, "/reason");
    return make(
        Problem::Severity::Error,
        reason.empty()
            ? tr("Failed")
            : tr("Failed: %1").arg(QString::fromUtf8(reason.data(), qsizetype(reason.size()))),
        timeMs(stringAt(*failed, "/lastTransitionTime")));
}

} // namespace

ProblemRules::ProblemRules()
    : m_parser(std::make_unique<Parser>())
{}

ProblemRules::~ProblemRules() = default;

std::optional<Problem> ProblemRules::evaluate(QStringView kind, const QByteArray &json,
                                              qint64 nowMs, const QString &trackingKey)
{
    dom::element root;
    if (m_parser->parser.parse(json.constData(), size_t(json.size())).get(root) != SUCCESS)
        return std::nullopt;
    if (kind == u"Pod") {
        if (trackingKey.isEmpty()) {
            RestartLog firstSight; // nothing seen before, nothing kept
            return podProblem(root, nowMs, firstSight, trackingKey);
        }
        return podProblem(root, nowMs, m_parser->restarts, trackingKey);
    }
    if (kind == u"Deployment" || kind == u"StatefulSet" || kind == u"ReplicaSet")
        return workloadProblem(root, false);
    if (kind == u"DaemonSet")
        return workloadProblem(root, true);
    if (kind == u"Node")
        return nodeProblem(root, nowMs);
    if (kind == u"Job")
        return jobProblem(root);
    return std::nullopt;
}

std::optional<ProblemRules::Warning> ProblemRules::warningOf(const QByteArray &eventJson)
{
    dom::element event;
    if (m_parser->parser.parse(eventJson.constData(), size_t(eventJson.size())).get(event) !=
            SUCCESS ||
        stringAt(event, "/type") != "Warning")
        return std::nullopt;
    const auto text = [](std::string_view view) {
        return QString::fromUtf8(view.data(), qsizetype(view.size()));
    };
    const QString ns = text(stringAt(event, "/involvedObject/namespace"));
    const QString name = text(stringAt(event, "/involvedObject/name"));
    Warning warning;
    warning.objectKey = text(stringAt(event, "/involvedObject/kind")) + u' ' +
                        (ns.isEmpty() ? name : ns + u'/' + name);
    warning.message = text(stringAt(event, "/message"));
    warning.timeMs = timeMs(stringAt(event, "/lastTimestamp"));
    if (warning.timeMs == 0)
        warning.timeMs = timeMs(stringAt(event, "/eventTime"));
    return warning;
}

void ProblemRules::forget(const QString &trackingKey)
{
    m_parser->restarts.forget(trackingKey);
}

QString ProblemRules::shortDuration(qint64 ms)
{
    const qint64 s = qMax<qint64>(0, ms / 1000);
    if (s < 120)
        return QStringLiteral("%1s").arg(s);
    if (s < 2 * 3600)
        return QStringLiteral("%1m").arg(s / 60);
    if (s < 2 * 86400)
        return QStringLiteral("%1h").arg(s / 3600);
    return QStringLiteral("%1d").arg(s / 86400);
}
