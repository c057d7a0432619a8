#include "sim/SimListStream.h"

#include "sim/SimHttpConnection.h"

namespace {
constexpr qsizetype kChunkBytes = 256 * 1024;
}

SimListStream::SimListStream(SimHttpConnection *connection, QByteArray head,
                             std::vector<SimObjectPtr> items, RenderItem render, QByteArray tail)
    : QObject(connection)
    , m_connection(connection)
    , m_head(std::move(head))
    , m_items(std::move(items))
    , m_render(std::move(render))
    , m_tail(std::move(tail))
{}

void SimListStream::start(const QByteArray &contentType)
{
    m_connection->beginChunked(200, contentType);
    connect(m_connection, &SimHttpConnection::drained, this, &SimListStream::pump);
    pump();
}

void SimListStream::pump()
{
    if (m_done)
        return;
    while (m_connection->pendingBytes() < 2 * SimHttpConnection::kLowWater) {
        QByteArray chunk;
        chunk.reserve(kChunkBytes + 8192);
        if (!m_head.isEmpty())
            chunk.swap(m_head);
        while (m_next < m_items.size() && chunk.size() < kChunkBytes) {
            if (m_next > 0)
                chunk.append(',');
            m_render(chunk, *m_items[m_next]);
            m_items[m_next].reset(); // release old versions as soon as they are sent
            ++m_next;
        }
        if (m_next == m_items.size()) {
            chunk.append(m_tail);
            m_connection->writeChunk(chunk);
            m_done = true;
            m_connection->endChunked();
            deleteLater();
            return;
        }
        m_connection->writeChunk(chunk);
    }
}
