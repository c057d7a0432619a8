#include "core/watch/StructuralIndex.h"

#include <simdjson.h>

using namespace simdjson;

namespace {

// Where [from, to) ends without the first bytes of a UTF-8 character whose other bytes have not
// arrived (stage 1 would call it invalid). Anything else is left for stage 1 to judge.
qsizetype completeCharactersEnd(const char *buffer, qsizetype from, qsizetype to)
{
    for (qsizetype i = to - 1; i >= from && i >= to - 3; --i) {
        const uchar c = uchar(buffer[i]);
        if (c < 0x80)
            return to;
        if (c >= 0xC0) {
            const qsizetype length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            return to - i < length ? i : to;
        }
    }
    return to;
}

// Where [from, end) ends without a backslash that escapes the byte after it: an odd run of
// backslashes at the end. The run cannot reach back before `from`: a piece starts after
// whatever the previous one left, never inside an escape.
qsizetype withoutDanglingEscape(const char *buffer, qsizetype from, qsizetype end)
{
    qsizetype run = 0;
    while (end - run > from && buffer[end - run - 1] == '\\')
        ++run;
    return run % 2 ? end - 1 : end;
}

} // namespace

StructuralIndex::StructuralIndex() = default;

StructuralIndex::~StructuralIndex() = default;

std::span<const uint32_t> StructuralIndex::positions() const
{
    if (!m_parser || m_parser->n_structural_indexes <= m_first)
        return {};
    return {m_parser->structural_indexes.get() + m_first,
            size_t(m_parser->n_structural_indexes - m_first)};
}

bool StructuralIndex::reserve(qsizetype bytes)
{
    if (!m_parser) {
        // The implementation selected for this CPU, not simdjson::builtin_implementation().
        if (get_active_implementation()->create_dom_parser_implementation(0, 1, m_parser) !=
            SUCCESS) {
            m_error = QStringLiteral("cannot allocate the JSON index");
            return false;
        }
    }
    if (bytes <= m_capacity)
        return true;
    const qsizetype capacity = qMax(bytes, qMin(2 * m_capacity, qsizetype(SIMDJSON_MAXSIZE_BYTES)));
    if (bytes > qsizetype(SIMDJSON_MAXSIZE_BYTES) || m_parser->set_capacity(size_t(capacity))) {
        m_error = QStringLiteral("cannot index %1 bytes of JSON at once").arg(bytes);
        return false;
    }
    m_capacity = capacity;
    return true;
}

bool StructuralIndex::index(char *buffer, qsizetype from, qsizetype to, bool startsInString)
{
    m_error.clear();
    m_first = 0;
    m_end = withoutDanglingEscape(buffer, from, completeCharactersEnd(buffer, from, to));
    m_base = startsInString ? from - 1 : from;
    m_endsInString = startsInString;
    if (m_end == from) {
        if (m_parser)
            m_parser->n_structural_indexes = 0;
        return true;
    }
    // One byte more for a closing quote.
    if (!reserve(m_end - m_base + 1))
        return false;

    const char opening = buffer[m_base];
    const char closing = buffer[m_end];
    if (startsInString)
        buffer[m_base] = '"';
    const auto stage1 = [&](bool closeString) {
        buffer[m_end] = closeString ? '"' : closing;
        return m_parser->stage1(reinterpret_cast<const uint8_t *>(buffer + m_base),
                                size_t(m_end - m_base + (closeString ? 1 : 0)),
                                stage1_mode::regular);
    };
    // Stage 1 refuses a string left open: one of the two guesses is the right one.
    bool closeString = m_lastEndedInString;
    error_code code = stage1(closeString);
    if (code == UNCLOSED_STRING) {
        closeString = !closeString;
        code = stage1(closeString);
    }
    buffer[m_end] = closing;
    buffer[m_base] = opening;

    if (code == EMPTY) { // only whitespace
        m_parser->n_structural_indexes = 0;
        code = SUCCESS;
    }
    if (code != SUCCESS) {
        m_error = QString::fromLatin1(error_message(code));
        return false;
    }
    m_first = startsInString ? 1 : 0; // the quote written before the piece
    m_endsInString = m_lastEndedInString = closeString;
    return true;
}
