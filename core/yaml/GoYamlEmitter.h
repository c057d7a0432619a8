#pragma once

#include <string>
#include <string_view>
#include <vector>

class QJsonArray;
class QJsonObject;
class QJsonValue;

// Writes a JSON object as YAML the way go-yaml v2's emitter (its libyaml port, emitterc.go)
// does when kubectl prints an object: block mappings and sequences with 2-space indentation,
// "- " of a sequence in a mapping at the key's indentation, "{}" and "[]" for empty
// collections, plain, single-quoted, double-quoted or literal scalars as go-yaml chooses,
// and plain and quoted scalars folded at spaces past column 80.
class GoYamlEmitter
{
public:
    static std::string document(const QJsonObject &root);

private:
    enum class Style
    {
        Plain,
        SingleQuoted,
        DoubleQuoted,
        Literal
    };

    void emitNode(const QJsonValue &value, bool mapping, bool simpleKey);
    void emitMapping(const QJsonObject &object);
    void emitSequence(const QJsonArray &array);
    void emitEmptyFlow(std::string_view open, std::string_view close);
    void emitString(const std::string &text);
    void emitScalar(std::string_view value, Style style);
    void increaseIndent(bool flow, bool indentless);
    void popIndent();
    void put(char c);
    void putBreak();
    void write(std::string_view value, size_t &i);
    void writeBreak(std::string_view value, size_t &i);
    void writeIndent();
    void writeIndicator(std::string_view indicator, bool needWhitespace, bool isWhitespace,
                        bool isIndention);
    void writePlain(std::string_view text, bool allowBreaks);
    void writeSingleQuoted(std::string_view text, bool allowBreaks);
    void writeEscaped(std::string_view value, size_t &i);
    void writeDoubleQuoted(std::string_view text, bool allowBreaks);
    void writeLiteral(std::string_view text);

    std::string m_out;
    int m_column = 0;
    int m_indent = -1; // libyaml's: -1 before the root node
    std::vector<int> m_indents;
    bool m_whitespace = true; // the last character written was whitespace
    bool m_indention = true;  // only indentation (and indicators) on this line so far
    bool m_mappingContext = false;
    bool m_simpleKeyContext = false;
};
