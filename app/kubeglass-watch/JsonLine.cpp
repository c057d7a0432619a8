#include "app/kubeglass-watch/JsonLine.h"

QByteArray JsonLine::quoted(const QString &value)
{
    QByteArray out;
    out.reserve(value.size() + 2);
    out += '"';
    const QByteArray utf8 = value.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (uchar(c) < 0x20)
                out += "\\u00" + QByteArray::number(uchar(c), 16).rightJustified(2, '0');
            else
                out += c;
        }
    }
    out += '"';
    return out;
}

void JsonLine::key(const char *key)
{
    if (m_text.size() > 1)
        m_text += ',';
    m_text += '"';
    m_text += key;
    m_text += "\":";
}

JsonLine &JsonLine::add(const char *name, const QString &value)
{
    key(name);
    m_text += quoted(value);
    return *this;
}

JsonLine &JsonLine::add(const char *name, qint64 value)
{
    key(name);
    m_text += QByteArray::number(value);
    return *this;
}
