#include "core/watch/ListPager.h"

#include "core/Logging.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"
#include "core/watch/ListEnvelope.h"
#include "core/watch/ObjectDecoder.h"

ListPager::ListPager(RestClient *client, ObjectDecoder *decoder, const WatchTarget &target,
                     qint64 maxItemBytes, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_decoder(decoder)
    , m_target(target)
    , m_maxItemBytes(maxItemBytes)
{}

ListPager::~ListPager()
{
    RestCall::giveUp(m_call);
}

void ListPager::abort()
{
    RestCall::giveUp(m_call);
    m_pageDecoder.reset();
}

void ListPager::start(const QString &resourceVersion, int limit)
{
    abort();
    m_firstResourceVersion = resourceVersion;
    m_limit = limit;
    m_fellBackToFullList = false;
    m_pages = 0;
    m_paginated = false;
    m_items.clear();
    m_resourceVersion.clear();
    m_columns.clear();
    m_remaining = -1;
    m_skipped = 0;
    m_error = ApiError();
    requestPage(resourceVersion, QString());
}

void ListPager::requestPage(const QString &resourceVersion, const QString &continueToken)
{
    QUrlQuery query;
    if (!continueToken.isEmpty())
        query.addQueryItem(QStringLiteral("continue"), continueToken);
    else if (!resourceVersion.isEmpty())
        query.addQueryItem(QStringLiteral("resourceVersion"), resourceVersion);
    if (m_limit > 0)
        query.addQueryItem(QStringLiteral("limit"), QString::number(m_limit));
    m_target.addCommonQuery(query);

    m_pageDecoder = std::make_unique<ListPageDecoder>(
        this, m_target.table, m_target.keepOfObject, m_shareItems, m_maxItemBytes,
        [this](qint64 items, const QByteArray &head, std::vector<StoredObjectPtr> &fresh) {
            onPageProgress(items, head, fresh);
        },
        [this](ListPageDecoder::Page &page) { onPageDecoded(page); }, [this] { onData(); });
    m_call = m_client->get(m_target.path(), query, m_target.accept());
    if (m_pages == 0 && continueToken.isEmpty())
        connect(m_call, &RestCall::responseStarted, this, &ListPager::answered);
    connect(m_call, &RestCall::dataAvailable, this, &ListPager::onData);
    connect(m_call, &RestCall::finished, this, &ListPager::onPageFinished);
}

void ListPager::onData()
{
    // Read on while the decoder keeps up; the rest waits in the reply until the decoder has
    // drained (it calls this again).
    while (m_call && m_pageDecoder->canFeed()) {
        const qint64 available = m_call->bytesAvailable();
        if (available <= 0)
            return;
        feedDecoder(m_call, available);
    }
}

void ListPager::feedDecoder(RestCall *call, qint64 bytes)
{
    m_pageDecoder->feed(bytes, [call](char *to, qsizetype maxBytes) {
        return qsizetype(call->read(to, maxBytes));
    });
}

void ListPager::onPageFinished()
{
    RestCall *call = m_call;
    const ApiError callError = call->error();
    if (callError.isNull()) { // the body's last bytes, whatever the decoder has queued
        feedDecoder(call, call->bytesAvailable());
    }
    m_call = nullptr;
    call->deleteLater();

    if (!callError.isNull()) {
        if (callError.isExpired() && m_pages > 0 && !m_fellBackToFullList) {
            // The continuation expired: one full list at the first page's resourceVersion.
            qCInfo(lcWatch) << "continuation expired for" << m_target.path()
                            << "- falling back to a full list";
            m_fellBackToFullList = true;
            m_limit = 0;
            m_pages = 0;
            m_items.clear();
            m_remaining = -1;
            requestPage(m_firstResourceVersion, QString());
            return;
        }
        fail(callError);
        return;
    }
    m_pageDecoder->finish();
}

void ListPager::onPageDecoded(ListPageDecoder::Page &page)
{
    m_pageDecoder.reset();
    if (!page.ok) {
        ApiError error;
        error.message = QStringLiteral("%1 from %2: %3")
                            .arg(page.incomplete ? QStringLiteral("incomplete list")
                                                 : QStringLiteral("cannot decode the list"),
                                 m_target.path(), page.error);
        fail(error);
        return;
    }
    ListEnvelope envelope;
    QString decodeError;
    if (!m_decoder->decodeListEnvelope(page.envelope, envelope, &decodeError)) {
        ApiError error;
        error.message =
            QStringLiteral("cannot decode the list from %1: %2").arg(m_target.path(), decodeError);
        fail(error);
        return;
    }
    if (page.skippedItems > 0) {
        m_skipped += page.skippedItems;
        qCWarning(lcWatch) << "skipped" << page.skippedItems
                           << "list items without metadata.name from" << m_target.path();
    }
    if (m_items.isEmpty())
        m_items = std::move(page.items);
    else
        m_items.append(std::move(page.items));
    ++m_pages;
    if (m_pages == 1 || !envelope.columns.isEmpty())
        m_columns = envelope.columns.isEmpty() ? m_columns : envelope.columns;
    m_resourceVersion = envelope.resourceVersion;
    m_remaining = envelope.continueToken.isEmpty() ? 0 : envelope.remainingItemCount;
    emit progress(qint64(m_items.size()), m_remaining);
    if (!envelope.continueToken.isEmpty()) {
        m_paginated = true;
        requestPage(QString(), envelope.continueToken);
        return;
    }
    emit finished(true);
}

void ListPager::onPageProgress(qint64 pageItems, const QByteArray &envelopeHead,
                               std::vector<StoredObjectPtr> &fresh)
{
    if (!envelopeHead.isEmpty()) {
        // metadata precedes items: the progress estimate is known before the items arrive.
        ListEnvelope head;
        if (m_decoder->decodeListEnvelope(envelopeHead, head, nullptr)) {
            m_remaining = head.remainingItemCount;
            if (!head.columns.isEmpty())
                m_columns = head.columns;
        }
    }
    emit progress(qint64(m_items.size()) + pageItems, m_remaining);
    if (!fresh.empty())
        emit itemsArrived(fresh);
}

void ListPager::fail(const ApiError &error)
{
    RestCall::giveUp(m_call);
    m_pageDecoder.reset();
    m_items.clear();
    m_error = error;
    emit finished(false);
}
