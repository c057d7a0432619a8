#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <functional>
#include <memory>

class StructuralIndex;

// Cuts a JSON byte stream into units while it downloads, so each unit can be parsed on its own
// (simdjson) and the bytes before it dropped. simdjson's stage 1 finds the structure (see
// StructuralIndex); the splitter only follows the nesting of the structural characters. Two
// shapes:
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
    // Returns false to stop splitting (the consumer hit an error of its own). The unit is a view
    // into the splitter's buffer, valid during the call, followed in memory by kPadding readable
    // bytes, the first of them '\0': simdjson can parse it in place (see PaddedJson).
    using Sink = std::function<bool(QByteArrayView unit)>;
    static constexpr qsizetype kPadding = 64; // SIMDJSON_PADDING

    JsonSplitter(Mode mode, qint64 maxUnitBytes);
    ~JsonSplitter();

    // Consumes data; calls sink per complete unit. False on malformed input, an oversized unit
    // or a sink refusal; error() says which. After false, the splitter stays failed.
    bool feed(QByteArrayView data, const Sink &sink);
    // The same for at most maxBytes that read() writes straight into the splitter's buffer (a
    // network reply's), returning how many it wrote.
    using Reader = std::function<qsizetype(char *data, qsizetype maxBytes)>;
    bool feed(qsizetype maxBytes, const Reader &read, const Sink &sink);
    // A reader that copies bytes that are already in memory (they must outlive the reader).
    static Reader copying(QByteArrayView bytes);
    // For bytes read on one thread and split on another: readChunk() reads them into a chunk
    // that leaves room in front, and feedChunk() makes that chunk the splitter's buffer, copying
    // only what it still holds of an unfinished unit into that room (a unit longer than the room
    // is copied as feed() would), so the bytes are not copied a second time.
    static constexpr qsizetype kChunkHeadroom = 16 << 10;
    static QByteArray readChunk(qsizetype maxBytes, const Reader &read);
    bool feedChunk(QByteArray chunk, const Sink &sink);
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
    qsizetype bufferedBytes() const { return m_size; }

private:
    // Splits the bytes fed since the last call, [m_indexed, m_size) of m_buffer.
    bool consume(const Sink &sink);
    bool indexAndSplit(qsizetype to, const Sink &sink);
    bool split(const Sink &sink);
    bool follow(qsizetype pos);
    bool emitUnit(qsizetype end, const Sink &sink);
    void keepOnlyPending();
    bool fail(const QString &message);
    bool failUnexpected(qsizetype pos);
    bool failEnvelopeTooLarge();

    Mode m_mode;
    qint64 m_maxUnitBytes;
    std::unique_ptr<StructuralIndex> m_index;
    QByteArray m_buffer;     // unconsumed input [0, m_size), then kPadding bytes
    qsizetype m_size = 0;    // bytes of input in m_buffer
    qint64 m_dropped = 0;    // bytes of the stream before m_buffer (for error positions)
    qsizetype m_indexed = 0; // m_buffer[0, m_indexed) went through stage 1
    bool m_inString = false; // m_indexed is inside a string
    qsizetype m_unitStart = -1;
    qsizetype m_envelopeFrom = -1; // ListItems: where envelope capture resumes in m_buffer
    qsizetype m_keyStart = -1;     // ListItems: a top-level key whose ':' has not come yet
    int m_depth = 0;
    bool m_keyPosition = false; // ListItems: the next top-level string is a key
    bool m_itemsKey = false;    // ListItems: the last top-level key was "items" or "rows"
    bool m_inItems = false;
    bool m_itemsSeen = false;
    bool m_documentDone = false;
    QByteArray m_envelope;
    QString m_error;
};
