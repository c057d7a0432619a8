#include "tests/ui/table/ProxyWalk.h"

#include "tests/ui/PodFixture.h"
#include "tests/ui/table/FollowStore.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <set>

namespace {

constexpr uint kNames = 40;
constexpr uint kNamespaces = 3;
const QStringList kStatuses = {"Running", "Pending", "CrashLoopBackOff", "Completed", "Error"};

QString podName(uint n)
{
    return QStringLiteral("pod-%1").arg(n % kNames);
}

QString namespaceName(uint n)
{
    return QStringLiteral("ns-%1").arg(n % kNamespaces);
}

} // namespace

ProxyWalk::Cluster::Cluster(const QString &clusterName, ManualClock *clock)
    : name(clusterName)
    , model(clock)
{
    model.setResourceKind(QStringLiteral("Pod"), true);
    store.setColumns(kPodColumns);
    followStore(store, model);
}

ProxyWalk::ProxyWalk()
{
    m_clusters[0] = std::make_unique<Cluster>(QStringLiteral("alpha"), &m_clock);
    m_clusters[1] = std::make_unique<Cluster>(QStringLiteral("beta"), &m_clock);
    m_rows.setClusters({{m_clusters[0]->name, &m_clusters[0]->model, {}}});
    m_proxy.setSourceModel(&m_rows);
    m_keeper.setSelectionModel(&m_selection);
    QObject::connect(&m_keeper, &SelectionKeeper::currentRemoved, &m_proxy,
                     [this] { m_chosen.clear(); });
    QObject::connect(&m_proxy, &QAbstractItemModel::modelAboutToBeReset, &m_proxy,
                     [this] { m_chosenMayGo = true; });
    // Views, selection models and accessibility ask the model anything while it announces a
    // change (QAbstractItemView::currentChanged maps the previous index through buddy()): the
    // mapping must hold at each of those moments.
    const auto askDuringSignal = [this] {
        checkMappingDuringSignal();
    };
    QObject::connect(&m_proxy, &QAbstractItemModel::rowsAboutToBeRemoved, &m_proxy,
                     askDuringSignal);
    QObject::connect(&m_proxy, &QAbstractItemModel::rowsRemoved, &m_proxy, askDuringSignal);
    QObject::connect(&m_proxy, &QAbstractItemModel::rowsAboutToBeInserted, &m_proxy,
                     askDuringSignal);
    QObject::connect(&m_proxy, &QAbstractItemModel::rowsInserted, &m_proxy, askDuringSignal);
    QObject::connect(&m_proxy, &QAbstractItemModel::layoutChanged, &m_proxy, askDuringSignal);
    QObject::connect(&m_selection, &QItemSelectionModel::currentChanged, &m_proxy,
                     [this](const QModelIndex &, const QModelIndex &previous) {
                         if (previous.isValid())
                             (void)m_proxy.buddy(previous);
                     });
}

ProxyWalk::~ProxyWalk() = default;

void ProxyWalk::step(uint op, uint a, uint b)
{
    switch (op % kOperations) {
    case 0:
    case 1:
        return setFilterText(a, b);
    case 2:
        return setNamespaces(a);
    case 3:
        return sort(a, b);
    case 4:
        return select(a);
    case 5:
    case 6:
        return upsert(a, b);
    case 7:
        return remove(a, b);
    case 8:
        return relist(a, b);
    case 9:
        return resetColumns(a);
    case 10:
        return showClusters(a);
    case 11:
        return flush();
    case 12:
        note(QStringLiteral("one event-loop turn"));
        QCoreApplication::processEvents();
        return;
    case 13:
        note(QStringLiteral("finish filtering"));
        m_proxy.finishFiltering();
        return;
    case 14:
        note(QStringLiteral("finish sorting"));
        m_proxy.finishSorting();
        return;
    default:
        // 0 ms slices are one block each: a pass over a few hundred rows spans several turns.
        note(QStringLiteral("slices %1 ms, background sort from %2 rows")
                 .arg(a % 2 ? 0 : 8)
                 .arg(b % 3 * 20));
        m_proxy.setFilterSliceMs(a % 2 ? 0 : 8);
        m_proxy.setBackgroundSortRows(int(b % 3 * 20));
        return;
    }
}

void ProxyWalk::note(const QString &what)
{
    m_trace.append(what);
    if (m_trace.size() > 40)
        m_trace.removeFirst();
}

void ProxyWalk::setFilterText(uint a, uint b)
{
    const QString name = podName(a);
    QString text;
    switch (b % 12) {
    case 0:
        text = QString();
        break;
    case 1:
        text = name.left(int(1 + a % uint(name.size())));
        break;
    case 2:
        text = name;
        break;
    case 3:
        text = name.toUpper() + u' ';
        break;
    case 4:
        text = namespaceName(a);
        break;
    case 5:
        text = QStringLiteral("app=web-%1").arg(a % 4);
        break;
    case 6:
        text = QStringLiteral("=web");
        break;
    case 7:
        text = QStringLiteral("/pod-[0-%1]$").arg(a % 10);
        break;
    case 8:
        text = QStringLiteral("/(");
        break;
    case 9:
        text = QStringLiteral("/");
        break;
    case 10:
        text = QStringLiteral("pod-%1").arg(a % 5);
        break;
    default:
        text = m_proxy.text() + QString::number(a % 10);
        break;
    }
    note(QStringLiteral("filter %1").arg(text));
    m_proxy.setText(text);
}

void ProxyWalk::setNamespaces(uint a)
{
    QSet<QString> namespaces;
    for (uint n = 0; n < kNamespaces; ++n) {
        if (a & (1u << n))
            namespaces.insert(namespaceName(n));
    }
    note(QStringLiteral("namespaces %1").arg(QStringList(namespaces.values()).join(u',')));
    m_proxy.setNamespaces(namespaces);
}

void ProxyWalk::sort(uint a, uint b)
{
    const int column = int(a % uint(m_proxy.columnCount() + 1)) - 1;
    const Qt::SortOrder order = b % 2 ? Qt::DescendingOrder : Qt::AscendingOrder;
    note(QStringLiteral("sort %1 %2").arg(column).arg(int(order)));
    m_proxy.sort(column, order);
}

void ProxyWalk::select(uint a)
{
    if (m_proxy.rowCount() == 0)
        return;
    const int row = int(a % uint(m_proxy.rowCount()));
    note(QStringLiteral("select row %1").arg(row));
    m_selection.setCurrentIndex(m_proxy.index(row, 0),
                                QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_chosen = rowId(m_proxy, row);
    m_chosenMayGo = false;
}

void ProxyWalk::upsert(uint a, uint b)
{
    Cluster &cluster = *m_clusters[a % 2];
    const QString name = podName(b);
    const QString ns = namespaceName(b / kNames);
    note(QStringLiteral("upsert %1 %2/%3").arg(cluster.name, ns, name));
    cluster.store.upsert(makePod(ns, name, ++m_version, kStatuses.at(int(a / 2 % 5)),
                                 QString::number(a / 10 % 7), QStringLiteral("web-%1").arg(a % 4),
                                 1000 + qint64(b % 13) * 1000));
    cluster.store.flush();
}

void ProxyWalk::remove(uint a, uint b)
{
    Cluster &cluster = *m_clusters[a % 2];
    const QStringList keys = cluster.store.keys();
    if (keys.isEmpty())
        return;
    // Now and then many at once: the model then compacts them with one layout change.
    const int count = b % 5 == 0 ? int(keys.size()) / 2 + 1 : 1;
    note(QStringLiteral("remove %1 objects of %2").arg(count).arg(cluster.name));
    for (int i = 0; i < count; ++i)
        cluster.store.remove(keys.at(int((b + uint(i) * 7) % uint(keys.size()))));
    cluster.store.flush();
}

void ProxyWalk::relist(uint a, uint b)
{
    Cluster &cluster = *m_clusters[a % 2];
    QList<StoredObjectPtr> objects;
    for (uint n = 0; n < kNames * kNamespaces; ++n) {
        if ((n * 2654435761u + b) % 3 != 0)
            continue;
        const StoredObjectPtr old =
            cluster.store.get(namespaceName(n / kNames) + u'/' + podName(n));
        objects.append(old && n % 2 ? old
                                    : makePod(namespaceName(n / kNames), podName(n), ++m_version,
                                              kStatuses.at(int(n % 5)), QString::number(n % 3),
                                              QStringLiteral("web-%1").arg(n % 4)));
    }
    note(QStringLiteral("relist %1 with %2 objects").arg(cluster.name).arg(objects.size()));
    cluster.store.replace(objects, QString::number(++m_version));
    cluster.store.flush();
}

void ProxyWalk::resetColumns(uint a)
{
    switch (a % 4) {
    case 0:
        m_wide = !m_wide;
        note(QStringLiteral("wide %1").arg(m_wide));
        m_rows.setWide(m_wide);
        return;
    case 1: {
        // The server sends other columns (another resource, or a newer server).
        Cluster &cluster = *m_clusters[a / 4 % 2];
        QList<TableColumn> columns = kPodColumns;
        if (cluster.store.columns() == kPodColumns)
            columns.removeAt(1);
        note(QStringLiteral("columns of %1: %2").arg(cluster.name).arg(columns.size()));
        cluster.store.setColumns(columns);
        return;
    }
    default: {
        // Another resource on one cluster: its table empties and starts again.
        Cluster &cluster = *m_clusters[a / 4 % 2];
        note(QStringLiteral("new watch on %1").arg(cluster.name));
        cluster.model.clear();
        cluster.store.clear();
        cluster.store.flush();
        cluster.model.flushPending();
        return;
    }
    }
}

void ProxyWalk::showClusters(uint a)
{
    QList<ClusterTableModel::Cluster> shown;
    if (a % 3 != 1)
        shown.append({m_clusters[0]->name, &m_clusters[0]->model, {}});
    if (a % 3 != 0)
        shown.append({m_clusters[1]->name, &m_clusters[1]->model, {}});
    note(QStringLiteral("show %1 clusters").arg(shown.size()));
    m_rows.setClusters(shown);
}

void ProxyWalk::flush()
{
    note(QStringLiteral("flush the models"));
    for (const auto &cluster : m_clusters)
        cluster->model.flushPending();
}

QString ProxyWalk::rowId(const QAbstractItemModel &model, int row) const
{
    const QModelIndex index = model.index(row, 0);
    return index.data(ClusterTableModel::ClusterRole).toString() + u'|' +
           index.data(ObjectRowModel::KeyRole).toString();
}

QStringList ProxyWalk::shownKeys() const
{
    QStringList keys;
    for (int row = 0; row < m_proxy.rowCount(); ++row)
        keys.append(rowId(m_proxy, row));
    return keys;
}

bool ProxyWalk::referenceAccepts(int sourceRow) const
{
    const StoredObjectPtr &object = m_rows.objectAt(sourceRow);
    const QSet<QString> namespaces = m_proxy.namespaces();
    if (!namespaces.isEmpty() && !namespaces.contains(object->namespaceName))
        return false;
    // The search text as the filter's documentation defines it, built here from the object.
    QString search = object->name().toString() + u'\n' + object->namespaceName;
    for (const auto &[key, value] : object->labels)
        search += u'\n' + key + u'=' + value;
    search = search.toLower();
    const QString text = m_proxy.text();
    if (text.startsWith(u'/') && text.size() > 1) {
        QString pattern = text.mid(1);
        if (pattern.endsWith(u'/'))
            pattern.chop(1);
        const QRegularExpression expression(pattern, QRegularExpression::CaseInsensitiveOption |
                                                         QRegularExpression::MultilineOption);
        return expression.isValid() && expression.match(search).hasMatch();
    }
    return text == u"/" || search.contains(text.trimmed().toLower());
}

int ProxyWalk::referenceCompare(int a, int b) const
{
    const int column = m_proxy.sortColumn();
    int order = 0;
    if (column >= 0) {
        const ObjectRowModel::SortKey ka = m_rows.sortKey(a, column);
        const ObjectRowModel::SortKey kb = m_rows.sortKey(b, column);
        if (ka.numeric != kb.numeric)
            order = ka.numeric ? -1 : 1;
        else if (ka.numeric && ka.number != kb.number)
            order = ka.number < kb.number ? -1 : 1;
        else if (!ka.numeric && ka.text != kb.text)
            order = ka.text < kb.text ? -1 : 1;
        else
            order = m_rows.objectAt(a)->key.compare(m_rows.objectAt(b)->key);
    }
    if (order == 0)
        order = a < b ? -1 : (a > b ? 1 : 0);
    return m_proxy.sortOrder() == Qt::AscendingOrder ? order : -order;
}

QStringList ProxyWalk::referenceKeys() const
{
    std::vector<int> rows;
    for (int row = 0; row < m_rows.rowCount(); ++row) {
        if (referenceAccepts(row))
            rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end(),
              [this](int a, int b) { return referenceCompare(a, b) < 0; });
    QStringList keys;
    for (int row : rows)
        keys.append(rowId(m_rows, row));
    return keys;
}

QString ProxyWalk::checkInvariants() const
{
    if (!m_signalError.isEmpty())
        return m_signalError;
    std::set<int> sourceRows;
    for (int row = 0; row < m_proxy.rowCount(); ++row) {
        const QModelIndex source = m_proxy.mapToSource(m_proxy.index(row, 0));
        if (!source.isValid())
            return QStringLiteral("proxy row %1 maps to no source row").arg(row);
        if (!sourceRows.insert(source.row()).second)
            return QStringLiteral("source row %1 is shown twice").arg(source.row());
        if (m_proxy.mapFromSource(source).row() != row)
            return QStringLiteral("proxy row %1 does not map back to itself").arg(row);
    }
    // Between sorts the shown rows are in order (a running sort shows the old order meanwhile).
    if (!m_proxy.isSorting()) {
        for (int row = 1; row < m_proxy.rowCount(); ++row) {
            const int above = m_proxy.mapToSource(m_proxy.index(row - 1, 0)).row();
            const int below = m_proxy.mapToSource(m_proxy.index(row, 0)).row();
            if (referenceCompare(above, below) > 0)
                return QStringLiteral(
                           "proxy rows %1 and %2 (%3, %4) are out of order by column %5 %6")
                    .arg(row - 1)
                    .arg(row)
                    .arg(rowId(m_rows, above), rowId(m_rows, below))
                    .arg(m_proxy.sortColumn())
                    .arg(m_proxy.sortOrder());
        }
    }
    const QModelIndex current = m_selection.currentIndex();
    if (current.isValid() && rowId(m_proxy, current.row()) != m_chosen)
        return QStringLiteral("the current row %1 is not the chosen %2")
            .arg(rowId(m_proxy, current.row()), m_chosen);
    return {};
}

void ProxyWalk::checkMappingDuringSignal()
{
    if (!m_signalError.isEmpty())
        return;
    for (int row = 0; row < m_proxy.rowCount(); ++row) {
        const QModelIndex source = m_proxy.mapToSource(m_proxy.index(row, 0));
        if (source.isValid() && m_proxy.mapFromSource(source).row() != row) {
            m_signalError = QStringLiteral("during a change, proxy row %1 maps back to %2")
                                .arg(row)
                                .arg(m_proxy.mapFromSource(source).row());
            return;
        }
    }
}

QString ProxyWalk::settleAndCheck()
{
    m_proxy.finishFiltering();
    m_proxy.finishSorting();
    if (const QString broken = checkInvariants(); !broken.isEmpty())
        return broken;
    const QStringList shown = shownKeys();
    const QStringList expected = referenceKeys();
    if (shown != expected)
        return QStringLiteral("shown %1 rows:\n  %2\nexpected %3:\n  %4")
            .arg(shown.size())
            .arg(shown.join(u' '))
            .arg(expected.size())
            .arg(expected.join(u' '));
    // A choice still shown stays current (only a reset may drop it silently, as Qt does).
    if (!m_chosen.isEmpty() && !m_chosenMayGo && !m_selection.currentIndex().isValid() &&
        expected.contains(m_chosen))
        return QStringLiteral("the chosen %1 is shown but no longer current").arg(m_chosen);
    return {};
}
