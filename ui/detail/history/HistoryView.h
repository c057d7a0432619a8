#pragma once

#include <QWidget>

class ChangeHistory;
class HistoryModel;
class QLabel;
class QPushButton;
class QTreeView;

// The detail pane's History tab: the selected object's changes, newest first, each entry
// expandable to its field diff, copyable as text (the button or Ctrl+C).
class HistoryView : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryView(QWidget *parent = nullptr);

    void setHistory(ChangeHistory *history);
    // The history key of the object to show; empty shows nothing.
    void showObject(const QString &historyKey);
    HistoryModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    // The selected entries as text (all entries when none is selected), newest first.
    QString selectedText() const;
    void copySelection() const;

private:
    void updateCaption();

    HistoryModel *m_model; // Owned (child), like the widgets below.
    QLabel *m_caption;
    QTreeView *m_view;
    QPushButton *m_copy;
};
