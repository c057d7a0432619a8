#include "core/logs/LogSeam.h"

#include <QDateTime>

bool LogSeam::accept(const LogLine &line)
{
    // A line without time cannot be placed: shown in a running stream, but taken for a repeat
    // while crossing the seam. It never moves the seam.
    if (!line.hasTime)
        return !m_resuming;
    if (m_resuming) {
        if (line.timeNs < m_lastNs)
            return false;
        if (line.timeNs == m_lastNs && m_matched < m_textsAtLast.size() &&
            m_textsAtLast.at(m_matched) == line.text) {
            ++m_matched;
            return false;
        }
        // The first line not shown before: the seam is crossed.
        m_resuming = false;
    }
    remember(line);
    return true;
}

void LogSeam::remember(const LogLine &line)
{
    if (line.timeNs > m_lastNs || m_textsAtLast.isEmpty()) {
        m_lastNs = line.timeNs;
        m_textsAtLast.clear();
    }
    // A line out of order (older than the latest) leaves the seam at the latest time.
    if (line.timeNs == m_lastNs)
        m_textsAtLast.append(line.text);
}

QByteArray LogSeam::sinceTime() const
{
    if (!hasTime())
        return {};
    // Floor, not truncation toward zero, so a time before 1970 still starts early enough.
    const qint64 seconds =
        m_lastNs >= 0 ? m_lastNs / 1'000'000'000 : (m_lastNs - 999'999'999) / 1'000'000'000;
    return QDateTime::fromSecsSinceEpoch(seconds, Qt::UTC)
        .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss'Z'"))
        .toLatin1();
}
