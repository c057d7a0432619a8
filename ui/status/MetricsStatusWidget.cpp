#include "ui/status/MetricsStatusWidget.h"

#include "core/session/MetricsSession.h"
#include "ui/table/CellValues.h"

#include <QDateTime>
#include <QFormLayout>
#include <QLabel>

MetricsStatusWidget::MetricsStatusWidget(MetricsSession *metrics, QWidget *parent)
    : QWidget(parent)
    , m_metrics(metrics)
    , m_state(new QLabel(this))
    , m_sample(new QLabel(this))
    , m_interval(new QLabel(this))
    , m_objects(new QLabel(this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("metricsStatus"));
    setAccessibleName(tr("Usage polling status"));
    m_state->setObjectName(QStringLiteral("metricsState"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *form = new QFormLayout(this);
    const auto row = [form](const QString &title, QLabel *value) {
        value->setAccessibleName(QString(title).remove(u':'));
        form->addRow(title, value);
    };
    row(tr("Usage:"), m_state);
    row(tr("Newest sample:"), m_sample);
    row(tr("Polled every:"), m_interval);
    row(tr("Objects sampled:"), m_objects);
    row(tr("Server said:"), m_message);
    connect(m_metrics, &MetricsSession::stateChanged, this, &MetricsStatusWidget::refresh);
    connect(m_metrics, &MetricsSession::snapshotChanged, this, &MetricsStatusWidget::refresh);
    connect(m_metrics, &QObject::destroyed, this, &QObject::deleteLater);
    m_ageTimer.setInterval(1000);
    connect(&m_ageTimer, &QTimer::timeout, this, &MetricsStatusWidget::refresh);
    m_ageTimer.start();
    refresh();
}

QString MetricsStatusWidget::stateText() const
{
    return m_state->text();
}

QString MetricsStatusWidget::sampleText() const
{
    return m_sample->text();
}

void MetricsStatusWidget::refresh()
{
    const MetricsState &state = m_metrics->state();
    if (!m_metrics->isPolling() && state.kind != MetricsState::NoApi) {
        m_state->setText(tr("not polled: the table shows no pods or nodes, or the cluster "
                            "serves no metrics API"));
    } else {
        switch (state.kind) {
        case MetricsState::Waiting:
            m_state->setText(tr("waiting for the first answer"));
            break;
        case MetricsState::Ok:
            m_state->setText(tr("sampling"));
            break;
        case MetricsState::NoApi:
        case MetricsState::NotReady:
        case MetricsState::Forbidden:
            m_state->setText(state.message);
            break;
        case MetricsState::Error:
            m_state->setText(
                tr("%1; retried in %2 s").arg(state.message).arg(state.retryInMs / 1000));
            break;
        }
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    m_sample->setText(
        state.sampleTimeMs > 0
            ? tr("%1 ago (%2)")
                  .arg(CellValues::formatAge(now - state.sampleTimeMs),
                       QDateTime::fromMSecsSinceEpoch(state.sampleTimeMs).toString(Qt::ISODate))
            : QStringLiteral("—"));
    m_interval->setText(state.intervalMs > 0
                            ? tr("%1 s (the server's window)").arg(state.intervalMs / 1000)
                            : QStringLiteral("—"));
    const MetricsSnapshotPtr snapshot = m_metrics->snapshot();
    m_objects->setText(
        snapshot ? tr("%1 pods, %2 nodes").arg(snapshot->pods.size()).arg(snapshot->nodes.size())
                 : QStringLiteral("—"));
    m_message->setText(state.serverMessage.isEmpty() ? QStringLiteral("—") : state.serverMessage);
}
