#include "core/watch/JsonSplitter.h"

#include <bit>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define KUBEGLASS_SPLITTER_SSE2 1
#endif

namespace {
bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The next '"' or '\\' in [p, end), or end. Most bytes of Kubernetes JSON are inside strings,
// so this search is where the splitter spends its time: 16 bytes per step where SSE2 exists.
const char *findQuoteOrBackslash(const char *p, const char *end)
{
#ifdef KUBEGLASS_SPLITTER_SSE2
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    while (end - p >= 16) {
        const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
        const int mask = _mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)));
        if (mask != 0)
            return p + std::countr_zero(unsigned(mask));
        p += 16;
    }
#endif
    while (p < end && *p != '"' && *p != '\\')
        ++p;
    return p;
}
} // namespace

JsonSplitter::JsonSplitter(Mode mode, qint64 maxUnitBytes)
    : m_mode(mode)
    , m_maxUnitBytes(maxUnitBytes)
{}

bool JsonSplitter::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    return false;
}

// Everything of a list but its items (metadata, column definitions) is held whole, so it gets
// the same bound as one item.
bool JsonSplitter::failEnvelopeTooLarge()
{
    return fail(QStringLiteral("list envelope (everything but the items) larger than the limit "
                               "of %1 bytes")
                    .arg(m_maxUnitBytes));
}

QByteArray JsonSplitter::envelopeHead() const
{
    // The head ends with the opening '[' of the items array: close the array and the object.
    return m_envelope + "]}";
}

bool JsonSplitter::feed(QByteArrayView data, const Sink &sink)
{
    if (failed())
        return false;
    m_buffer.append(data);
    const char *buf = m_buffer.constData();
    const qsizetype size = m_buffer.size();
    const bool list = m_mode == Mode::ListItems;
    if (list && m_envelopeFrom < 0 && !m_inItems)
        m_envelopeFrom = m_pos;

    qsizetype pos = m_pos;
    while (pos < size) {
        if (m_inString) {
            if (m_escape) {
                m_escape = false; // the escaped character, whatever it is
                ++pos;
                continue;
            }
            pos = findQuoteOrBackslash(buf + pos, buf + size) - buf;
            if (pos == size)
                break;
            if (buf[pos] == '\\') {
                m_escape = true;
            } else {
                m_inString = false;
                if (list && m_depth == 1 && !m_inItems)
                    m_lastKey = QByteArray(buf + m_keyStart, pos - m_keyStart);
            }
            ++pos;
            continue;
        }
        const char c = buf[pos];
        if (m_depth == 0) {
            if (isJsonSpace(c)) {
                ++pos;
                continue;
            }
            if (c != '{' || m_documentDone) {
                return fail(
                    QStringLiteral("malformed JSON at byte %1: unexpected '%2'")
                        .arg(pos)
                        .arg(QChar::fromLatin1(c).isPrint()
                                 ? QString(QChar::fromLatin1(c))
                                 : QStringLiteral("\\x%1").arg(uchar(c), 2, 16, QLatin1Char('0'))));
            }
            if (!list)
                m_unitStart = pos;
            m_depth = 1;
            ++pos;
            continue;
        }
        if (list && m_inItems && m_depth == 2) {
            // Between items: only separators, the next item, or the end of the array.
            if (isJsonSpace(c) || c == ',') {
                ++pos;
                continue;
            }
            if (c == ']') {
                m_inItems = false;
                m_depth = 1;
                m_envelopeFrom = pos;
                ++pos;
                continue;
            }
            if (c != '{')
                return fail(
                    QStringLiteral("malformed list at byte %1: an item is not an object").arg(pos));
            m_unitStart = pos;
            m_depth = 3;
            ++pos;
            continue;
        }
        switch (c) {
        case '"':
            m_inString = true;
            m_keyStart = pos + 1;
            break;
        case '[':
            if (list && m_depth == 1 && !m_itemsSeen &&
                (m_lastKey == "items" || m_lastKey == "rows")) {
                m_inItems = m_itemsSeen = true;
                m_envelope.append(buf + m_envelopeFrom, pos + 1 - m_envelopeFrom);
                m_envelopeFrom = -1;
                if (m_envelope.size() > m_maxUnitBytes)
                    return failEnvelopeTooLarge();
            }
            ++m_depth;
            break;
        case '{':
            ++m_depth;
            break;
        case '}':
        case ']':
            --m_depth;
            if (!list && m_depth == 0) {
                const QByteArrayView unit(buf + m_unitStart, pos + 1 - m_unitStart);
                m_unitStart = -1;
                if (unit.size() > m_maxUnitBytes)
                    return fail(QStringLiteral("event of %1 bytes exceeds the limit of %2 bytes")
                                    .arg(unit.size())
                                    .arg(m_maxUnitBytes));
                if (!sink(unit))
                    return fail(QStringLiteral("stopped by the consumer"));
            } else if (list && m_inItems && m_depth == 2) {
                const QByteArrayView unit(buf + m_unitStart, pos + 1 - m_unitStart);
                m_unitStart = -1;
                if (unit.size() > m_maxUnitBytes)
                    return fail(
                        QStringLiteral("list item of %1 bytes exceeds the limit of %2 bytes")
                            .arg(unit.size())
                            .arg(m_maxUnitBytes));
                if (!sink(unit))
                    return fail(QStringLiteral("stopped by the consumer"));
            } else if (list && m_depth == 0) {
                m_documentDone = true;
            } else if (m_depth < 0) {
                return fail(QStringLiteral("malformed JSON at byte %1: unbalanced '%2'")
                                .arg(pos)
                                .arg(QChar::fromLatin1(c)));
            }
            break;
        default:
            break;
        }
        ++pos;
    }

    // Keep only what an incomplete unit still needs.
    if (list && m_envelopeFrom >= 0) {
        m_envelope.append(buf + m_envelopeFrom, size - m_envelopeFrom);
        m_envelopeFrom = 0;
        if (m_envelope.size() > m_maxUnitBytes)
            return failEnvelopeTooLarge();
    }
    qsizetype keepFrom = m_unitStart >= 0 ? m_unitStart : size;
    if (list && m_inString && m_depth == 1 && !m_inItems)
        keepFrom = qMin(keepFrom, m_keyStart); // a top-level key split across reads
    if (m_unitStart >= 0 && size - m_unitStart > m_maxUnitBytes) {
        return fail(QStringLiteral("%1 larger than the limit of %2 bytes")
                        .arg(list ? QStringLiteral("list item") : QStringLiteral("event"))
                        .arg(m_maxUnitBytes));
    }
    if (keepFrom > 0) {
        if (m_keyStart >= 0)
            m_keyStart -= keepFrom;
        m_buffer.remove(0, keepFrom);
        if (m_unitStart >= 0)
            m_unitStart = 0;
    }
    m_pos = size - keepFrom;
    if (m_buffer.isEmpty() && m_buffer.capacity() > (1 << 20))
        m_buffer = QByteArray(); // give back the memory of a big unit
    if (list && m_envelopeFrom >= 0)
        m_envelopeFrom = m_pos;
    return true;
}

bool JsonSplitter::finish()
{
    if (failed())
        return false;
    if (m_inString || m_depth != 0 || m_unitStart >= 0) {
        return fail(QStringLiteral("stream ended inside %1 (%2 bytes pending)")
                        .arg(m_mode == Mode::Stream ? QStringLiteral("an event")
                                                    : QStringLiteral("the list"))
                        .arg(m_buffer.size()));
    }
    if (m_mode == Mode::ListItems && !m_documentDone)
        return fail(QStringLiteral("empty response body"));
    return true;
}
