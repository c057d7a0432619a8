#include "ui/detail/logs/LogsPanel.h"

#include "core/base/SystemClock.h"
#include "core/logs/PodLogStream.h"
#include "core/logs/WorkloadLogStream.h"
#include "core/session/ClusterConnection.h"
#include "core/session/NetworkThreadObject.h"
#include "ui/detail/logs/LogView.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QVBoxLayout>

namespace {
// Streams outlive their panel by up to one turn of the network thread (deleted there), so
// their clock lives as long as the program.
SystemClock &logClock()
{
    static SystemClock clock;
    return clock;
}
} // namespace

LogsPanel::LogsPanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new LogView(this))
{
    setObjectName(QStringLiteral("logsPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    connect(m_view, &LogView::sourceChanged, this, [this] {
        m_streamingKey.clear();
        restart();
    });
}

LogsPanel::~LogsPanel()
{
    stopStream();
}

QStringList LogsPanel::containersOf(const QByteArray &podJson, QString *defaultContainer)
{
    const QJsonObject pod = QJsonDocument::fromJson(podJson).object();
    const QJsonObject spec = pod.value(QLatin1String("spec")).toObject();
    QStringList regular;
    QStringList all;
    for (const char *list : {"initContainers", "containers", "ephemeralContainers"}) {
        for (const QJsonValue &c : spec.value(QLatin1String(list)).toArray()) {
            const QString name = c.toObject().value(QLatin1String("name")).toString();
            all.append(name);
            if (qstrcmp(list, "containers") == 0)
                regular.append(name);
        }
    }
    const QString annotated = pod.value(QLatin1String("metadata"))
                                  .toObject()
                                  .value(QLatin1String("annotations"))
                                  .toObject()
                                  .value(QLatin1String("kubectl.kubernetes.io/default-container"))
                                  .toString();
    *defaultContainer = all.contains(annotated) ? annotated : regular.value(0, all.value(0));
    return all;
}

QString LogsPanel::selectorOf(const QByteArray &objectJson)
{
    const QJsonObject spec =
        QJsonDocument::fromJson(objectJson).object().value(QLatin1String("spec")).toObject();
    const QJsonObject selector = spec.value(QLatin1String("selector")).toObject();
    QStringList terms;
    const bool labelSelector = selector.contains(QLatin1String("matchLabels")) ||
                               selector.contains(QLatin1String("matchExpressions"));
    // A Service or ReplicationController selects with a plain map.
    const QJsonObject labels =
        labelSelector ? selector.value(QLatin1String("matchLabels")).toObject() : selector;
    for (auto it = labels.begin(); it != labels.end(); ++it)
        terms << it.key() + QLatin1Char('=') + it.value().toString();
    for (const QJsonValue &v : selector.value(QLatin1String("matchExpressions")).toArray()) {
        const QJsonObject e = v.toObject();
        const QString key = e.value(QLatin1String("key")).toString();
        const QString op = e.value(QLatin1String("operator")).toString();
        QStringList values;
        for (const QJsonValue &value : e.value(QLatin1String("values")).toArray())
            values << value.toString();
        if (op == QLatin1String("In") || op == QLatin1String("NotIn"))
            terms << QStringLiteral("%1 %2 (%3)").arg(key, op.toLower(), values.join(u','));
        else if (op == QLatin1String("Exists"))
            terms << key;
        else if (op == QLatin1String("DoesNotExist"))
            terms << QLatin1Char('!') + key;
    }
    return terms.join(u',');
}

void LogsPanel::setConnection(ClusterConnection *connection)
{
    stopStream();
    m_connection = connection;
    m_streamingKey.clear();
    m_view->clear();
}

void LogsPanel::showObject(const QString &kind, const StoredObjectPtr &object)
{
    const bool same = object && m_object && object->uid == m_object->uid;
    m_kind = kind;
    m_object = object;
    if (same)
        return;
    m_streamingKey.clear();
    if (object && kind == u"Pod") {
        QString selected;
        const QStringList containers = containersOf(object->raw, &selected);
        m_view->setContainers(containers, selected);
    } else {
        m_view->setContainers({}, {});
    }
    restart();
}

void LogsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    restart();
}

void LogsPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    stopStream();
    m_streamingKey.clear();
}

void LogsPanel::restart()
{
    if (!isVisible())
        return;
    if (!m_object || !m_connection) {
        stopStream();
        m_view->clear();
        m_view->setStatus(tr("Select a pod to see its log."));
        return;
    }
    if (m_kind != u"Pod") {
        const QString selector = selectorOf(m_object->raw);
        if (selector.isEmpty()) {
            stopStream();
            m_view->clear();
            m_view->setStatus(
                tr("%1 %2 has no pods of its own to show logs of.").arg(m_kind, m_object->key));
            return;
        }
        startWorkload(selector);
        return;
    }
    const QString key = m_object->uid.toString() + QLatin1Char('/') + m_view->container() +
                        (m_view->previous() ? QStringLiteral("/previous") : QString());
    if (key == m_streamingKey)
        return;
    stopStream();
    m_view->clear();
    m_streamingKey = key;
    PodLogOptions options;
    options.ns = m_object->namespaceName;
    options.pod = m_object->name().toString();
    options.container = m_view->container();
    options.previous = m_view->previous();
    options.follow = !options.previous;
    auto *stream = new PodLogStream(m_connection->client(), &logClock(), options);
    m_stream = stream;
    // Lines already queued by a stream just replaced must not reach the new view.
    connect(stream, &PodLogStream::linesArrived, m_view, [this, stream](const QList<LogLine> &l) {
        if (m_stream == stream)
            m_view->appendLines(l);
    });
    connect(stream, &PodLogStream::failed, m_view, &LogView::setStatus);
    connect(stream, &PodLogStream::reconnecting, m_view,
            [this](qint64 delayMs, const QString &why) {
                m_view->setStatus(tr("Stream dropped (%1); reconnecting in %2 s…")
                                      .arg(why)
                                      .arg(double(delayMs) / 1000.0, 0, 'f', 1));
            });
    connect(stream, &PodLogStream::ended, m_view, [this] {
        m_view->setStatus(m_view->previous() ? tr("Log of the previous instance.")
                                             : tr("The container ended; its log is complete."));
    });
    m_view->setStatus(tr("Following %1 %2…").arg(options.pod, options.container));
    // The stream lives with its RestClient on the network thread; its signals arrive queued.
    NetworkThreadObject::adopt(m_connection, stream);
    QMetaObject::invokeMethod(stream, &PodLogStream::start, Qt::QueuedConnection);
}

void LogsPanel::startWorkload(const QString &selector)
{
    const QString key = m_object->uid.toString() + QStringLiteral("/workload");
    if (key == m_streamingKey)
        return;
    stopStream();
    m_view->clear();
    m_streamingKey = key;
    WorkloadLogStream::Options options;
    options.ns = m_object->namespaceName;
    options.labelSelector = selector;
    auto *stream = new WorkloadLogStream(m_connection->client(), &logClock(), options);
    m_workload = stream;
    connect(stream, &WorkloadLogStream::linesArrived, m_view,
            [this, stream](const QList<LogLine> &l) {
                if (m_workload == stream)
                    m_view->appendLines(l);
            });
    const int maxPods = options.maxPods;
    const QString name = m_object->name().toString();
    connect(stream, &WorkloadLogStream::podsChanged, m_view,
            [this, maxPods, name](int matching, int followed) {
                QString text =
                    tr("Following %1 pods of %2 (all containers).").arg(followed).arg(name);
                if (matching > followed)
                    text += QLatin1Char(' ') + tr("%1 pods match;").arg(matching);
                if (followed >= maxPods && matching > followed)
                    text += QLatin1Char(' ') + tr("at most %1 are followed at once.").arg(maxPods);
                else if (matching > followed)
                    text += QLatin1Char(' ') + tr("the others have not started yet.");
                m_view->setStatus(text);
            });
    connect(stream, &WorkloadLogStream::podFailed, m_view,
            [this](const QString &pod, const QString &message) {
                LogLine line;
                line.source = pod;
                line.text = tr("— no log: %1").arg(message);
                m_view->appendLines({line});
            });
    connect(stream, &WorkloadLogStream::podEnded, m_view, [this](const QString &pod) {
        LogLine line;
        line.source = pod;
        line.text = tr("— pod went away; its log ends here");
        m_view->appendLines({line});
    });
    m_view->setStatus(tr("Finding the pods of %1 %2…").arg(m_kind, m_object->key));
    NetworkThreadObject::adopt(m_connection, stream);
    QMetaObject::invokeMethod(stream, &WorkloadLogStream::start, Qt::QueuedConnection);
}

void LogsPanel::stopStream()
{
    if (m_workload) {
        WorkloadLogStream *workload = m_workload;
        m_workload = nullptr;
        disconnect(workload, nullptr, this, nullptr);
        disconnect(workload, nullptr, m_view, nullptr);
        NetworkThreadObject::dispose(workload);
    }
    if (!m_stream)
        return;
    PodLogStream *stream = m_stream;
    m_stream = nullptr;
    disconnect(stream, nullptr, this, nullptr);
    disconnect(stream, nullptr, m_view, nullptr);
    NetworkThreadObject::dispose(stream);
}
