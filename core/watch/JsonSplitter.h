#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>

// Cuts a JSON byte stream into units while it downloads, without parsing it: tracks nesting,
// strings and escapes only, so each unit can then be parsed on its own (simdjson) and the
// bytes before it dropped. Two shapes:
//  - Stream: a watch body, a sequence of top-level objects (newline-separated in practice);
//    each object is a unit.
//  - ListItems: one list or Table object; each element of its top-level "items" (or "rows")
//    array is a unit and everything else (kind, metadata, columnDefinitions) is kept as the
//    envelope, with the array left empty.
class JsonSplitter
{
public:
    enum class Mode
    {
        Stream,
        ListItems
    };
    // Returns false to stop splitting (the consumer hit an error of its own).
    using Sink = std::function<bool(QByteArrayView unit)>;

    JsonSplitter(Mode mode, qint64 maxUnitBytes);

    // Consumes data; calls sink per complete unit. False on malformed input, an oversized unit
    // or a sink refusal; error() says which. After false, the splitter stays failed.
    bool feed(QByteArrayView data, const Sink &sink);
    // The stream ended: false (with error()) if a unit or the list object is incomplete.
    bool finish();
    QString error() const { return m_error; }
    bool failed() const { return !m_error.isEmpty(); }

    // ListItems: the list object with an empty items array; complete after finish(). While the
    // items are streaming, envelopeHead() is the part before them, closed into valid JSON
    // (metadata and columnDefinitions precede items in what API servers send).
    const QByteArray &envelope() const { return m_envelope; }
    QByteArray envelopeHead() const;
    bool itemsStarted() const { return m_itemsSeen; }
    // Bytes held for an incomplete unit (memory accounting and tests).
    qsizetype bufferedBytes() const { return m_buffer.size(); }

private:
    bool fail(const QString &message);
    bool failEnvelopeTooLarge();

    Mode m_mode;
    qint64 m_maxUnitBytes;
    QByteArray m_buffer; // unconsumed input, padded
    qsizetype m_pos = 0; // scan position in m_buffer
    qsizetype m_unitStart = -1;
    qsizetype m_envelopeFrom = -1; // ListItems: where envelope capture resumes in m_buffer
    qsizetype m_keyStart = -1;
    int m_depth = 0;
    bool m_inString = false;
    bool m_escape = false;
    bool m_inItems = false;
    bool m_itemsSeen = false;
    bool m_documentDone = false;
    QByteArray m_lastKey;
    QByteArray m_envelope;
    QString m_error;
};
