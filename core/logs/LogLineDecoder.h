#pragma once

#include "core/logs/LogLine.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

// Cuts a pods/log byte stream, arriving in chunks of any size, into complete lines: a line
// split across chunks is kept until its end arrives, CRLF and LF both end a line, and the
// last line may lack its newline (finish()). With timestamps, the kubelet's RFC 3339 prefix
// ("2026-12-04T12:00:00.123456789Z ") is parsed off each line; a line whose prefix does not
// parse is kept whole as text, without time. Lines are decoded from UTF-8 only once complete,
// so a character split between chunks survives.
class LogLineDecoder
{
public:
    // A line longer than this is cut here (the kubelet itself splits lines at 16 KiB), so a
    // stream without newlines cannot grow the buffer without bound.
    static constexpr qsizetype kMaxLineBytes = 1024 * 1024;

    explicit LogLineDecoder(bool timestamps);

    // Appends the lines completed by chunk to out.
    void feed(QByteArrayView chunk, QList<LogLine> *out);
    // The stream ended: appends the unterminated last line, if any, and forgets it.
    void finish(QList<LogLine> *out);
    // Bytes of an incomplete line waiting for its end.
    qsizetype pendingBytes() const { return m_partial.size(); }

    // Parses an RFC 3339 time with optional fraction (up to nanoseconds) and a Z or ±hh:mm
    // offset into ns since the epoch; false for anything else.
    static bool parseTimestamp(QByteArrayView text, qint64 *ns);

private:
    void emitLine(QByteArrayView bytes, QList<LogLine> *out) const;

    bool m_timestamps;
    QByteArray m_partial;
};
