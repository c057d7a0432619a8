#include "core/watch/WatchDecoder.h"

#include "core/watch/ObjectDecoder.h"

WatchDecoder::WatchDecoder(ObjectDecoder *decoder, qint64 maxEventBytes)
    : m_decoder(decoder)
    , m_splitter(JsonSplitter::Mode::Stream, maxEventBytes)
{}

bool WatchDecoder::feed(QByteArrayView data, const EventSink &sink)
{
    WatchEvent event;
    return m_error.isEmpty() && m_splitter.feed(data, unitSink(sink, event));
}

bool WatchDecoder::feed(qsizetype maxBytes, const JsonSplitter::Reader &read, const EventSink &sink)
{
    WatchEvent event;
    return m_error.isEmpty() && m_splitter.feed(maxBytes, read, unitSink(sink, event));
}

// event: reused for every unit of one feed().
JsonSplitter::Sink WatchDecoder::unitSink(const EventSink &sink, WatchEvent &event)
{
    return [this, &sink, &event](QByteArrayView unit) {
        QString error;
        if (!m_decoder->decodeWatchEvent(PaddedJson{unit}, event, &error)) {
            m_error = error;
            return false;
        }
        if (sink(event))
            return true;
        m_error = QStringLiteral("stopped");
        return false;
    };
}

bool WatchDecoder::finish()
{
    return m_error.isEmpty() && m_splitter.finish();
}
