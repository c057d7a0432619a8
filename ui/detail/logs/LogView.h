#pragma once

#include "ui/detail/logs/LogLineModel.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class LogTextView;

// The Logs page: a read-only text view ("Pod logs") fed in batches once per frame that paints
// only the lines in sight, so a pod writing 10,000 lines/s never stalls the window, with a
// container picker, the Previous toggle, wrap, timestamps, search with highlight and next/previous,
// save and copy. It follows the end until the user scrolls up, and again once they are back at the
// bottom. What feeds it (a pod's stream or a workload's merge) is outside: it only says what the
// user picked.
class LogView : public QWidget
{
    Q_OBJECT

public:
    explicit LogView(QWidget *parent = nullptr);

    // Containers to offer (init and ephemeral ones included), with the one to select; an empty
    // list hides the picker (a workload's merged logs).
    void setContainers(const QStringList &containers, const QString &selected);
    QString container() const;
    bool previous() const;
    // Drops every line (a new pod, container or instance).
    void clear();
    // Queues lines; they reach the view at the next frame.
    void appendLines(const QList<LogLine> &lines);
    // A sentence under the view: the stream's state or its error in words.
    void setStatus(const QString &text);
    void setLineCap(int cap);

    LogLineModel *model() const { return m_model; }
    LogTextView *textView() const { return m_text; }
    bool isFollowing() const;
    // Lines queued for the next frame.
    qsizetype pendingLines() const { return m_pending.size(); }
    // Writes the shown log to path; false with error set when it cannot.
    bool saveTo(const QString &path, QString *error) const;
    // Matches of the search text in the shown lines.
    int matchCount() const { return m_matches; }

public slots:
    void findNext();
    void findPrevious();

signals:
    // The user picked another container or toggled Previous: the feeder restarts.
    void sourceChanged();

private:
    void flush();
    void updateNotice();
    void highlight();
    void find(bool backwards);
    void save();

    LogLineModel *m_model; // Owned (child), like every widget below.
    QComboBox *m_containers;
    QCheckBox *m_previous;
    QCheckBox *m_wrap;
    QCheckBox *m_timestamps;
    QLineEdit *m_search;
    QPushButton *m_next;
    QPushButton *m_prev;
    QPushButton *m_save;
    QPushButton *m_copy;
    LogTextView *m_text;
    QLabel *m_notice; // dropped lines, paused follow
    QLabel *m_status;
    QList<LogLine> m_pending;
    QTimer m_frame;
    QString m_streamStatus;
    int m_matches = 0;
};
