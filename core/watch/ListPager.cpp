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
    discardCall();
}

void ListPager::discardCall()
{
    if (!m_call)
        return;
    m_call->abort();
    m_call->deleteLater();
    m_call = nullptr;
}

void ListPager::abort()
{
    discardCall();
    m_splitter.reset();
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

    m_splitter = std::make_unique<JsonSplitter>(JsonSplitter::Mode::ListItems, m_maxItemBytes);
    m_headSeen = false;
    m_call = m_client->get(m_target.path(), query, m_target.accept());
    connect(m_call, &RestCall::dataAvailable, this, &ListPager::onData);
    connect(m_call, &RestCall::finished, this, &ListPager::onPageFinished);
}

void ListPager::onData()
{
    const qsizetype before = qsizetype(m_items.size());
    QString decodeError;
    const auto read = [this](char *data, qsizetype maxBytes) {
        return qsizetype(m_call->read(data, maxBytes));
    };
    const bool ok =
        m_splitter->feed(qsizetype(m_call->bytesAvailable()), read, [&](QByteArrayView item) {
            DecodedObject decoded;
            if (!m_decoder->decodeListItem(PaddedJson{item}, m_target.table, decoded, &decodeError))
                return false;
            if (!decoded.object) {
                ++m_skipped;
                qCWarning(lcWatch)
                    << "skipping a list item without metadata.name from" << m_target.path();
                return true;
            }
            m_items.push_back(std::move(decoded.object));
            return true;
        });
    if (!ok) {
        ApiError error;
        error.message =
            QStringLiteral("cannot decode the list from %1: %2")
                .arg(m_target.path(), decodeError.isEmpty() ? m_splitter->error() : decodeError);
        fail(error);
        return;
    }
    if (!m_headSeen && m_splitter->itemsStarted()) {
        // metadata precedes items: the progress estimate is known before the items arrive.
        m_headSeen = true;
        ListEnvelope head;
        if (m_decoder->decodeListEnvelope(m_splitter->envelopeHead(), head, nullptr))
            m_remaining = head.remainingItemCount;
    }
    if (qsizetype(m_items.size()) != before)
        emit progress(qint64(m_items.size()), m_remaining);
}

void ListPager::onPageFinished()
{
    RestCall *call = m_call;
    const ApiError callError = call->error();
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
    if (!m_splitter->finish()) {
        ApiError error;
        error.message =
            QStringLiteral("incomplete list from %1: %2").arg(m_target.path(), m_splitter->error());
        fail(error);
        return;
    }
    ListEnvelope envelope;
    QString decodeError;
    if (!m_decoder->decodeListEnvelope(m_splitter->envelope(), envelope, &decodeError)) {
        ApiError error;
        error.message =
            QStringLiteral("cannot decode the list from %1: %2").arg(m_target.path(), decodeError);
        fail(error);
        return;
    }
    m_splitter.reset();
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

void ListPager::fail(const ApiError &error)
{
    discardCall();
    m_splitter.reset();
    m_items.clear();
    m_error = error;
    emit finished(false);
}
