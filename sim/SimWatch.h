#pragma once

#include "sim/SimEvent.h"
#include "sim/SimSelector.h"
#include "sim/SimTable.h"

#include <QObject>
#include <QTimer>

#include <deque>
#include <vector>

class SimHttpConnection;

// One open watch stream: newline-delimited events in HTTP chunks, one chunk per event.
// Events queue here (as object pointers) and are rendered only as the socket drains.
class SimWatch : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        SimResourceType::Id type = SimResourceType::Pods;
        QByteArray ns;
        SimSelector selector;
        bool table = false;
        SimTable::IncludeObject includeObject = SimTable::Metadata;
        bool bookmarks = false;
        int bookmarkIntervalMs = 60000;
        int timeoutSeconds = 0; // 0: no timeout
    };

    // Parented to connection. progressRv: the store version the stream starts from.
    SimWatch(SimHttpConnection *connection, Options options, quint64 progressRv);

    void start(const QByteArray &contentType);
    bool wantsBookmarks() const { return m_options.bookmarks; }

    // Synthetic ADDED events for current objects (already filtered by the caller).
    void queueAdded(const std::vector<SimObjectPtr> &objects);
    // The streaming-list end marker: a BOOKMARK annotated k8s.io/initial-events-end.
    void queueInitialEventsEnd(quint64 rv);
    // A store change (replayed or live): filtered by namespace and selector; an object that
    // stops matching is sent as DELETED, one that starts matching as ADDED.
    void queueEvent(const SimEvent &event);
    // A BOOKMARK at the latest version seen, if nothing is waiting to be sent (/_sim/bookmark).
    void sendBookmark();
    // Frozen (SimFreeze): nothing is sent, not even a bookmark or the end at the timeout, until
    // thawed.
    void setFrozen(bool frozen);

    // Faults.
    void failWith(const QByteArray &statusJson); // ERROR event, then a clean end
    void drop();                                 // TCP close, no final chunk
    void end(); // what is queued, then a clean end, as the API server's timeout ends a watch
    void stall(int ms);
    void injectGarbage();
    void injectTruncation();

signals:
    void finished();

private:
    struct Item
    {
        SimEvent::Type type;
        SimObjectPtr object; // nullptr: raw holds the whole line
        QByteArray raw;
    };

    bool matches(const SimObject &o) const;
    QByteArray render(const Item &item);
    QByteArray bookmarkLine(quint64 rv, bool initialEventsEnd) const;
    void enqueue(Item item);
    void onBookmarkTimer();
    void onTimeout();
    void pump();
    void finish();

    SimHttpConnection *m_connection; // Not owned (our parent).
    Options m_options;
    quint64 m_progressRv;
    std::deque<Item> m_queue;
    bool m_started = false;
    bool m_sentColumns = false;
    bool m_ending = false; // no more events; end once the queue is flushed
    bool m_finished = false;
    bool m_garbagePending = false;
    bool m_truncatePending = false;
    bool m_wroteEvent = false;
    bool m_frozen = false;
    bool m_cacheMoved = false; // a change of this resource type since the last bookmark
    QTimer m_bookmarkTimer;
    QTimer m_timeoutTimer;
    QTimer m_stallTimer;
};
