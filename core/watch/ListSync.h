#pragma once

#include "core/net/ApiError.h"
#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"

#include <QList>
#include <QString>

#include <functional>
#include <memory>

class ListPager;
class ObjectDecoder;
class ReflectorStore;
class QObject;
class RestClient;
struct ReflectorOptions;
struct WatchTarget;

// The LIST of a list-and-watch cycle: client-go's list(). One ListPager per list, with
// client-go's page size (docs/protocol.md, "Page size"), retried at most once through the same
// pager; tells the store how many objects to expect and, for a first list, previews it there
// (ReflectorOptions::previewFirstList). The Reflector applies the result and decides what
// follows.
class ListSync
{
public:
    struct Handlers
    {
        std::function<void()> answered; // the server answered the first page with 200
        std::function<void(qint64 itemsSoFar, qint64 remainingEstimate)> progress;
        std::function<void(bool ok)> finished;
    };

    // client, decoder, store: not owned. context: the pager's parent and the handlers' thread.
    ListSync(RestClient *client, ObjectDecoder *decoder, ReflectorStore *store, QObject *context,
             Handlers handlers);
    ~ListSync();
    ListSync(const ListSync &) = delete;
    ListSync &operator=(const ListSync &) = delete;

    // A new cycle from start(): forgets that an earlier list was paginated.
    void reset() { m_paginatedResult = false; }
    // resourceVersion: client-go's relistResourceVersion(); preview: into the store as it
    // arrives.
    void start(const WatchTarget &target, const ReflectorOptions &options,
               const QString &resourceVersion, bool preview);
    // After finished(false): sends it again at resourceVersion with the same page size; once
    // per list (retried() then says so).
    void retry(const QString &resourceVersion);
    bool retried() const { return m_retried; }
    // After finished(false), no retry: the pager is let go, a preview dropped.
    void fail();
    // After finished(true): the items, with the list's resourceVersion and Table columns.
    QList<StoredObjectPtr> takeItems(QString *resourceVersion, QList<TableColumn> *columns);
    void abort();
    const ApiError &error() const;

private:
    void release();

    RestClient *m_client;     // Not owned.
    ObjectDecoder *m_decoder; // Not owned.
    ReflectorStore *m_store;  // Not owned.
    QObject *m_context;       // Not owned.
    Handlers m_handlers;
    std::unique_ptr<ListPager> m_pager;
    QString m_resourceVersion;      // the RV the list started with
    int m_pageSize = 0;             // its limit, kept for its retry
    bool m_retried = false;         // it was retried after Expired/TooLarge
    bool m_sizeTold = false;        // the store knows how many it will hold
    bool m_previewing = false;      // it goes into the store as it arrives
    bool m_paginatedResult = false; // client-go's: a resourceVersion=0 list came back in pages
};
