#include "core/watch/ListPageDecoder.h"

#include "core/Logging.h"
#include "core/base/WorkPool.h"
#include "core/watch/JsonSplitter.h"
#include "core/watch/ObjectDecoder.h"

#include <QMutex>
#include <QThreadPool>

#include <atomic>
#include <deque>

struct ListPageDecoder::State
{
    State(QObject *context, bool tableRows, ObjectProjection projection, bool shareItems,
          qint64 maxItemBytes)
        : context(context)
        , tableRows(tableRows)
        , shareItems(shareItems)
        , splitter(JsonSplitter::Mode::ListItems, maxItemBytes)
    {
        decoder.setProjection(projection);
    }

    QObject *const context; // Not owned. Posted to only under mutex, while not abandoned.
    const bool tableRows;
    const bool shareItems;
    Progress progress;
    Done done;
    std::function<void()> drained;
    std::atomic<bool> abandoned = false; // set under mutex, on the context's thread

    QMutex mutex; // guards the four below
    std::deque<QByteArray> queue;
    qsizetype queuedBytes = 0;
    bool finishing = false;
    bool running = false; // a run() is scheduled or running

    // Touched by run() alone, one run() at a time.
    JsonSplitter splitter;
    ObjectDecoder decoder;
    Page page;
    bool headSent = false;
};

namespace {

// Runs call on the context's thread, unless the decoder is destroyed before.
template <typename State, typename Call> void post(const std::shared_ptr<State> &state, Call call)
{
    QMutexLocker lock(&state->mutex);
    if (state->abandoned)
        return;
    QMetaObject::invokeMethod(
        state->context,
        [state, call = std::move(call)]() mutable {
            if (!state->abandoned) // written on this thread: no race
                call();
        },
        Qt::QueuedConnection);
}

} // namespace

ListPageDecoder::ListPageDecoder(QObject *context, bool tableRows, ObjectProjection projection,
                                 bool shareItems, qint64 maxItemBytes, Progress progress, Done done,
                                 std::function<void()> drained)
    : m_state(std::make_shared<State>(context, tableRows, projection, shareItems, maxItemBytes))
{
    m_state->progress = std::move(progress);
    m_state->done = std::move(done);
    m_state->drained = std::move(drained);
}

ListPageDecoder::~ListPageDecoder()
{
    // A run() in progress stops at its next item and drops its share of the state.
    QMutexLocker lock(&m_state->mutex);
    m_state->abandoned = true;
    m_state->queue.clear();
}

void ListPageDecoder::feed(qsizetype maxBytes, const JsonSplitter::Reader &read)
{
    QByteArray chunk = JsonSplitter::readChunk(maxBytes, read);
    if (chunk.size() <= JsonSplitter::kChunkHeadroom)
        return;
    {
        QMutexLocker lock(&m_state->mutex);
        m_state->queuedBytes += chunk.size();
        m_state->queue.push_back(std::move(chunk));
    }
    schedule();
}

void ListPageDecoder::feed(QByteArrayView bytes)
{
    feed(bytes.size(), JsonSplitter::copying(bytes));
}

bool ListPageDecoder::canFeed() const
{
    QMutexLocker lock(&m_state->mutex);
    return m_state->queuedBytes < kMaxQueuedBytes;
}

void ListPageDecoder::finish()
{
    {
        QMutexLocker lock(&m_state->mutex);
        m_state->finishing = true;
    }
    schedule();
}

void ListPageDecoder::schedule()
{
    QMutexLocker lock(&m_state->mutex);
    if (m_state->running)
        return;
    m_state->running = true;
    workPool()->start([state = m_state] { run(state); });
}

void ListPageDecoder::run(const std::shared_ptr<State> &state)
{
    State &s = *state;
    QByteArray bytes;
    bool last = false;
    bool drained = false;
    {
        QMutexLocker lock(&s.mutex);
        if (s.abandoned) {
            s.running = false;
            return;
        }
        if (!s.queue.empty()) {
            bytes = std::move(s.queue.front());
            s.queue.pop_front();
            drained = s.queuedBytes >= kMaxQueuedBytes;
            s.queuedBytes -= bytes.size();
            drained = drained && s.queuedBytes < kMaxQueuedBytes;
        }
        last = s.queue.empty() && s.finishing;
        s.finishing = s.finishing && !last;
    }
    if (drained)
        post(state, [state] { state->drained(); });
    const qsizetype before = qsizetype(s.page.items.size());
    const bool fed =
        s.page.error.isEmpty() && s.splitter.feedChunk(std::move(bytes), [&](QByteArrayView item) {
            if (s.abandoned)
                return false;
            DecodedObject decoded;
            if (!s.decoder.decodeListItem(PaddedJson{item}, s.tableRows, decoded, &s.page.error))
                return false;
            if (!decoded.object) {
                ++s.page.skippedItems;
                return true;
            }
            s.page.items.push_back(std::move(decoded.object));
            return true;
        });
    if (fed && qsizetype(s.page.items.size()) != before) {
        const qint64 items = qint64(s.page.items.size());
        QByteArray head;
        if (!s.headSent && s.splitter.itemsStarted()) {
            s.headSent = true;
            head = s.splitter.envelopeHead();
        }
        std::vector<StoredObjectPtr> fresh;
        if (s.shareItems)
            fresh.assign(s.page.items.begin() + before, s.page.items.end());
        post(state, [state, items, head, fresh = std::move(fresh)]() mutable {
            state->progress(items, head, fresh);
        });
    }
    if (!fed && s.page.error.isEmpty())
        s.page.error = s.splitter.error();
    if (last) {
        if (s.page.error.isEmpty() && !s.splitter.finish()) {
            s.page.error = s.splitter.error();
            s.page.incomplete = true;
        }
        s.page.ok = s.page.error.isEmpty();
        if (s.page.ok)
            s.page.envelope = s.splitter.envelope();
        else
            s.page.items.clear();
        post(state, [state] { state->done(state->page); });
    }

    // One read per task, then back at the end of the pool's queue: the lists of other
    // reflectors are decoded in turn, not after a 400 MB one.
    QMutexLocker lock(&s.mutex);
    if (s.abandoned || (s.queue.empty() && !s.finishing)) {
        s.running = false;
        return;
    }
    workPool()->start([state] { run(state); });
}
