#pragma once

#include "core/watch/JsonSplitter.h"
#include "core/watch/WatchEvent.h"

#include <QByteArrayView>
#include <QString>

#include <functional>

class ObjectDecoder;

// The incremental decoder of one watch response body, fed from readyRead: events may be split
// across reads or several may arrive in one. Malformed input, an undecodable event, an event
// above maxEventBytes or a body cut inside an event fail with error(); nothing is skipped
// silently.
class WatchDecoder
{
public:
    // Returns false to stop decoding.
    using EventSink = std::function<bool(WatchEvent &event)>;

    // decoder: not owned.
    WatchDecoder(ObjectDecoder *decoder, qint64 maxEventBytes);

    bool feed(QByteArrayView data, const EventSink &sink);
    // The same for at most maxBytes that read() writes straight into the decoder's buffer.
    bool feed(qsizetype maxBytes, const JsonSplitter::Reader &read, const EventSink &sink);
    // The body ended: false if it ended inside an event.
    bool finish();
    QString error() const { return m_error.isEmpty() ? m_splitter.error() : m_error; }
    qsizetype bufferedBytes() const { return m_splitter.bufferedBytes(); }

private:
    JsonSplitter::Sink unitSink(const EventSink &sink, WatchEvent &event);

    ObjectDecoder *m_decoder; // Not owned.
    JsonSplitter m_splitter;
    QString m_error;
};
