#include "core/yaml/GoYamlEmitter.h"

#include "core/yaml/GoYamlScalars.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

#include <algorithm>
#include <utility>

namespace {

constexpr int kBestIndent = 2;
constexpr int kBestWidth = 80;
constexpr size_t kMaxSimpleKeyLength = 128; // longer keys are written "? key" / ": value"

// Byte classes of libyaml, on UTF-8; reads past the end see NUL, as libyaml's buffer does.
struct Utf8
{
    std::string_view s;
    uchar at(size_t i) const { return i < s.size() ? uchar(s[i]) : 0; }
    size_t width(size_t i) const
    {
        const uchar b = at(i);
        return (b & 0x80) == 0      ? 1
               : (b & 0xE0) == 0xC0 ? 2
               : (b & 0xF0) == 0xE0 ? 3
               : (b & 0xF8) == 0xF0 ? 4
                                    : 1;
    }
    bool isSpace(size_t i) const { return at(i) == ' '; }
    bool isBlank(size_t i) const { return at(i) == ' ' || at(i) == '\t'; }
    bool isBreak(size_t i) const
    {
        const uchar b = at(i);
        return b == '\r' || b == '\n' || (b == 0xC2 && at(i + 1) == 0x85) ||
               (b == 0xE2 && at(i + 1) == 0x80 && (at(i + 2) == 0xA8 || at(i + 2) == 0xA9));
    }
    bool isBlankOrBreakOrEnd(size_t i) const { return isBlank(i) || isBreak(i) || at(i) == 0; }
    bool isPrintable(size_t i) const
    {
        const uchar b = at(i);
        const uchar n = at(i + 1);
        return b == 0x0A || (b >= 0x20 && b <= 0x7E) || (b == 0xC2 && n >= 0xA0) ||
               (b > 0xC2 && b < 0xED) || (b == 0xED && n < 0xA0) || b == 0xEE ||
               (b == 0xEF && !(n == 0xBB && at(i + 2) == 0xBF) &&
                !(n == 0xBF && (at(i + 2) == 0xBE || at(i + 2) == 0xBF)));
    }
    // libyaml's is_bom(value, i) looks at the start of the value whatever i is.
    bool startsWithBom() const { return at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF; }
};

// yaml_emitter_analyze_scalar, the block-context part.
struct ScalarAnalysis
{
    bool multiline = false;
    bool plainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;

    explicit ScalarAnalysis(std::string_view value)
    {
        const Utf8 v{value};
        if (value.empty()) {
            blockAllowed = false;
            return;
        }
        bool indicators = value.substr(0, 3) == "---" || value.substr(0, 3) == "...";
        bool special = false, leadingSpace = false, leadingBreak = false;
        bool trailingSpace = false, trailingBreak = false, breakSpace = false;
        bool spaceBreak = false, previousSpace = false, previousBreak = false;
        bool precededByWhitespace = true;
        for (size_t i = 0; i < value.size(); i += v.width(i)) {
            const size_t next = i + v.width(i);
            const bool followedByWhitespace = next >= value.size() || v.isBlank(next);
            const char c = value[i];
            if (i == 0) {
                if (std::string_view("#,[]{}&*!|>'\"%@`").find(c) != std::string_view::npos)
                    indicators = true;
                else if ((c == '?' || c == ':' || c == '-') && followedByWhitespace)
                    indicators = true;
            } else if ((c == ':' && followedByWhitespace) || (c == '#' && precededByWhitespace)) {
                indicators = true;
            }
            special = special || !v.isPrintable(i);
            if (v.isSpace(i)) {
                leadingSpace = leadingSpace || i == 0;
                trailingSpace = trailingSpace || next == value.size();
                breakSpace = breakSpace || previousBreak;
                previousSpace = true;
                previousBreak = false;
            } else if (v.isBreak(i)) {
                multiline = true;
                leadingBreak = leadingBreak || i == 0;
                trailingBreak = trailingBreak || next == value.size();
                spaceBreak = spaceBreak || previousSpace;
                previousSpace = false;
                previousBreak = true;
            } else {
                previousSpace = previousBreak = false;
            }
            precededByWhitespace = v.isBlankOrBreakOrEnd(i);
        }
        if (leadingSpace || leadingBreak || trailingSpace || trailingBreak || multiline ||
            indicators || breakSpace || spaceBreak || special)
            plainAllowed = false;
        if (trailingSpace || spaceBreak || special)
            blockAllowed = false;
        if (breakSpace || spaceBreak || special)
            singleQuotedAllowed = false;
    }
};

} // namespace

std::string GoYamlEmitter::document(const QJsonObject &root)
{
    GoYamlEmitter emitter;
    emitter.emitNode(root, false, false);
    emitter.writeIndent(); // the document's end
    return std::move(emitter.m_out);
}

void GoYamlEmitter::emitNode(const QJsonValue &value, bool mapping, bool simpleKey)
{
    m_mappingContext = mapping;
    m_simpleKeyContext = simpleKey;
    switch (value.type()) {
    case QJsonValue::Object:
        if (value.toObject().isEmpty())
            emitEmptyFlow("{", "}");
        else
            emitMapping(value.toObject());
        break;
    case QJsonValue::Array:
        if (value.toArray().isEmpty())
            emitEmptyFlow("[", "]");
        else
            emitSequence(value.toArray());
        break;
    case QJsonValue::String:
        emitString(value.toString().toStdString());
        break;
    case QJsonValue::Double:
        emitScalar(GoYamlScalars::number(value), Style::Plain);
        break;
    case QJsonValue::Bool:
        emitScalar(value.toBool() ? "true" : "false", Style::Plain);
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        emitScalar("null", Style::Plain);
        break;
    }
}

void GoYamlEmitter::emitMapping(const QJsonObject &object)
{
    increaseIndent(false, false);
    for (const QString &key : GoYamlScalars::sortedKeys(object)) {
        writeIndent();
        const std::string text = key.toStdString();
        if (!ScalarAnalysis(text).multiline && text.size() <= kMaxSimpleKeyLength) {
            m_mappingContext = m_simpleKeyContext = true;
            emitString(text);
            writeIndicator(":", false, false, false);
        } else {
            writeIndicator("?", true, false, true);
            m_mappingContext = true;
            m_simpleKeyContext = false;
            emitString(text);
            writeIndent();
            writeIndicator(":", true, false, true);
        }
        emitNode(object.value(key), true, false);
    }
    popIndent();
}

void GoYamlEmitter::emitSequence(const QJsonArray &array)
{
    // In a mapping, "- " sits at the key's indentation.
    increaseIndent(false, m_mappingContext && !m_indention);
    for (const QJsonValue &item : array) {
        writeIndent();
        writeIndicator("-", true, false, true);
        emitNode(item, false, false);
    }
    popIndent();
}

void GoYamlEmitter::emitEmptyFlow(std::string_view open, std::string_view close)
{
    writeIndicator(open, true, true, false);
    writeIndicator(close, false, false, false);
}

// encode.go's stringv: a literal block when there is a line feed, else plain when that
// reads back as the same string, else double quotes.
void GoYamlEmitter::emitString(const std::string &text)
{
    const Style style = text.find('\n') != std::string::npos ? Style::Literal
                        : GoYamlScalars::needsQuotes(text)   ? Style::DoubleQuoted
                                                             : Style::Plain;
    emitScalar(text, style);
}

// yaml_emitter_select_scalar_style, then the writer.
void GoYamlEmitter::emitScalar(std::string_view value, Style style)
{
    const ScalarAnalysis analysis(value);
    if (m_simpleKeyContext && analysis.multiline)
        style = Style::DoubleQuoted;
    if (style == Style::Plain && (!analysis.plainAllowed || (value.empty() && m_simpleKeyContext)))
        style = Style::SingleQuoted;
    if (style == Style::SingleQuoted && !analysis.singleQuotedAllowed)
        style = Style::DoubleQuoted;
    if (style == Style::Literal && (!analysis.blockAllowed || m_simpleKeyContext))
        style = Style::DoubleQuoted;
    increaseIndent(true, false);
    const bool allowBreaks = !m_simpleKeyContext;
    switch (style) {
    case Style::Plain:
        writePlain(value, allowBreaks);
        break;
    case Style::SingleQuoted:
        writeSingleQuoted(value, allowBreaks);
        break;
    case Style::DoubleQuoted:
        writeDoubleQuoted(value, allowBreaks);
        break;
    case Style::Literal:
        writeLiteral(value);
        break;
    }
    popIndent();
}

void GoYamlEmitter::increaseIndent(bool flow, bool indentless)
{
    m_indents.push_back(m_indent);
    if (m_indent < 0)
        m_indent = flow ? kBestIndent : 0;
    else if (!indentless)
        m_indent += kBestIndent;
}

void GoYamlEmitter::popIndent()
{
    m_indent = m_indents.back();
    m_indents.pop_back();
}

void GoYamlEmitter::put(char c)
{
    m_out += c;
    ++m_column;
}

void GoYamlEmitter::putBreak()
{
    m_out += '\n';
    m_column = 0;
}

// Copies one character (all its bytes) from value at i.
void GoYamlEmitter::write(std::string_view text, size_t &i)
{
    const Utf8 value{text};
    const size_t w = value.width(i);
    m_out.append(value.s.substr(i, w));
    ++m_column;
    i += w;
}

void GoYamlEmitter::writeBreak(std::string_view text, size_t &i)
{
    const Utf8 value{text};
    if (value.at(i) == '\n') {
        putBreak();
        ++i;
    } else {
        write(text, i);
        m_column = 0;
    }
}

void GoYamlEmitter::writeIndent()
{
    const int indent = std::max(m_indent, 0);
    if (!m_indention || m_column > indent || (m_column == indent && !m_whitespace))
        putBreak();
    while (m_column < indent)
        put(' ');
    m_whitespace = true;
    m_indention = true;
}

void GoYamlEmitter::writeIndicator(std::string_view indicator, bool needWhitespace,
                                   bool isWhitespace, bool isIndention)
{
    if (needWhitespace && !m_whitespace)
        put(' ');
    for (const char c : indicator)
        put(c);
    m_whitespace = isWhitespace;
    m_indention = m_indention && isIndention;
}

void GoYamlEmitter::writePlain(std::string_view text, bool allowBreaks)
{
    const Utf8 value{text};
    if (!m_whitespace)
        put(' ');
    bool spaces = false;
    for (size_t i = 0; i < text.size();) {
        if (value.isSpace(i)) {
            if (allowBreaks && !spaces && m_column > kBestWidth && !value.isSpace(i + 1)) {
                writeIndent();
                ++i;
            } else {
                write(text, i);
            }
            spaces = true;
        } else {
            write(text, i); // plain text never holds a line break
            m_indention = false;
            spaces = false;
        }
    }
    m_whitespace = false;
    m_indention = false;
}

void GoYamlEmitter::writeSingleQuoted(std::string_view text, bool allowBreaks)
{
    const Utf8 value{text};
    writeIndicator("'", true, false, false);
    bool spaces = false;
    bool breaks = false;
    for (size_t i = 0; i < text.size();) {
        if (value.isSpace(i)) {
            if (allowBreaks && !spaces && m_column > kBestWidth && i > 0 && i < text.size() - 1 &&
                !value.isSpace(i + 1)) {
                writeIndent();
                ++i;
            } else {
                write(text, i);
            }
            spaces = true;
        } else if (value.isBreak(i)) {
            if (!breaks && value.at(i) == '\n')
                putBreak();
            writeBreak(text, i);
            m_indention = true;
            breaks = true;
        } else {
            if (breaks)
                writeIndent();
            if (value.at(i) == '\'')
                put('\'');
            write(text, i);
            m_indention = false;
            spaces = false;
            breaks = false;
        }
    }
    writeIndicator("'", false, false, false);
    m_whitespace = false;
    m_indention = false;
}

void GoYamlEmitter::writeEscaped(std::string_view text, size_t &i)
{
    const Utf8 value{text};
    const size_t w = value.width(i);
    const uchar lead = value.at(i);
    char32_t v = w == 1 ? lead : w == 2 ? lead & 0x1F : w == 3 ? lead & 0x0F : lead & 0x07;
    for (size_t k = 1; k < w; ++k)
        v = (v << 6) + (value.at(i + k) & 0x3F);
    i += w;
    put('\\');
    static const std::pair<char32_t, char> named[] = {
        {0x00, '0'},  {0x07, 'a'}, {0x08, 'b'}, {0x09, 't'},   {0x0A, 'n'},
        {0x0B, 'v'},  {0x0C, 'f'}, {0x0D, 'r'}, {0x1B, 'e'},   {0x22, '"'},
        {0x5C, '\\'}, {0x85, 'N'}, {0xA0, '_'}, {0x2028, 'L'}, {0x2029, 'P'}};
    for (const auto &[code, letter] : named) {
        if (code == v) {
            put(letter);
            return;
        }
    }
    const int digits = v <= 0xFF ? 2 : v <= 0xFFFF ? 4 : 8;
    put(digits == 2 ? 'x' : digits == 4 ? 'u' : 'U');
    for (int k = (digits - 1) * 4; k >= 0; k -= 4)
        put("0123456789ABCDEF"[(v >> k) & 0x0F]);
}

void GoYamlEmitter::writeDoubleQuoted(std::string_view text, bool allowBreaks)
{
    const Utf8 value{text};
    writeIndicator("\"", true, false, false);
    bool spaces = false;
    for (size_t i = 0; i < text.size();) {
        const uchar c = value.at(i);
        if (!value.isPrintable(i) || value.startsWithBom() || value.isBreak(i) || c == '"' ||
            c == '\\') {
            writeEscaped(text, i);
            spaces = false;
        } else if (value.isSpace(i)) {
            if (allowBreaks && !spaces && m_column > kBestWidth && i > 0 && i < text.size() - 1) {
                writeIndent();
                if (value.isSpace(i + 1))
                    put('\\');
                ++i;
            } else {
                write(text, i);
            }
            spaces = true;
        } else {
            write(text, i);
            spaces = false;
        }
    }
    writeIndicator("\"", false, false, false);
    m_whitespace = false;
    m_indention = false;
}

void GoYamlEmitter::writeLiteral(std::string_view text)
{
    const Utf8 value{text};
    writeIndicator("|", true, false, false);
    if (value.isSpace(0) || value.isBreak(0))
        writeIndicator(std::string(1, char('0' + kBestIndent)), false, false, false);
    // Chomping: "-" without a final line break, "+" with more than one (or only one).
    size_t last = text.size() - 1;
    while ((value.at(last) & 0xC0) == 0x80)
        --last;
    const char *chomp = "";
    if (!value.isBreak(last)) {
        chomp = "-";
    } else if (last == 0) {
        chomp = "+";
    } else {
        size_t before = last - 1;
        while ((value.at(before) & 0xC0) == 0x80)
            --before;
        if (value.isBreak(before))
            chomp = "+";
    }
    if (*chomp)
        writeIndicator(chomp, false, false, false);
    putBreak();
    m_indention = true;
    m_whitespace = true;
    bool breaks = true;
    for (size_t i = 0; i < text.size();) {
        if (value.isBreak(i)) {
            writeBreak(text, i);
            m_indention = true;
            breaks = true;
        } else {
            if (breaks)
                writeIndent();
            write(text, i);
            m_indention = false;
            breaks = false;
        }
    }
}
