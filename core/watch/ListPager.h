#pragma once

#include "core/net/ApiError.h"
#include "core/store/StoredObject.h"
#include "core/store/TableColumn.h"
#include "core/watch/ListPageDecoder.h"
#include "core/watch/WatchTarget.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <vector>

class ObjectDecoder;
class RestCall;
class RestClient;

// One complete LIST, page by page (limit/continue), parsing items while each page downloads (on
// a pool thread, see ListPageDecoder) so a 400 MB unpaginated relist never sits in memory as
// text. If a continuation expires it falls
// back to one full LIST (no limit) at the first page's resourceVersion, as client-go's pager
// does.
class ListPager : public QObject
{
    Q_OBJECT

public:
    // client and decoder: not owned.
    ListPager(RestClient *client, ObjectDecoder *decoder, const WatchTarget &target,
              qint64 maxItemBytes, QObject *parent = nullptr);
    // Also emit itemsArrived() as items are decoded (off by default: it costs a copy of the
    // pointers).
    void setShareItems(bool share) { m_shareItems = share; }
    ~ListPager() override;

    // resourceVersion: empty = absent. limit: 0 = absent.
    void start(const QString &resourceVersion, int limit);
    void abort();

    // After finished(true):
    QList<StoredObjectPtr> takeItems() { return std::move(m_items); }
    QString resourceVersion() const { return m_resourceVersion; }
    // Known from the first page's head on (Table output), before finished().
    QList<TableColumn> columns() const { return m_columns; }
    // A page came back with a continue token (client-go's paginatedResult), even when the
    // list then fell back to one full list.
    bool paginated() const { return m_paginated; }
    // After finished(false):
    const ApiError &error() const { return m_error; }
    // Set when a list item was skipped because it had no metadata.name.
    qint64 skippedItems() const { return m_skipped; }

signals:
    // The server answered the first page with 200 (headers received).
    void answered();
    void progress(qint64 itemsSoFar, qint64 remainingEstimate);
    // With setShareItems(true): items decoded since the last call, in list order; a fallback to
    // a full list starts over. takeItems() still holds them all in the end.
    void itemsArrived(std::vector<StoredObjectPtr> &items);
    void finished(bool ok);

private:
    void requestPage(const QString &resourceVersion, const QString &continueToken);
    void onData();
    // Hands the decoder at most bytes of call's body.
    void feedDecoder(RestCall *call, qint64 bytes);
    void onPageFinished();
    void onPageProgress(qint64 pageItems, const QByteArray &envelopeHead,
                        std::vector<StoredObjectPtr> &fresh);
    void onPageDecoded(ListPageDecoder::Page &page);
    void fail(const ApiError &error);

    RestClient *m_client;     // Not owned.
    ObjectDecoder *m_decoder; // Not owned. Decodes the envelopes; the items have their own.
    WatchTarget m_target;
    qint64 m_maxItemBytes;
    QString m_firstResourceVersion;
    int m_limit = 0;
    bool m_fellBackToFullList = false;
    bool m_shareItems = false;
    QPointer<RestCall> m_call; // Owned (deleteLater: it may be the sender); the client deletes it
                               // first if the client goes first.
    std::unique_ptr<ListPageDecoder> m_pageDecoder;
    int m_pages = 0;
    bool m_paginated = false;
    QList<StoredObjectPtr> m_items;
    QString m_resourceVersion;
    QList<TableColumn> m_columns;
    qint64 m_remaining = -1;
    qint64 m_skipped = 0;
    ApiError m_error;
};
