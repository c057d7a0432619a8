#pragma once

#include "core/store/StoredObject.h"
#include "core/watch/JsonSplitter.h"
#include "core/watch/ObjectProjection.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

// The items of one list page, split (JsonSplitter) and decoded (its own ObjectDecoder) on a
// thread of Kubeglass's work pool (core/base/WorkPool) while the caller's thread goes on reading
// the next bytes. Results come back as queued calls on the context object's thread; none comes
// after the decoder is destroyed. The envelope comes back as JSON for the caller to decode.
class ListPageDecoder
{
public:
    struct Page
    {
        bool ok = false;
        QString error;
        bool incomplete = false;      // the body ended inside the list
        QList<StoredObjectPtr> items; // a QList, as ObjectStore::replace() and StoreDelta take it
        qint64 skippedItems = 0;      // without metadata.name
        QByteArray envelope;          // the page without its items
    };
    // itemsSoFar: decoded so far in this page. envelopeHead: the envelope before the items,
    // closed into valid JSON, given once, with the first call after the items started.
    // fresh: the items decoded since the last call, when asked for (shareItems).
    using Progress = std::function<void(qint64 itemsSoFar, const QByteArray &envelopeHead,
                                        std::vector<StoredObjectPtr> &fresh)>;
    using Done = std::function<void(Page &page)>;
    // Past this many bytes waiting to be decoded, canFeed() is false.
    static constexpr qsizetype kMaxQueuedBytes = 8 << 20;

    // context: not owned, outlives the decoder. progress and done run on its thread.
    // projection: what each item keeps of its JSON (WatchTarget::keepOfObject).
    // shareItems: progress() also gets the items as they are decoded (a first list shown while
    // it arrives); done() still gets them all.
    ListPageDecoder(QObject *context, bool tableRows, ObjectProjection projection, bool shareItems,
                    qint64 maxItemBytes, Progress progress, Done done,
                    std::function<void()> drained);
    ~ListPageDecoder();
    ListPageDecoder(const ListPageDecoder &) = delete;
    ListPageDecoder &operator=(const ListPageDecoder &) = delete;

    // Queues at most maxBytes of the body that read() writes straight into the chunk the
    // splitter will keep (JsonSplitter::readChunk()), so they are not copied again. While
    // canFeed() is false the caller leaves the rest in the reply (the connection then slows the
    // server down); drained() says when to read on.
    void feed(qsizetype maxBytes, const JsonSplitter::Reader &read);
    // Queues a copy of bytes.
    void feed(QByteArrayView bytes);
    bool canFeed() const;
    // The body is complete: done() follows.
    void finish();

private:
    struct State;
    static void run(const std::shared_ptr<State> &state);
    void schedule();

    std::shared_ptr<State> m_state;
};
