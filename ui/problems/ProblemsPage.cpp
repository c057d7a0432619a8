#include "ui/problems/ProblemsPage.h"

#include "core/session/WatchSession.h"
#include "ui/MessageBar.h"
#include "ui/problems/ProblemsFeed.h"
#include "ui/problems/ProblemsModel.h"

#include <QDateTime>
#include <QHeaderView>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace {

constexpr int kAgeRepaintMs = 5000;

} // namespace

ProblemsPage::ProblemsPage(ChangeHistory *history, QWidget *parent)
    : QWidget(parent)
    , m_model(new ProblemsModel([] { return QDateTime::currentMSecsSinceEpoch(); }, this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_feed(new ProblemsFeed(m_model, history, this))
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

    // Most severe first, then longest: severity and age in one number (SortRole). Ages grow
    // alike, so the order holds without re-sorting as time passes.
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ProblemsModel::SortRole);
    m_proxy->setFilterKeyColumn(ProblemsModel::NamespaceColumn);
    m_proxy->sort(0, Qt::DescendingOrder);

    m_table->setObjectName(QStringLiteral("problemsTable"));
    m_table->setAccessibleName(tr("Problems"));
    m_table->setAccessibleDescription(
        tr("Unhealthy objects of the chosen namespaces, most severe and longest first, live"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setHighlightSections(false);
    const int widths[] = {100, 130, 260, 260, 70};
    for (int column = 0; column < int(std::size(widths)); ++column)
        m_table->setColumnWidth(column, widths[column]);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ProblemsPage::onCurrentRowChanged);
    connect(m_feed, &ProblemsFeed::sessionCreated, this, &ProblemsPage::sessionCreated);
    connect(m_feed, &ProblemsFeed::forbiddenChanged, this, &ProblemsPage::onForbiddenChanged);

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

void ProblemsPage::start(ClusterConnection *connection, const ResourceCatalog *catalog,
                         const QStringList &namespaces, WatchSession *table)
{
    m_connection = connection;
    m_catalog = catalog;
    m_tableSession = table;
    m_watchedNamespace = namespaces.size() == 1 ? namespaces.first() : QString();
    setNamespaces(namespaces);
    m_feed->start(connection, catalog, m_watchedNamespace);
    if (m_tableSession && !m_feed->readsFrom(m_tableSession))
        m_tableSession->stop(); // hidden behind this view: the window starts it again
    m_ageTicker.start();
}

void ProblemsPage::stop()
{
    m_ageTicker.stop();
    m_feed->stop();
    m_connection = nullptr;
    m_catalog = nullptr;
    m_tableSession = nullptr;
    m_messages->hide();
}

bool ProblemsPage::isRunning() const
{
    return m_feed->isRunning();
}

void ProblemsPage::relist()
{
    m_feed->relist();
}

void ProblemsPage::setNamespaces(const QStringList &namespaces)
{
    // Cluster-scoped rows (nodes) have no namespace and always show.
    QStringList alternatives{QString()};
    for (const QString &name : namespaces)
        alternatives.append(QRegularExpression::escape(name));
    m_proxy->setFilterRegularExpression(
        namespaces.isEmpty() ? QString() : QStringLiteral("^(%1)$").arg(alternatives.join(u'|')));
    const QString wanted = namespaces.size() == 1 ? namespaces.first() : QString();
    if (m_connection && wanted != m_watchedNamespace)
        start(m_connection, m_catalog, namespaces, m_tableSession);
}

void ProblemsPage::onCurrentRowChanged()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->selectionModel()->currentIndex());
    if (!current.isValid())
        return; // the row healed and went: the pane keeps showing the object
    const QString kind = m_model->kindAt(current.row());
    WatchTarget source = m_feed->targetOf(kind);
    // A row leaves this view once its object is healthy again: as for the table's metadata
    // rows, the detail pane watches the object itself by name, so it stays live either way.
    source.table = true;
    source.tableObject = WatchTarget::TableObject::Metadata;
    emit objectChosen(m_model->objectAt(current.row()), source);
}

void ProblemsPage::onForbiddenChanged(const QStringList &resources)
{
    if (resources.isEmpty()) {
        m_messages->hide();
        return;
    }
    m_messages->showWarning(tr("You may not list %1 here, so their problems are not shown; "
                               "everything else is.")
                                .arg(resources.join(tr(", "))));
}
