#include "ui/logs/LogsPanel.h"

#include "core/base/SystemClock.h"
#include "core/logs/PodLogStream.h"
#include "core/session/ClusterConnection.h"
#include "ui/logs/LogView.h"

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
        stopStream();
        m_view->clear();
        m_view->setStatus(
            tr("%1 %2 has no log of its own; select one of its pods.").arg(m_kind, m_object->key));
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
    connect(stream, &PodLogStream::linesArrived, m_view, &LogView::appendLines);
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
    stream->moveToThread(m_connection->networkThread());
    QMetaObject::invokeMethod(stream, &PodLogStream::start, Qt::QueuedConnection);
}

void LogsPanel::stopStream()
{
    if (!m_stream)
        return;
    PodLogStream *stream = m_stream;
    m_stream = nullptr;
    disconnect(stream, nullptr, this, nullptr);
    disconnect(stream, nullptr, m_view, nullptr);
    QMetaObject::invokeMethod(
        stream,
        [stream] {
            stream->stop();
            delete stream;
        },
        Qt::QueuedConnection);
}
