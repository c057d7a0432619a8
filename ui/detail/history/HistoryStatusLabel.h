#pragma once

#include <QLabel>
#include <QPointer>

class ChangeHistory;

// The status panel's line about the change history's memory: entries held, bytes of the
// budget, entries dropped to stay within it. Refreshed once a second, since the history may
// change thousands of times a second.
class HistoryStatusLabel : public QLabel
{
    Q_OBJECT

public:
    explicit HistoryStatusLabel(ChangeHistory *history, QWidget *parent = nullptr);

    void refresh();

private:
    QPointer<ChangeHistory> m_history; // Not owned.
};
