#pragma once

#include "core/logs/LogLine.h"

#include <QByteArray>
#include <QStringList>

// Joins a log stream to its reconnection without losing or repeating a line. The apiserver
// takes sinceTime to the second (it re-formats it as RFC 3339), so the new stream starts at
// or before the last line shown and repeats some: lines older than the last shown time are
// dropped, and at exactly that time the lines already shown (same texts, in order) are
// skipped. Everything after the first new line passes.
class LogSeam
{
public:
    // Whether line is to be shown; a shown line is remembered as the latest.
    bool accept(const LogLine &line);
    // The stream dropped: its next lines come from a reconnection with sinceTime().
    void beginResume()
    {
        m_resuming = hasTime();
        m_matched = 0;
    }
    // The reconnection's sinceTime: the last shown line's time, floored to the second, as
    // RFC 3339 ("2026-12-04T12:00:00Z"); empty before any line with a time.
    QByteArray sinceTime() const;
    bool hasTime() const { return !m_textsAtLast.isEmpty(); }
    qint64 lastNs() const { return m_lastNs; }

private:
    void remember(const LogLine &line);

    qint64 m_lastNs = 0;
    QStringList m_textsAtLast; // the shown lines at m_lastNs, in order
    bool m_resuming = false;
    qsizetype m_matched = 0; // resumed lines at m_lastNs matched so far
};
