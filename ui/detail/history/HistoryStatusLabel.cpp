#include "ui/detail/history/HistoryStatusLabel.h"

#include "core/history/ChangeHistory.h"

#include <QLocale>
#include <QTimer>

HistoryStatusLabel::HistoryStatusLabel(ChangeHistory *history, QWidget *parent)
    : QLabel(parent)
    , m_history(history)
{
    setObjectName(QStringLiteral("historyStatus"));
    setAccessibleDescription(tr("Memory used by the change history, of its budget"));
    auto *timer = new QTimer(this);
    timer->setInterval(1000);
    connect(timer, &QTimer::timeout, this, &HistoryStatusLabel::refresh);
    timer->start();
    refresh();
}

void HistoryStatusLabel::refresh()
{
    if (!m_history)
        return;
    const QLocale locale;
    const QString line = tr("History: %1 changes of %2 objects, %3 of %4, %5 dropped")
                             .arg(locale.toString(m_history->entryCount()),
                                  locale.toString(qint64(m_history->objectCount())),
                                  locale.formattedDataSize(m_history->bytesUsed()),
                                  locale.formattedDataSize(m_history->bytesBudget()),
                                  locale.toString(m_history->droppedCount()));
    if (line != text()) {
        setText(line);
        setAccessibleName(line);
    }
}
