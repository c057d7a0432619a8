#include "ui/status/ReflectorStatusWidget.h"

#include "core/session/WatchSession.h"
#include "ui/common/PhaseColour.h"
#include "ui/status/EventRateChart.h"
#include "ui/status/NamespaceMembersWidget.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

qint64 eventTotal(const ReflectorStats &s)
{
    return s.added + s.modified + s.deleted + s.bookmarks;
}

} // namespace

ReflectorStatusWidget::ReflectorStatusWidget(WatchSession *session, bool withChart, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
{
    setObjectName(QStringLiteral("reflectorStatus"));
    setAccessibleName(tr("Status of %1").arg(session->label()));
    auto *outer = new QHBoxLayout(this);
    outer->setContentsMargins(6, 4, 6, 4);
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(3);
    auto *column = new QVBoxLayout;
    column->addLayout(grid);
    m_namespaceMembers = new NamespaceMembersWidget(session, this);
    column->addWidget(m_namespaceMembers, 1);
    outer->addLayout(column, 0);

    m_phase = addField(grid, 0, 0, tr("Phase"), QStringLiteral("phaseLabel"),
                       tr("Where the reflector is: listing, watching, listed (a kind the server "
                          "does not allow watching, listed on a period), backing-off, stopped"));
    m_phase->setAutoFillBackground(true);
    m_phase->setMargin(2);
    m_phase->setAlignment(Qt::AlignCenter);
    m_phase->setMinimumWidth(100);
    m_resourceVersion =
        addField(grid, 1, 0, tr("Resource version"), QStringLiteral("resourceVersionLabel"),
                 tr("The resourceVersion the local copy is current with"));
    m_objects = addField(grid, 2, 0, tr("Objects"), QStringLiteral("objectCountLabel"),
                         tr("Objects in the local copy"));
    m_lastEvent = addField(grid, 3, 0, tr("Last event"), QStringLiteral("lastEventLabel"),
                           tr("Time since the last watch event or bookmark"));
    m_counters =
        addField(grid, 0, 2, tr("Relists / restarts / resyncs"), QStringLiteral("countersLabel"),
                 tr("Lists after the first, watches after the first, store resyncs"));
    m_backoff = addField(grid, 1, 2, tr("Next retry"), QStringLiteral("backoffLabel"),
                         tr("Countdown to the next attempt while backing off, or to the next "
                            "list of a kind the server does not allow watching"));
    m_error = addField(grid, 2, 2, tr("Last error"), QStringLiteral("errorLabel"),
                       tr("The last error with HTTP status and reason"));
    m_error->setWordWrap(true);
    m_error->setMinimumWidth(260);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stalls = addField(grid, 4, 0, tr("Stalls"), QStringLiteral("stallsLabel"),
                        tr("Silent watches restarted because the server did not answer a "
                           "check of their connection (a quiet watch alone is never one)"));
    m_reconnected =
        addField(grid, 4, 2, tr("Reconnected"), QStringLiteral("reconnectedLabel"),
                 tr("When and why the connection was last renewed after a wake from suspend "
                    "or a network change"));
    m_reconnected->setWordWrap(true);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setAccessibleName(tr("Initial load progress"));
    m_progress->setFormat(tr("%v objects"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelLoad"));
    m_cancel->setAccessibleName(tr("Cancel loading"));
    m_cancel->setToolTip(tr("Stop this reflector (Resync starts it again)"));
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    grid->addLayout(progressRow, 3, 2, 1, 2);
    grid->setColumnStretch(3, 1);
    connect(m_cancel, &QPushButton::clicked, m_session, &WatchSession::stop);

    if (withChart) {
        m_chart = new EventRateChart(this);
        m_chart->setMinimumWidth(320);
        outer->addWidget(m_chart, 1);
    } else {
        outer->addStretch(1);
    }

    connect(session, &QObject::destroyed, this, &QObject::deleteLater);
    connect(session, &WatchSession::stateChanged, this, &ReflectorStatusWidget::refresh);
    connect(session, &WatchSession::restarted, this, [this] { m_lastEventTotal = -1; });
    m_ticker.setInterval(1000);
    connect(&m_ticker, &QTimer::timeout, this, &ReflectorStatusWidget::tick);
    m_ticker.start();
    refresh();
}

QLabel *ReflectorStatusWidget::addField(QGridLayout *grid, int row, int column,
                                        const QString &title, const QString &objectName,
                                        const QString &description)
{
    auto *caption = new QLabel(title + u':', this);
    caption->setAccessibleDescription(tr("Caption"));
    auto *value = new QLabel(this);
    value->setObjectName(objectName);
    value->setAccessibleDescription(description);
    caption->setBuddy(value);
    grid->addWidget(caption, row, column, Qt::AlignRight | Qt::AlignTop);
    grid->addWidget(value, row, column + 1, Qt::AlignLeft | Qt::AlignTop);
    return value;
}

QString ReflectorStatusWidget::phaseText() const
{
    return m_phase->text();
}

void ReflectorStatusWidget::markPaused()
{
    if (m_session)
        m_paused.set(m_session->phase());
    refresh();
}

QString ReflectorStatusWidget::errorText() const
{
    return m_error->text();
}

void ReflectorStatusWidget::refresh()
{
    if (!m_session)
        return;
    const ReflectorPhase phase = m_session->phase();
    const ReflectorStats &stats = m_session->stats();
    const bool paused = m_paused.follow(phase);
    const QString phaseName = paused ? PauseMark::name() : reflectorPhaseName(phase);
    m_phase->setText(phaseName);
    m_phase->setAccessibleName(phaseName);
    QPalette p = m_phase->palette();
    p.setColor(QPalette::Window, paused ? PauseMark::colour() : reflectorPhaseColour(phase));
    p.setColor(QPalette::WindowText, Qt::white);
    m_phase->setPalette(p);

    const QLocale locale;
    const auto set = [](QLabel *label, const QString &text) {
        if (label->text() != text) {
            label->setText(text);
            label->setAccessibleName(text);
        }
    };
    set(m_resourceVersion, stats.resourceVersion.isEmpty() ? tr("—") : stats.resourceVersion);
    set(m_objects, locale.toString(m_session->objectCount()));
    set(m_counters, QStringLiteral("%1 / %2 / %3")
                        .arg(stats.relists)
                        .arg(stats.watchRestarts)
                        .arg(stats.resyncs));
    set(m_error, stats.lastError.isNull() ? tr("none") : stats.lastError.toString());
    set(m_stalls, locale.toString(stats.watchStalls));
    set(m_reconnected, stats.lastReconnectTime.isValid()
                           ? tr("at %1 (%2)")
                                 .arg(locale.toString(stats.lastReconnectTime.toLocalTime().time(),
                                                      QLocale::ShortFormat),
                                      stats.lastReconnectReason)
                           : tr("—"));

    const bool loading = phase == ReflectorPhase::Listing ||
                         (phase == ReflectorPhase::Connecting && !m_session->hasSynced());
    m_progress->setVisible(loading);
    m_cancel->setVisible(loading);
    if (loading) {
        const qint64 soFar = m_session->listedSoFar();
        const qint64 remaining = m_session->listRemaining();
        if (remaining >= 0) {
            m_progress->setRange(0, int(std::min<qint64>(soFar + remaining, INT_MAX)));
            m_progress->setValue(int(std::min<qint64>(soFar, INT_MAX)));
        } else {
            m_progress->setRange(0, 0); // unknown total: busy indicator
        }
    }
    tick();
}

void ReflectorStatusWidget::tick()
{
    if (!m_session)
        return;
    const QDateTime now = QDateTime::currentDateTime();
    const ReflectorStats &stats = m_session->stats();
    QString backoff = tr("—");
    const ReflectorPhase phase = m_session->phase();
    const QDateTime due = stats.backoffDue; // the backoff's end, or in Listed the next list
    if (due.isValid() && (phase == ReflectorPhase::BackingOff || phase == ReflectorPhase::Listed)) {
        const qint64 seconds = std::max<qint64>(0, (now.msecsTo(due) + 999) / 1000);
        backoff = phase == ReflectorPhase::Listed
                      ? tr("next list in %1 s: this kind cannot be watched").arg(seconds)
                      : tr("in %1 s").arg(seconds);
    }
    m_backoff->setText(backoff);
    m_backoff->setAccessibleName(backoff);
    const QString since = stats.lastEventTime.isValid()
                              ? tr("%1 s ago").arg(stats.lastEventTime.secsTo(now))
                              : tr("none yet");
    m_lastEvent->setText(since);
    m_lastEvent->setAccessibleName(since);
    if (m_chart && sender() == &m_ticker) {
        const qint64 total = eventTotal(stats);
        m_chart->addSecond(m_lastEventTotal < 0 ? 0
                                                : std::max<qint64>(0, total - m_lastEventTotal));
        m_lastEventTotal = total;
    }
}
