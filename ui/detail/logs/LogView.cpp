#include "ui/detail/logs/LogView.h"

#include "ui/detail/logs/LogTextView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

namespace {
// One frame at 60 Hz: lines queue between frames and reach the view together.
constexpr int kFrameMs = 16;
// At most this many lines a frame, so a backlog (a long tail, a burst) is shown over several
// frames instead of one long stall.
constexpr int kMaxLinesPerFrame = 2000;
} // namespace

LogView::LogView(QWidget *parent)
    : QWidget(parent)
    , m_model(new LogLineModel(this))
    , m_containers(new QComboBox(this))
    , m_previous(new QCheckBox(tr("&Previous"), this))
    , m_wrap(new QCheckBox(tr("&Wrap"), this))
    , m_timestamps(new QCheckBox(tr("&Timestamps"), this))
    , m_search(new QLineEdit(this))
    , m_next(new QPushButton(tr("Next"), this))
    , m_prev(new QPushButton(tr("Prev"), this))
    , m_save(new QPushButton(tr("&Save…"), this))
    , m_copy(new QPushButton(tr("&Copy"), this))
    , m_text(new LogTextView(m_model, this))
    , m_notice(new QLabel(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("logView"));
    m_containers->setObjectName(QStringLiteral("logContainer"));
    m_containers->setAccessibleName(tr("Container"));
    m_containers->setToolTip(tr("The container whose log is shown"));
    m_previous->setObjectName(QStringLiteral("logPrevious"));
    m_previous->setAccessibleName(tr("Previous"));
    m_previous->setToolTip(tr("Show the log of the last terminated instance"));
    m_wrap->setObjectName(QStringLiteral("logWrap"));
    m_wrap->setAccessibleName(tr("Wrap"));
    m_timestamps->setObjectName(QStringLiteral("logTimestamps"));
    m_timestamps->setAccessibleName(tr("Timestamps"));
    m_timestamps->setChecked(true);
    m_search->setObjectName(QStringLiteral("logSearch"));
    m_search->setAccessibleName(tr("Search logs"));
    m_search->setPlaceholderText(tr("Search logs"));
    m_search->setClearButtonEnabled(true);
    m_next->setObjectName(QStringLiteral("logFindNext"));
    m_next->setAccessibleName(tr("Next match"));
    m_next->setShortcut(QKeySequence::FindNext);
    m_prev->setObjectName(QStringLiteral("logFindPrevious"));
    m_prev->setAccessibleName(tr("Previous match"));
    m_prev->setShortcut(QKeySequence::FindPrevious);
    m_save->setObjectName(QStringLiteral("logSave"));
    m_save->setAccessibleName(tr("Save log"));
    m_copy->setObjectName(QStringLiteral("logCopy"));
    m_copy->setAccessibleName(tr("Copy selection"));
    m_text->setObjectName(QStringLiteral("podLogs"));
    m_text->setAccessibleName(tr("Pod logs"));
    m_text->setAccessibleDescription(tr("The log lines, newest at the bottom"));
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_notice->setObjectName(QStringLiteral("logNotice"));
    m_notice->setAccessibleDescription(tr("Lines dropped and whether the view follows the end"));
    m_status->setObjectName(QStringLiteral("logStatus"));
    m_status->setAccessibleDescription(tr("The log stream's state"));
    m_status->setWordWrap(true);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_containers);
    bar->addWidget(m_previous);
    bar->addWidget(m_wrap);
    bar->addWidget(m_timestamps);
    bar->addStretch(1);
    bar->addWidget(m_copy);
    bar->addWidget(m_save);
    // Search on a line of its own, so it keeps its width in a narrow pane.
    auto *searchBar = new QHBoxLayout;
    searchBar->addWidget(m_search, 1);
    searchBar->addWidget(m_prev);
    searchBar->addWidget(m_next);
    auto *foot = new QHBoxLayout;
    foot->addWidget(m_status, 1);
    foot->addWidget(m_notice);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addLayout(searchBar);
    layout->addWidget(m_text, 1);
    layout->addLayout(foot);

    m_frame.setInterval(kFrameMs);
    connect(&m_frame, &QTimer::timeout, this, &LogView::flush);
    connect(m_containers, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_containers->signalsBlocked())
            emit sourceChanged();
    });
    connect(m_previous, &QCheckBox::toggled, this, &LogView::sourceChanged);
    connect(m_wrap, &QCheckBox::toggled, m_text, &LogTextView::setWrap);
    connect(m_timestamps, &QCheckBox::toggled, this, [this](bool on) {
        m_text->setTimestamps(on);
        highlight(); // matches may lie in the prefix
    });
    connect(m_search, &QLineEdit::textChanged, this, &LogView::highlight);
    connect(m_search, &QLineEdit::returnPressed, this, &LogView::findNext);
    connect(m_next, &QPushButton::clicked, this, &LogView::findNext);
    connect(m_prev, &QPushButton::clicked, this, &LogView::findPrevious);
    connect(m_copy, &QPushButton::clicked, m_text, &LogTextView::copy);
    connect(m_text, &LogTextView::copyAvailable, m_copy, &QPushButton::setEnabled);
    m_copy->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, &LogView::save);
    connect(m_text, &LogTextView::followingChanged, this, &LogView::updateNotice);
    setContainers({}, {});
    updateNotice();
}

void LogView::setContainers(const QStringList &containers, const QString &selected)
{
    const QSignalBlocker block(m_containers);
    m_containers->clear();
    m_containers->addItems(containers);
    m_containers->setCurrentIndex(qMax(0, int(containers.indexOf(selected))));
    m_containers->setVisible(!containers.isEmpty());
    m_previous->setVisible(!containers.isEmpty());
}

QString LogView::container() const
{
    return m_containers->currentText();
}

bool LogView::previous() const
{
    return m_previous->isChecked();
}

void LogView::clear()
{
    m_pending.clear();
    m_frame.stop();
    m_model->clear(); // the view follows the end again
    m_matches = 0;
    updateNotice();
}

void LogView::appendLines(const QList<LogLine> &lines)
{
    m_pending += lines;
    if (!m_frame.isActive() && !m_pending.isEmpty())
        m_frame.start();
}

void LogView::setStatus(const QString &text)
{
    m_streamStatus = text;
    m_status->setText(text);
}

void LogView::setLineCap(int cap)
{
    m_model->setLineCap(cap);
    updateNotice();
}

void LogView::flush()
{
    if (m_pending.isEmpty()) {
        m_frame.stop();
        return;
    }
    const qsizetype n = qMin<qsizetype>(m_pending.size(), kMaxLinesPerFrame);
    const QList<LogLine> batch = m_pending.first(n);
    m_pending.remove(0, n);
    const qint64 droppedBefore = m_model->droppedCount();
    // The view paints only the lines in sight: appending costs the same at any line count.
    m_model->append(batch);
    if (m_model->droppedCount() != droppedBefore)
        updateNotice();
}

bool LogView::isFollowing() const
{
    return m_text->isFollowing();
}

void LogView::updateNotice()
{
    QStringList parts;
    if (m_model->droppedCount() > 0)
        parts << tr("%L1 oldest lines dropped (at most %L2 lines are kept)")
                     .arg(m_model->droppedCount())
                     .arg(m_model->lineCap());
    if (!m_text->isFollowing())
        parts << tr("Paused: scroll to the bottom to follow");
    m_notice->setText(parts.join(QStringLiteral(" · ")));
}

void LogView::highlight()
{
    const QString needle = m_search->text();
    m_text->setNeedle(needle);
    m_matches = 0;
    if (!needle.isEmpty()) {
        for (int row = 0; row < m_model->rowCount(); ++row)
            m_matches += int(LogLineModel::render(m_model->line(row), m_timestamps->isChecked())
                                 .count(needle, Qt::CaseInsensitive));
    }
    m_search->setToolTip(needle.isEmpty() ? QString() : tr("%n match(es)", nullptr, m_matches));
}

void LogView::findNext()
{
    find(false);
}

void LogView::findPrevious()
{
    find(true);
}

void LogView::find(bool backwards)
{
    const QString needle = m_search->text();
    if (needle.isEmpty())
        return;
    // Wraps around, as a browser's find does; stepping scrolls, which pauses following.
    m_text->find(needle, backwards);
}

bool LogView::saveTo(const QString &path, QString *error) const
{
    QSaveFile file(path);
    // Bytes as kubectl logs writes them (LF), on Windows too.
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    const bool timestamps = m_timestamps->isChecked();
    for (int row = 0; row < m_model->rowCount(); ++row)
        file.write(
            (LogLineModel::render(m_model->line(row), timestamps) + QLatin1Char('\n')).toUtf8());
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void LogView::save()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save log"), QStringLiteral("pod.log"), tr("Log files (*.log *.txt)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        m_status->setText(tr("Could not save the log to %1: %2").arg(path, error));
    else
        m_status->setText(tr("Saved to %1. %2").arg(path, m_streamStatus));
}
