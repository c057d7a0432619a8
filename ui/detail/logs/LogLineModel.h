#pragma once

#include "core/logs/LogLine.h"

#include <QAbstractListModel>

#include <deque>

// The lines a Logs view shows, oldest first, at most lineCap of them: appending past the cap
// drops the oldest (droppedCount() says how many). Each line keeps its source (pod, or
// pod/container when a workload's pods are merged) and its time.
class LogLineModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role
    {
        TimeRole = Qt::UserRole + 1, // qint64 ns since the epoch, or null without time
        SourceRole,                  // QString; empty for a single pod's log
        TextRole,                    // QString: the line without prefixes
    };
    static constexpr int kDefaultLineCap = 100000;

    explicit LogLineModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Appends in one insertion, then drops the oldest past the cap in one removal.
    void append(const QList<LogLine> &lines);
    void clear();
    void setLineCap(int cap);
    int lineCap() const { return m_cap; }
    // Lines dropped for the cap since the last clear().
    qint64 droppedCount() const { return m_dropped; }
    const LogLine &line(int row) const { return m_lines[size_t(row)]; }
    // The line as shown: [source] timestamp text, each part when present and wanted.
    static QString render(const LogLine &line, bool timestamps);
    // render(line, timestamps).size() without building the string (offsets over 100,000 lines).
    static qsizetype renderedLength(const LogLine &line, bool timestamps);

private:
    void trim();

    std::deque<LogLine> m_lines;
    int m_cap = kDefaultLineCap;
    qint64 m_dropped = 0;
};
