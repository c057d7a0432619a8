#include "tests/fuzz/ChunkPlan.h"

ChunkPlan::ChunkPlan(QByteArrayView input)
{
    if (input.isEmpty())
        return;
    m_control = static_cast<unsigned char>(input.front());
    m_body = input.sliced(1);
}

QList<QByteArrayView> ChunkPlan::chunks() const
{
    // Bits 1-2: the largest chunk (1 byte, 8, 97 or 1024); bits 3-7 seed the sizes in between.
    static constexpr qsizetype kMaxChunk[] = {1, 8, 97, 1024};
    const qsizetype maxChunk = kMaxChunk[(m_control >> 1) & 0x03];
    quint32 state = 0x9E3779B9u ^ (quint32(m_control >> 3) * 0x01000193u);
    QList<QByteArrayView> chunks;
    for (qsizetype at = 0; at < m_body.size();) {
        state ^= state << 13; // xorshift32: deterministic across compilers and runs
        state ^= state >> 17;
        state ^= state << 5;
        const qsizetype size = qMin(1 + qsizetype(state % quint32(maxChunk)), m_body.size() - at);
        chunks.append(m_body.sliced(at, size));
        at += size;
    }
    return chunks;
}
