#pragma once

#include <QByteArrayView>
#include <QList>

// Where a fuzz input's body is cut into reads, so the decoders see events and items split at
// arbitrary points as readyRead delivers them. The input's first byte chooses the plan (the
// fuzzer mutates it like any other byte); the rest is the body.
class ChunkPlan
{
public:
    explicit ChunkPlan(QByteArrayView input);

    QByteArrayView body() const { return m_body; }
    // The body cut by the plan; never an empty chunk.
    QList<QByteArrayView> chunks() const;
    // Free bit of the plan byte, for a target's own switch (list_parser: Table rows).
    bool flag() const { return m_control & 0x01; }

private:
    unsigned char m_control = 0;
    QByteArrayView m_body;
};
