#include "core/watch/ListSync.h"

#include "core/store/ReflectorStore.h"
#include "core/watch/ListPager.h"
#include "core/watch/ReflectorOptions.h"
#include "core/watch/WatchTarget.h"

#include <utility>

namespace {
constexpr int kDefaultPageSize = 500;
} // namespace

ListSync::ListSync(RestClient *client, ObjectDecoder *decoder, ReflectorStore *store,
                   QObject *context, Handlers handlers)
    : m_client(client)
    , m_decoder(decoder)
    , m_store(store)
    , m_context(context)
    , m_handlers(std::move(handlers))
{}

ListSync::~ListSync()
{
    abort();
}

void ListSync::start(const WatchTarget &target, const ReflectorOptions &options,
                     const QString &resourceVersion, bool preview)
{
    // client-go's list() sets its pager's page size once per call, retry included.
    if (options.pageSize > 0)
        m_pageSize = options.pageSize;
    else if (m_paginatedResult)
        m_pageSize = kDefaultPageSize;
    else if (!resourceVersion.isEmpty() && resourceVersion != QLatin1String("0"))
        m_pageSize = 0; // let the server answer from its watch cache
    else
        m_pageSize = kDefaultPageSize;
    m_resourceVersion = resourceVersion;
    m_retried = false;
    m_sizeTold = false;
    m_previewing = preview;

    // A child of context: a pager given up with deleteLater() while the network thread is
    // finishing (when deferred deletes posted then no longer run) goes with it.
    m_pager =
        std::make_unique<ListPager>(m_client, m_decoder, target, options.maxEventBytes, m_context);
    ListPager *pager = m_pager.get();
    QObject::connect(pager, &ListPager::progress, m_context,
                     [this](qint64 items, qint64 remaining) {
                         // Told once: remaining counts what follows the page being read, so add at
                         // most a page.
                         if (remaining > 0 && !std::exchange(m_sizeTold, true))
                             m_store->expectSize(items + remaining + m_pageSize);
                         m_handlers.progress(items, remaining);
                     });
    QObject::connect(pager, &ListPager::answered, m_context, [this] { m_handlers.answered(); });
    QObject::connect(pager, &ListPager::finished, m_context,
                     [this](bool ok) { m_handlers.finished(ok); });
    if (preview) {
        m_store->beginPreview();
        pager->setShareItems(true);
        QObject::connect(pager, &ListPager::itemsArrived, m_context,
                         [this, table = target.table](std::vector<StoredObjectPtr> &items) {
                             if (table) // Table rows mean nothing without their columns
                                 m_store->setColumns(m_pager->columns());
                             m_store->preview(items);
                         });
    }
    pager->start(resourceVersion, m_pageSize);
}

void ListSync::retry(const QString &resourceVersion)
{
    // Through the same pager: same page size, and paginatedResult still judged by the
    // resourceVersion the list started with.
    m_retried = true;
    m_pager->start(resourceVersion, m_pageSize);
}

const ApiError &ListSync::error() const
{
    return m_pager->error();
}

void ListSync::fail()
{
    release();
    if (m_previewing)
        m_store->dropPreview();
}

QList<StoredObjectPtr> ListSync::takeItems(QString *resourceVersion, QList<TableColumn> *columns)
{
    if (m_resourceVersion == QLatin1String("0") && m_pager->paginated())
        m_paginatedResult = true;
    *resourceVersion = m_pager->resourceVersion();
    *columns = m_pager->columns();
    QList<StoredObjectPtr> items = m_pager->takeItems();
    release();
    return items;
}

void ListSync::abort()
{
    if (!m_pager)
        return;
    m_pager->abort();
    release();
}

void ListSync::release()
{
    m_pager.release()->deleteLater(); // it may be emitting
}
