#include "ui/problems/ProblemsPage.h"

#include "core/session/ProblemsFeed.h"
#include "core/session/WatchSession.h"
#include "ui/problems/ProblemsModel.h"
#include "ui/problems/ProblemsProxy.h"
#include "ui/status/MessageBar.h"

#include <QDateTime>
#include <QHeaderView>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

namespace {

constexpr int kAgeRepaintMs = 5000;

} // namespace

ProblemsPage::ProblemsPage(ChangeHistory *history, QWidget *parent)
    : QWidget(parent)
    , m_history(history)
    , m_model(new ProblemsModel([] { return QDateTime::currentMSecsSinceEpoch(); }, this))
    , m_proxy(new ProblemsProxy(this))
    , m_messages(new MessageBar(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("problemsPage"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_messages);
    layout->addWidget(m_table, 1);
    m_messages->hide();

    m_proxy->setSourceModel(m_model);
    m_table->setObjectName(QStringLiteral("problemsTable"));
    m_table->setAccessibleName(tr("Problems"));
    m_table->setAccessibleDescription(
        tr("Unhealthy objects of the chosen contexts and namespaces, most severe and longest "
           "first, live"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    const int widths[] = {110, 100, 130, 260, 260, 70};
    for (int column = 0; column < int(std::size(widths)); ++column)
        m_table->setColumnWidth(column, widths[column]);
    m_table->setColumnHidden(ProblemsModel::ClusterColumn, true);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ProblemsPage::onCurrentRowChanged);
    // The proxy drops its rows before the model's go (rowsAboutToBeRemoved): the model's
    // signals come last for a removal, the proxy's alone when a row's change re-filters it.
    for (QAbstractItemModel *model :
         {static_cast<QAbstractItemModel *>(m_proxy), static_cast<QAbstractItemModel *>(m_model)}) {
        connect(model, &QAbstractItemModel::rowsInserted, this, &ProblemsPage::countChanged);
        connect(model, &QAbstractItemModel::rowsRemoved, this, &ProblemsPage::countChanged);
    }

    m_ageTicker.setInterval(kAgeRepaintMs);
    connect(&m_ageTicker, &QTimer::timeout, m_table->viewport(), qOverload<>(&QWidget::update));
}

ProblemsPage::~ProblemsPage()
{
    stop();
}

QString ProblemsPage::pickerEntry()
{
    return tr("Problems");
}

void ProblemsPage::start(const QList<Cluster> &clusters, const QStringList &namespaces)
{
    // Out of the list before they go: a feed's last signals come back here.
    qDeleteAll(std::exchange(m_feeds, {}));
    m_clusters = clusters;
    m_watchedNamespace = namespaces.size() == 1 ? namespaces.first() : QString();
    m_proxy->setNamespaces(namespaces);
    QList<ProblemsModel::Cluster> named;
    for (const Cluster &cluster : clusters)
        named.append({cluster.name, cluster.colour});
    m_model->setClusters(named);
    m_table->setColumnHidden(ProblemsModel::ClusterColumn, !m_model->showsCluster());
    for (const Cluster &cluster : clusters) {
        auto *feed = new ProblemsFeed(cluster.name, m_history, this);
        m_feeds.append(feed);
        connect(feed, &ProblemsFeed::objectsChanged, m_model, &ProblemsModel::applyDelta);
        connect(feed, &ProblemsFeed::eventsChanged, m_model, &ProblemsModel::applyEvents);
        connect(feed, &ProblemsFeed::kindCleared, m_model, &ProblemsModel::clearKind);
        connect(feed, &ProblemsFeed::sessionCreated, this, &ProblemsPage::sessionCreated);
        connect(feed, &ProblemsFeed::forbiddenChanged, this, &ProblemsPage::showTrouble);
        connect(feed, &ProblemsFeed::failureChanged, this, &ProblemsPage::showTrouble);
        feed->start(cluster.connection, cluster.catalog, m_watchedNamespace);
        WatchSession *table = cluster.table;
        if (table && !feed->readsFrom(table) && table->phase() != ReflectorPhase::Stopped) {
            table->stop(); // hidden behind this view: the window starts it again
            emit tableWatchPaused(table);
        }
    }
    showTrouble();
    m_ageTicker.start();
    emit countChanged();
}

void ProblemsPage::stop()
{
    m_ageTicker.stop();
    // Each feed drops its rows as it goes (out of the list first, as in start()).
    qDeleteAll(std::exchange(m_feeds, {}));
    m_clusters.clear();
    m_messages->hide();
}

ProblemsFeed *ProblemsPage::feedOf(const QString &cluster) const
{
    for (ProblemsFeed *feed : m_feeds) {
        if (feed->cluster() == cluster)
            return feed;
    }
    return nullptr;
}

void ProblemsPage::relist()
{
    for (ProblemsFeed *feed : std::as_const(m_feeds))
        feed->relist();
}

void ProblemsPage::setNamespaces(const QStringList &namespaces)
{
    m_proxy->setNamespaces(namespaces);
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    if (isRunning() && wanted != m_watchedNamespace)
        start(QList<Cluster>(m_clusters), namespaces);
}

void ProblemsPage::setFilterText(const QString &text)
{
    m_proxy->setText(text);
    emit countChanged();
}

QString ProblemsPage::countText() const
{
    const QLocale locale;
    const int total = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    if (shown == total)
        return total == 1 ? tr("1 problem") : tr("%1 problems").arg(locale.toString(total));
    return tr("%1 of %2 problems shown").arg(locale.toString(shown), locale.toString(total));
}

void ProblemsPage::onCurrentRowChanged()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->selectionModel()->currentIndex());
    if (!current.isValid())
        return; // the row healed and went: the pane keeps showing the object
    const QString cluster = m_model->clusterAt(current.row());
    const ProblemsFeed *feed = feedOf(cluster);
    if (!feed)
        return;
    WatchTarget source = feed->targetOf(m_model->kindAt(current.row()));
    // A row leaves this view once its object is healthy again: as for the table's metadata
    // rows, the detail pane watches the object itself by name, so it stays live either way.
    source.table = true;
    source.tableObject = WatchTarget::TableObject::Metadata;
    emit objectChosen(cluster, m_model->objectAt(current.row()), source);
}

// What some cluster cannot show: its server does not answer, or a kind may not be listed. The
// other clusters' rows stay live either way.
void ProblemsPage::showTrouble()
{
    const bool several = m_feeds.size() > 1;
    QStringList lines;
    bool down = false;
    for (const ProblemsFeed *feed : std::as_const(m_feeds)) {
        const QString failure = feed->failure();
        if (!failure.isEmpty()) {
            down = true;
            lines.append(several ? tr("Context %1 cannot be read (%2); its problems are as "
                                      "last seen.")
                                       .arg(feed->cluster(), failure)
                                 : tr("The cluster cannot be read (%1); the problems are as "
                                      "last seen.")
                                       .arg(failure));
        }
        const QStringList forbidden = feed->forbidden();
        if (!forbidden.isEmpty())
            lines.append((several ? tr("Context %1: you may not list %2 there, so their problems "
                                       "are not shown; everything else is.")
                                        .arg(feed->cluster())
                                  : tr("You may not list %1 here, so their problems are not "
                                       "shown; everything else is."))
                             .arg(forbidden.join(tr(", "))));
    }
    if (lines.isEmpty())
        m_messages->hide();
    else if (down)
        m_messages->showError(lines.join(u'\n'));
    else
        m_messages->showWarning(lines.join(u'\n'));
}
