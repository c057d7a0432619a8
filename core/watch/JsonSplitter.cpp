#include "core/watch/JsonSplitter.h"

#include "core/watch/StructuralIndex.h"

#include <array>
#include <cstring>
#include <simdjson.h>

static_assert(JsonSplitter::kPadding == simdjson::SIMDJSON_PADDING);

namespace {
// Stage 1 indexes this much at a time, so that the bytes, their index and the units cut from
// them are still in the CPU's cache when they are split and decoded.
constexpr qsizetype kMaxPiece = 64 << 10;

// How each structural character changes the nesting depth.
constexpr std::array<int8_t, 256> kNesting = [] {
    std::array<int8_t, 256> nesting{};
    nesting['{'] = nesting['['] = 1;
    nesting['}'] = nesting[']'] = -1;
    return nesting;
}();
} // namespace

JsonSplitter::JsonSplitter(Mode mode, qint64 maxUnitBytes)
    : m_mode(mode)
    , m_maxUnitBytes(maxUnitBytes)
    , m_index(std::make_unique<StructuralIndex>())
    , m_envelopeFrom(mode == Mode::ListItems ? 0 : -1)
{}

JsonSplitter::~JsonSplitter() = default;

bool JsonSplitter::fail(const QString &message)
{
    if (m_error.isEmpty())
        m_error = message;
    return false;
}

bool JsonSplitter::failUnexpected(qsizetype pos)
{
    const char c = m_buffer.at(pos);
    return fail(QStringLiteral("malformed JSON at byte %1: unexpected '%2'")
                    .arg(m_dropped + pos)
                    .arg(QChar::fromLatin1(c).isPrint()
                             ? QString(QChar::fromLatin1(c))
                             : QStringLiteral("\\x%1").arg(uchar(c), 2, 16, QLatin1Char('0'))));
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

JsonSplitter::Reader JsonSplitter::copying(QByteArrayView bytes)
{
    return [bytes](char *to, qsizetype maxBytes) {
        const qsizetype size = qMin(maxBytes, bytes.size());
        if (size > 0)
            std::memcpy(to, bytes.data(), size_t(size));
        return size;
    };
}

bool JsonSplitter::feed(QByteArrayView data, const Sink &sink)
{
    return feed(data.size(), copying(data), sink);
}

bool JsonSplitter::feed(qsizetype maxBytes, const Reader &read, const Sink &sink)
{
    if (failed())
        return false;
    m_buffer.resize(m_size + maxBytes + kPadding);
    m_size += qBound(qsizetype(0), read(m_buffer.data() + m_size, maxBytes), maxBytes);
    return consume(sink);
}

QByteArray JsonSplitter::readChunk(qsizetype maxBytes, const Reader &read)
{
    QByteArray chunk;
    chunk.reserve(kChunkHeadroom + maxBytes + kPadding);
    chunk.resize(kChunkHeadroom + maxBytes);
    chunk.truncate(kChunkHeadroom +
                   qBound(qsizetype(0), read(chunk.data() + kChunkHeadroom, maxBytes), maxBytes));
    return chunk;
}

bool JsonSplitter::feedChunk(QByteArray chunk, const Sink &sink)
{
    const QByteArrayView bytes = QByteArrayView(chunk).sliced(qMin(kChunkHeadroom, chunk.size()));
    if (failed() || m_size > kChunkHeadroom || chunk.size() < kChunkHeadroom)
        return feed(bytes, sink);
    if (m_size > 0)
        std::memcpy(chunk.data() + kChunkHeadroom - m_size, m_buffer.constData(), size_t(m_size));
    // Dropping the front moves the chunk's start forward; the padding fits in what
    // readChunk() reserved after the bytes.
    chunk.remove(0, kChunkHeadroom - m_size);
    m_size = chunk.size();
    chunk.resize(m_size + kPadding);
    m_buffer = std::move(chunk);
    return consume(sink);
}

bool JsonSplitter::consume(const Sink &sink)
{
    std::memset(m_buffer.data() + m_size, 0, kPadding);
    while (m_indexed < m_size) {
        const qsizetype before = m_indexed;
        if (!indexAndSplit(qMin(m_size, m_indexed + kMaxPiece), sink))
            return false;
        if (m_indexed == before)
            break; // only the start of a character or an escape, until more bytes come
    }

    if (m_envelopeFrom >= 0) {
        m_envelope.append(m_buffer.constData() + m_envelopeFrom, m_size - m_envelopeFrom);
        m_envelopeFrom = m_size;
        if (m_envelope.size() > m_maxUnitBytes)
            return failEnvelopeTooLarge();
    }
    if (m_unitStart >= 0 && m_size - m_unitStart > m_maxUnitBytes) {
        return fail(QStringLiteral("%1 larger than the limit of %2 bytes")
                        .arg(m_mode == Mode::ListItems ? QStringLiteral("list item")
                                                       : QStringLiteral("event"))
                        .arg(m_maxUnitBytes));
    }
    keepOnlyPending();
    return true;
}

bool JsonSplitter::indexAndSplit(qsizetype to, const Sink &sink)
{
    char *buffer = m_buffer.data();
    if (!m_index->index(buffer, m_indexed, to, m_inString)) {
        // Split what precedes the error first, as when the error arrives in a later read: the
        // longest piece stage 1 accepts.
        const QString error = m_index->error();
        qsizetype good = m_indexed;
        qsizetype bad = to;
        while (bad - good > 1) {
            const qsizetype middle = good + (bad - good) / 2;
            (m_index->index(buffer, m_indexed, middle, m_inString) ? good : bad) = middle;
        }
        if (good > m_indexed && m_index->index(buffer, m_indexed, good, m_inString) && !split(sink))
            return false;
        return fail(
            QStringLiteral("malformed JSON near byte %1: %2").arg(m_dropped + good).arg(error));
    }
    if (!split(sink))
        return false;
    m_indexed = m_index->end();
    m_inString = m_index->endsInString();
    return true;
}

// Follows the nesting through the structural positions of one indexed piece.
bool JsonSplitter::split(const Sink &sink)
{
    const char *buffer = m_buffer.constData();
    const qsizetype base = m_index->base();
    const std::span<const uint32_t> positions = m_index->positions();
    const int unitDepth = m_mode == Mode::ListItems ? 3 : 1; // just inside a unit
    for (auto at = positions.begin(); at != positions.end();) {
        if (m_unitStart < 0) {
            if (!follow(base + qsizetype(*at++)))
                return false;
            continue;
        }
        // Inside a unit, where most structural characters are, only the nesting matters.
        int depth = m_depth;
        while (at != positions.end() && depth >= unitDepth)
            depth += kNesting[uchar(buffer[base + qsizetype(*at++)])];
        m_depth = depth;
        if (depth < unitDepth && !emitUnit(base + qsizetype(at[-1]) + 1, sink))
            return false;
    }
    return true;
}

// One structural character outside the units: between them, or in a list's own fields.
bool JsonSplitter::follow(qsizetype pos)
{
    const char c = m_buffer.at(pos);
    const bool list = m_mode == Mode::ListItems;
    if (m_depth == 0) {
        if (c != '{' || m_documentDone)
            return failUnexpected(pos);
        if (!list)
            m_unitStart = pos;
        m_depth = 1;
        m_keyPosition = true;
        return true;
    }
    if (list && m_inItems && m_depth == 2) {
        // Between items: separators, the next item, or the end of the array.
        if (c == ',')
            return true;
        if (c == ']') {
            m_inItems = false;
            m_depth = 1;
            m_envelopeFrom = pos;
            return true;
        }
        if (c != '{')
            return fail(QStringLiteral("malformed list at byte %1: an item is not an object")
                            .arg(m_dropped + pos));
        m_unitStart = pos;
        m_depth = 3;
        return true;
    }
    if (list && m_depth == 1) {
        // The list's own fields: the array after an "items" (or "rows") key holds the units.
        const bool itemsKey = m_itemsKey;
        m_itemsKey = false;
        if (c == '"' && m_keyPosition) {
            m_keyStart = pos;
        } else if (c == ':' && m_keyStart >= 0) {
            const char *key = m_buffer.constData() + m_keyStart;
            m_itemsKey = (pos - m_keyStart >= 7 && std::memcmp(key, "\"items\"", 7) == 0) ||
                         (pos - m_keyStart >= 6 && std::memcmp(key, "\"rows\"", 6) == 0);
            m_keyStart = -1;
        } else if (c == '[' && itemsKey && !m_itemsSeen) {
            m_inItems = m_itemsSeen = true;
            m_envelope.append(m_buffer.constData() + m_envelopeFrom, pos + 1 - m_envelopeFrom);
            m_envelopeFrom = -1;
            m_depth = 2;
            return m_envelope.size() <= m_maxUnitBytes || failEnvelopeTooLarge();
        }
        m_keyPosition = c == ',';
    }
    m_depth += kNesting[uchar(c)];
    if (m_depth == 0)
        m_documentDone = true; // a list's end (a Stream's units are followed in split())
    return true;
}

bool JsonSplitter::emitUnit(qsizetype end, const Sink &sink)
{
    char *buffer = m_buffer.data();
    const QByteArrayView unit(buffer + m_unitStart, end - m_unitStart);
    m_unitStart = -1;
    if (unit.size() > m_maxUnitBytes) {
        return fail(QStringLiteral("%1 of %2 bytes exceeds the limit of %3 bytes")
                        .arg(m_mode == Mode::ListItems ? QStringLiteral("list item")
                                                       : QStringLiteral("event"))
                        .arg(unit.size())
                        .arg(m_maxUnitBytes));
    }
    // simdjson may read past the end of a document: it finds a '\0' there, as after a copy,
    // whatever the stream holds next.
    const char next = buffer[end];
    buffer[end] = '\0';
    const bool accepted = sink(unit);
    m_buffer.data()[end] = next;
    if (!accepted)
        return fail(QStringLiteral("stopped by the consumer"));
    return true;
}

// Drops the bytes nothing needs any more: all but an incomplete unit, a top-level key whose ':'
// has not come, the byte before a string in progress (StructuralIndex writes a quote over it)
// and what has not been indexed yet.
void JsonSplitter::keepOnlyPending()
{
    qsizetype keepFrom = m_unitStart >= 0 ? m_unitStart : m_indexed;
    if (m_keyStart >= 0)
        keepFrom = qMin(keepFrom, m_keyStart);
    if (m_inString)
        keepFrom = qMin(keepFrom, m_indexed - 1);
    if (keepFrom > 0) {
        // Moved down, not QByteArray::remove(): that frees the front by moving the start
        // forward, and the next feed() would reallocate for room at the end.
        std::memmove(m_buffer.data(), m_buffer.constData() + keepFrom,
                     size_t(m_size + kPadding - keepFrom));
        m_buffer.resize(m_size + kPadding - keepFrom);
        m_size -= keepFrom;
        m_indexed -= keepFrom;
        m_dropped += keepFrom;
        for (qsizetype *pos : {&m_unitStart, &m_keyStart, &m_envelopeFrom}) {
            if (*pos >= 0)
                *pos -= keepFrom;
        }
    }
    if (m_size == 0 && m_buffer.capacity() > (1 << 20))
        m_buffer = QByteArray(); // give back the memory of a big unit
}

bool JsonSplitter::finish()
{
    if (failed())
        return false;
    if (m_inString || m_depth != 0 || m_unitStart >= 0) {
        return fail(QStringLiteral("stream ended inside %1 (%2 bytes pending)")
                        .arg(m_mode == Mode::Stream ? QStringLiteral("an event")
                                                    : QStringLiteral("the list"))
                        .arg(m_size));
    }
    if (m_indexed < m_size) // the start of a character or a backslash, outside any object
        return failUnexpected(m_indexed);
    if (m_mode == Mode::ListItems && !m_documentDone)
        return fail(QStringLiteral("empty response body"));
    return true;
}
