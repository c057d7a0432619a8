#include "core/logs/LogLineDecoder.h"

namespace {

constexpr qint64 kNsPerSecond = 1'000'000'000;

bool digits(QByteArrayView text, qsizetype at, int count, int *value)
{
    if (at + count > text.size())
        return false;
    int v = 0;
    for (int i = 0; i < count; ++i) {
        const char c = text[at + i];
        if (c < '0' || c > '9')
            return false;
        v = v * 10 + (c - '0');
    }
    *value = v;
    return true;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil):
// no QDateTime per line, the decoder runs for every line of a fast log.
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

int daysInMonth(int y, int m)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : days[m - 1];
}

} // namespace

LogLineDecoder::LogLineDecoder(bool timestamps)
    : m_timestamps(timestamps)
{}

void LogLineDecoder::feed(QByteArrayView chunk, QList<LogLine> *out)
{
    qsizetype start = 0;
    while (start < chunk.size()) {
        const qsizetype newline = chunk.indexOf('\n', start);
        if (newline < 0) {
            m_partial.append(chunk.sliced(start));
            // Cut an endless line at the cap, but never inside a UTF-8 character.
            while (m_partial.size() > kMaxLineBytes) { // the byte at the cap must exist
                qsizetype cut = kMaxLineBytes;
                while (cut > 0 && (quint8(m_partial[cut]) & 0xC0) == 0x80)
                    --cut;
                if (cut == 0) // not UTF-8 at all: cut anywhere
                    cut = kMaxLineBytes;
                emitLine(QByteArrayView(m_partial).first(cut), out);
                m_partial.remove(0, cut);
            }
            return;
        }
        const QByteArrayView rest = chunk.sliced(start, newline - start);
        if (m_partial.isEmpty()) {
            emitLine(rest, out);
        } else {
            m_partial.append(rest);
            emitLine(m_partial, out);
            m_partial.clear();
        }
        start = newline + 1;
    }
}

void LogLineDecoder::finish(QList<LogLine> *out)
{
    if (!m_partial.isEmpty())
        emitLine(m_partial, out);
    m_partial.clear();
}

void LogLineDecoder::emitLine(QByteArrayView bytes, QList<LogLine> *out) const
{
    if (bytes.endsWith('\r'))
        bytes.chop(1);
    LogLine line;
    if (m_timestamps) {
        const qsizetype space = bytes.indexOf(' ');
        const QByteArrayView stamp = space < 0 ? bytes : bytes.first(space);
        if (parseTimestamp(stamp, &line.timeNs)) {
            line.hasTime = true;
            bytes = space < 0 ? QByteArrayView() : bytes.sliced(space + 1);
        }
    }
    line.text = QString::fromUtf8(bytes);
    out->append(std::move(line));
}

bool LogLineDecoder::parseTimestamp(QByteArrayView text, qint64 *ns)
{
    // YYYY-MM-DDTHH:MM:SS[.f{1,9}](Z|±hh:mm)
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (text.size() < 20 || !digits(text, 0, 4, &year) || text[4] != '-' ||
        !digits(text, 5, 2, &month) || text[7] != '-' || !digits(text, 8, 2, &day) ||
        (text[10] != 'T' && text[10] != 't') || !digits(text, 11, 2, &hour) || text[13] != ':' ||
        !digits(text, 14, 2, &minute) || text[16] != ':' || !digits(text, 17, 2, &second))
        return false;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 ||
        minute > 59 || second > 60)
        return false;
    qsizetype at = 19;
    qint64 fraction = 0;
    if (text[at] == '.') {
        ++at;
        int count = 0;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
            if (++count > 9)
                return false;
            fraction = fraction * 10 + (text[at] - '0');
            ++at;
        }
        if (count == 0)
            return false;
        for (; count < 9; ++count)
            fraction *= 10;
    }
    qint64 offsetSeconds = 0;
    if (at < text.size() && (text[at] == 'Z' || text[at] == 'z') && at + 1 == text.size()) {
        offsetSeconds = 0;
    } else if (at + 6 == text.size() && (text[at] == '+' || text[at] == '-') &&
               text[at + 3] == ':') {
        int oh = 0, om = 0;
        if (!digits(text, at + 1, 2, &oh) || !digits(text, at + 4, 2, &om) || oh > 23 || om > 59)
            return false;
        offsetSeconds = (text[at] == '+' ? 1 : -1) * (oh * 3600 + om * 60);
    } else {
        return false;
    }
    const qint64 seconds =
        daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
    // Nanoseconds in a qint64 reach from 1677 to 2262, as Go's UnixNano.
    if (seconds - offsetSeconds < -9'223'372'035 || seconds - offsetSeconds > 9'223'372'035)
        return false;
    *ns = (seconds - offsetSeconds) * kNsPerSecond + fraction;
    return true;
}
