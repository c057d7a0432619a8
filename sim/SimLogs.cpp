#include "sim/SimLogs.h"

#include "sim/SimHttpRequest.h"
#include "sim/SimJson.h"
#include "sim/SimLogStream.h"
#include "sim/SimStore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace {

constexpr qint64 kNsPerSecond = 1000000000;
// History before the server started: a minute, at most this many lines.
constexpr qint64 kBacklogLines = 1000;
constexpr int kPreviousLines = 20;

bool parseBool(const QByteArray &v)
{
    return v == "1" || v == "t" || v == "T" || v == "true" || v == "TRUE" || v == "True";
}

SimLogs::Failure badRequest(const QByteArray &message)
{
    return {400, SimJson::status(400, "BadRequest", message)};
}

QByteArray goList(const QStringList &names)
{
    return '[' + names.join(QLatin1Char(' ')).toUtf8() + ']';
}

struct ContainerState
{
    QString waitingReason; // non-empty: not started yet
    bool terminated = false;
    int restarts = 0;
};

ContainerState stateOf(const QJsonObject &pod, const QString &container)
{
    ContainerState out;
    const QJsonObject status = pod.value(QLatin1String("status")).toObject();
    for (const char *list :
         {"initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"}) {
        for (const QJsonValue &v : status.value(QLatin1String(list)).toArray()) {
            const QJsonObject s = v.toObject();
            if (s.value(QLatin1String("name")).toString() != container)
                continue;
            const QJsonObject state = s.value(QLatin1String("state")).toObject();
            out.waitingReason = state.value(QLatin1String("waiting"))
                                    .toObject()
                                    .value(QLatin1String("reason"))
                                    .toString();
            out.terminated = state.contains(QLatin1String("terminated"));
            out.restarts = s.value(QLatin1String("restartCount")).toInt();
            return out;
        }
    }
    out.waitingReason = QStringLiteral("ContainerCreating"); // no status yet
    return out;
}

} // namespace

SimLogs::SimLogs(const SimStore *store, double linesPerSecond, QObject *parent)
    : QObject(parent)
    , m_store(store)
{
    const double rate = qMax(0.0, linesPerSecond);
    m_startedNs = nowNs();
    const qint64 backlogNs =
        rate > 0 ? qMin<qint64>(60 * kNsPerSecond, qint64(kBacklogLines / rate * kNsPerSecond)) : 0;
    m_segments.push_back({m_startedNs - backlogNs, 0, rate});
}

SimLogs::~SimLogs() = default;

bool SimLogs::parsePath(const QByteArray &path, QByteArray *ns, QByteArray *name)
{
    const QList<QByteArray> s = path.split('/');
    // "", api, v1, namespaces, NS, pods, NAME, log
    if (s.size() != 8 || s[1] != "api" || s[2] != "v1" || s[3] != "namespaces" || s[5] != "pods" ||
        s[7] != "log" || s[4].isEmpty() || s[6].isEmpty())
        return false;
    *ns = s[4];
    *name = s[6];
    return true;
}

qint64 SimLogs::nowNs()
{
    return QDateTime::currentMSecsSinceEpoch() * 1000000;
}

qint64 SimLogs::linesUntil(qint64 ns) const
{
    auto it = m_segments.end();
    while (it != m_segments.begin() && (it - 1)->startNs > ns)
        --it;
    if (it == m_segments.begin())
        return 0;
    const Segment &s = *(it - 1);
    if (s.rate <= 0)
        return s.firstIndex;
    return s.firstIndex + qint64(std::floor(double(ns - s.startNs) * s.rate / kNsPerSecond)) + 1;
}

qint64 SimLogs::lineNs(qint64 index) const
{
    auto it = m_segments.end();
    while (it != m_segments.begin() + 1 && (it - 1)->firstIndex > index)
        --it;
    const Segment &s = *(it - 1);
    // Rounded up, so that linesUntil(lineNs(i)) counts line i itself.
    return s.startNs + qint64(std::ceil(double(index - s.firstIndex) * kNsPerSecond / s.rate));
}

QByteArray SimLogs::lineText(const QByteArray &pod, const QByteArray &container, qint64 index)
{
    static const char *const kMessages[] = {
        "handled GET /api/items in 3ms",      "cache refreshed: 128 entries",
        "handled POST /api/orders in 12ms",   "health check ok",
        "slow query: 250ms on orders",        "connection pool: 8/32 in use",
        "retrying upstream call (attempt 2)", "handled GET /healthz in 0ms"};
    const quint64 h = qHash(pod) ^ (qHash(container) * 31) ^ quint64(index) * 0x9E3779B97F4A7C15ULL;
    const int pick = int((h >> 17) % 8);
    const char *level = pick == 4 || pick == 6 ? "warn" : "info";
    return "level=" + QByteArray(level) + " pod=" + pod + " container=" + container +
           " seq=" + QByteArray::number(index) + " msg=\"" + kMessages[pick] + '"';
}

QByteArray SimLogs::rfc3339Nano(qint64 ns)
{
    const qint64 seconds = ns >= 0 ? ns / kNsPerSecond : (ns - kNsPerSecond + 1) / kNsPerSecond;
    const qint64 fraction = ns - seconds * kNsPerSecond;
    QByteArray out = QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC)
                         .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"))
                         .toLatin1();
    if (fraction > 0) {
        QByteArray digits = QByteArray::number(fraction).rightJustified(9, '0');
        while (digits.endsWith('0'))
            digits.chop(1);
        out += '.' + digits;
    }
    return out + 'Z';
}

bool SimLogs::parseRfc3339(const QByteArray &text, qint64 *ns)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$)"));
    const auto m = re.match(QString::fromLatin1(text));
    if (!m.hasMatch())
        return false;
    QDateTime t = QDateTime::fromString(m.captured(1), QStringLiteral("yyyy-MM-ddTHH:mm:ss"));
    if (!t.isValid())
        return false;
    const QString zone = m.captured(3);
    int offsetSeconds = 0;
    if (zone != QLatin1String("Z"))
        offsetSeconds = (zone.mid(1, 2).toInt() * 3600 + zone.mid(4, 2).toInt() * 60) *
                        (zone.startsWith(QLatin1Char('-')) ? -1 : 1);
    t.setTimeSpec(Qt::UTC);
    *ns = (t.toSecsSinceEpoch() - offsetSeconds) * kNsPerSecond +
          m.captured(2).leftJustified(9, QLatin1Char('0')).toLongLong();
    return true;
}

bool SimLogs::podAlive(const QByteArray &key, const QByteArray &uid) const
{
    const SimObjectPtr pod = m_store->find(SimResourceType::Pods, key);
    return pod && pod->uid == uid && !pod->deleting;
}

bool SimLogs::setLinesPerSecond(double rate)
{
    if (!(rate >= 0) || rate > 1e6)
        return false;
    const qint64 now = nowNs();
    const qint64 index = linesUntil(now);
    while (m_segments.size() > 1 && m_segments.back().startNs >= now)
        m_segments.pop_back();
    // The new rate starts just after the last line written so far.
    m_segments.push_back({now + 1, index, rate});
    return true;
}

int SimLogs::dropStreams()
{
    int dropped = 0;
    const auto streams = m_streams;
    for (const QPointer<SimLogStream> &s : streams) {
        if (s) {
            s->drop();
            ++dropped;
        }
    }
    m_streams.clear();
    return dropped;
}

std::optional<SimLogs::Failure> SimLogs::serve(SimHttpConnection *connection,
                                               const SimHttpRequest &request,
                                               const QByteArray &name, const SimObjectPtr &pod)
{
    if (!pod)
        return Failure{404,
                       SimJson::status(404, "NotFound", "pods \"" + name + "\" not found",
                                       R"("name":)" + SimJson::quoted(name) + R"(,"kind":"pods")")};
    const auto number = [&](QByteArrayView key, qint64 *out) {
        if (!request.hasQuery(key))
            return true;
        bool ok = false;
        *out = request.queryValue(key).toLongLong(&ok);
        return ok;
    };
    qint64 tailLines = -1, sinceSeconds = 0, limitBytes = -1;
    if (!number("tailLines", &tailLines) || !number("sinceSeconds", &sinceSeconds) ||
        !number("limitBytes", &limitBytes))
        return badRequest("invalid log options: tailLines, sinceSeconds and limitBytes must "
                          "be integers");
    const bool hasSinceTime = request.hasQuery("sinceTime");
    qint64 sinceNs = 0;
    if (hasSinceTime && !parseRfc3339(request.queryValue("sinceTime"), &sinceNs))
        return badRequest("invalid sinceTime: " + request.queryValue("sinceTime"));
    const auto invalid = [&](const QByteArray &detail) {
        return Failure{422,
                       SimJson::status(422, "Invalid",
                                       "PodLogOptions \"" + name + "\" is invalid: " + detail)};
    };
    if (hasSinceTime && request.hasQuery("sinceSeconds"))
        return invalid("[]: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be "
                       "specified");
    if (request.hasQuery("sinceSeconds") && sinceSeconds < 1)
        return invalid("sinceSeconds: Invalid value: " + QByteArray::number(sinceSeconds) +
                       ": must be greater than 0");
    if (request.hasQuery("tailLines") && tailLines < 0)
        return invalid("tailLines: Invalid value: " + QByteArray::number(tailLines) +
                       ": must be greater than or equal to 0");
    if (request.hasQuery("limitBytes") && limitBytes < 1)
        return invalid("limitBytes: Invalid value: " + QByteArray::number(limitBytes) +
                       ": must be greater than 0");

    const QJsonObject json = QJsonDocument::fromJson(pod->json).object();
    const QJsonObject spec = json.value(QLatin1String("spec")).toObject();
    const auto names = [&](const char *list) {
        QStringList out;
        for (const QJsonValue &c : spec.value(QLatin1String(list)).toArray())
            out.append(c.toObject().value(QLatin1String("name")).toString());
        return out;
    };
    const QStringList containers = names("containers");
    const QStringList inits = names("initContainers");
    const QStringList ephemerals = names("ephemeralContainers");
    QString container = QString::fromUtf8(request.queryValue("container"));
    if (container.isEmpty()) {
        if (containers.size() != 1 || !inits.isEmpty() || !ephemerals.isEmpty()) {
            QByteArray message = "a container name must be specified for pod " + name +
                                 ", choose one of: " + goList(containers);
            if (!inits.isEmpty())
                message += " or one of the init containers: " + goList(inits);
            if (!ephemerals.isEmpty())
                message += " or one of the ephemeral containers: " + goList(ephemerals);
            return badRequest(message);
        }
        container = containers.first();
    } else if (!containers.contains(container) && !inits.contains(container) &&
               !ephemerals.contains(container)) {
        return badRequest("container " + container.toUtf8() + " is not valid for pod " + name);
    }
    const ContainerState state = stateOf(json, container);
    const QByteArray quotedContainer = '"' + container.toUtf8() + '"';
    const bool previous = parseBool(request.queryValue("previous"));
    if (previous && state.restarts == 0)
        return badRequest("previous terminated container " + quotedContainer + " in pod \"" + name +
                          "\" not found");
    if (!previous && !state.waitingReason.isEmpty())
        return badRequest("container " + quotedContainer + " in pod \"" + name +
                          "\" is waiting to start: " + state.waitingReason.toUtf8());

    SimLogStream::Options o;
    o.podKey = pod->key();
    o.podUid = pod->uid;
    o.pod = pod->name;
    o.container = container.toUtf8();
    o.timestamps = parseBool(request.queryValue("timestamps"));
    o.limitBytes = limitBytes;
    const qint64 now = nowNs();
    const qint64 startedNs = (pod->createdMs + 2000) * 1000000;
    const qint64 since = hasSinceTime                       ? sinceNs
                         : request.hasQuery("sinceSeconds") ? now - sinceSeconds * kNsPerSecond
                                                            : qint64(0);
    if (previous) {
        // The last instance: a few lines a second apart, ending just before this one started.
        o.fixed = true;
        for (int k = 0; k < kPreviousLines; ++k) {
            const qint64 ns = startedNs - (kPreviousLines - k) * kNsPerSecond;
            const QByteArray text = k + 1 == kPreviousLines
                                        ? "level=error pod=" + pod->name +
                                              " container=" + o.container +
                                              " msg=\"fatal: simulated crash, exiting with code 1\""
                                        : lineText(pod->name + "-previous", o.container, k);
            if (ns >= since)
                o.fixedLines.emplace_back(ns, text);
        }
        if (tailLines >= 0 && qint64(o.fixedLines.size()) > tailLines)
            o.fixedLines.erase(o.fixedLines.begin(), o.fixedLines.end() - tailLines);
    } else {
        o.firstIndex = qMax(firstLineAtOrAfter(startedNs), firstLineAtOrAfter(since));
        const qint64 available = linesUntil(now);
        // A terminated container wrote nothing after the server started.
        o.endIndex = state.terminated ? qMax(o.firstIndex, linesUntil(m_startedNs))
                     : parseBool(request.queryValue("follow")) ? -1
                                                               : qMax(o.firstIndex, available);
        if (tailLines >= 0) {
            const qint64 last = o.endIndex >= 0 ? o.endIndex : qMax(o.firstIndex, available);
            o.firstIndex = qMax(o.firstIndex, last - tailLines);
        }
    }
    auto *stream = new SimLogStream(connection, this, std::move(o));
    m_streams.removeAll(nullptr);
    m_streams.append(stream);
    stream->start();
    return std::nullopt;
}
