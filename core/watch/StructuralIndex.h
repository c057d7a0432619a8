#pragma once

#include <QString>
#include <QtGlobal>

#include <cstdint>
#include <memory>
#include <span>

namespace simdjson::internal {
class dom_parser_implementation;
}

// simdjson's stage 1 (where every structural character, string and scalar starts) over a
// byte stream that arrives in pieces. It runs the kernel simdjson selects for this CPU at run
// time (haswell, icelake...), not the one the compiler flags allow inline: the product is built
// for baseline x86-64, where simdjson's inline (On Demand) kernel is the scalar fallback.
//
// Stage 1 needs to know whether a piece starts inside a string and refuses one that ends inside
// a string. So a piece that starts inside one is opened with a quote written over the byte
// before it, and one that ends inside one is closed with a quote written after it; both bytes
// are restored. The last bytes of an incomplete UTF-8 character, or a backslash that escapes the
// next piece's first byte, are left for the next piece.
class StructuralIndex
{
public:
    StructuralIndex();
    ~StructuralIndex();
    StructuralIndex(const StructuralIndex &) = delete;
    StructuralIndex &operator=(const StructuralIndex &) = delete;

    // Indexes buffer[from, to). startsInString: `from` is inside a string (where the previous
    // piece ended); buffer[from - 1] is then overwritten for the call. buffer[to] must be
    // writable. False on malformed input (invalid UTF-8, an unescaped control character in a
    // string), with error().
    bool index(char *buffer, qsizetype from, qsizetype to, bool startsInString);

    // After a successful index(): [from, end()) was indexed; the rest waits for more bytes.
    qsizetype end() const { return m_end; }
    bool endsInString() const { return m_endsInString; }
    // Structural positions, as offsets from base(), in order.
    qsizetype base() const { return m_base; }
    std::span<const uint32_t> positions() const;
    QString error() const { return m_error; }

private:
    bool reserve(qsizetype bytes);

    std::unique_ptr<simdjson::internal::dom_parser_implementation> m_parser;
    qsizetype m_capacity = 0;
    qsizetype m_end = 0;
    qsizetype m_base = 0;
    qsizetype m_first = 0; // the quote opening a piece that starts in a string is not reported
    bool m_endsInString = false;
    bool m_lastEndedInString = true; // where the previous piece ended: the likelier case first
    QString m_error;
};
