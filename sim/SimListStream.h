#pragma once

#include "sim/SimObject.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <vector>

class SimHttpConnection;

// Writes one list response (head, items, tail) as a chunked body, rendering items only as
// the socket drains, so a 100,000-object list never sits in memory as one buffer.
class SimListStream : public QObject
{
    Q_OBJECT

public:
    using RenderItem = std::function<void(QByteArray &out, const SimObject &object)>;

    // Parented to connection; deletes itself when the body is complete.
    SimListStream(SimHttpConnection *connection, QByteArray head, std::vector<SimObjectPtr> items,
                  RenderItem render, QByteArray tail);
    void start(const QByteArray &contentType);

private:
    void pump();

    SimHttpConnection *m_connection; // Not owned (our parent).
    QByteArray m_head;
    std::vector<SimObjectPtr> m_items;
    RenderItem m_render;
    QByteArray m_tail;
    size_t m_next = 0;
    bool m_done = false;
};
