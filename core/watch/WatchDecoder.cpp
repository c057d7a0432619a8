#include "core/watch/WatchDecoder.h"

#include "core/watch/ObjectDecoder.h"

WatchDecoder::WatchDecoder(ObjectDecoder *decoder, qint64 maxEventBytes)
    : m_decoder(decoder)
    , m_splitter(JsonSplitter::Mode::Stream, maxEventBytes)
{}

bool WatchDecoder::feed(QByteArrayView data, const EventSink &sink)
{
    if (!m_error.isEmpty())
        return false;
    WatchEvent event;
    return m_splitter.feed(data, [&](QByteArrayView unit) {
        QString error;
        if (!m_decoder->decodeWatchEvent(PaddedJson{unit}, event, &error)) {
            m_error = error;
            return false;
        }
        if (sink(event))
            return true;
        m_error = QStringLiteral("stopped");
        return false;
    });
}

bool WatchDecoder::finish()
{
    return m_error.isEmpty() && m_splitter.finish();
}
