#pragma once

#include <QByteArray>
#include <QString>

// One JSON object written field by field, in order ("ts" first), for kubeglass-watch's
// line-oriented output. QJsonObject would sort the keys.
class JsonLine
{
public:
    JsonLine &add(const char *key, const QString &value);
    JsonLine &add(const char *key, qint64 value);
    // The finished line, with its newline.
    QByteArray toLine() const { return m_text + "}\n"; }

    static QByteArray quoted(const QString &value);

private:
    void key(const char *key);

    QByteArray m_text = "{";
};
