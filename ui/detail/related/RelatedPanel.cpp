#include "ui/detail/related/RelatedPanel.h"

#include "core/related/RelatedJson.h"
#include "core/related/RelatedObjectsFinder.h"
#include "core/session/ClusterConnection.h"
#include "core/session/NetworkThreadObject.h"
#include "ui/detail/related/RelatedObjectsModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeView>
#include <QVBoxLayout>

RelatedPanel::RelatedPanel(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_showPods(new QPushButton(tr("Show these pods in the table"), this))
    , m_view(new QTreeView(this))
    , m_model(new RelatedObjectsModel(this))
{
    setObjectName(QStringLiteral("relatedPanel"));
    m_status->setObjectName(QStringLiteral("relatedStatus"));
    m_status->setAccessibleName(tr("Related objects status"));
    m_showPods->setObjectName(QStringLiteral("showPodsButton"));
    m_showPods->setAccessibleName(tr("Show these pods in the table"));
    connect(m_showPods, &QPushButton::clicked, this, [this] {
        // Copies: switching the table to pods clears this panel's object, and with it these.
        const QString cluster = m_connection ? m_connection->name() : QString();
        const QString namespaceName = m_podsNamespace;
        const QString labelSelector = m_podsLabelSelector;
        const QString fieldSelector = m_podsFieldSelector;
        emit podsRequested(cluster, namespaceName, labelSelector, fieldSelector);
    });
    m_view->setObjectName(QStringLiteral("relatedTree"));
    m_view->setAccessibleName(tr("Related objects"));
    m_view->setAccessibleDescription(
        tr("Owners, children, node, pods and services of the selected object; Enter selects one"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->header()->setStretchLastSection(true);
    m_view->setColumnWidth(RelatedObjectsModel::KindColumn, 150);
    m_view->setColumnWidth(RelatedObjectsModel::NameColumn, 230);
    m_view->setColumnWidth(RelatedObjectsModel::StatusColumn, 200);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_showPods);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    // Groups open as they appear, their titles across the row: the tab is for seeing what is
    // related at a glance.
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (parent.isValid())
                    return;
                for (int row = first; row <= last; ++row) {
                    m_view->setFirstColumnSpanned(row, {}, true);
                    m_view->expand(m_model->index(row, 0));
                }
            });
    connect(m_view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const RelatedObject *object = m_model->objectAt(index);
        if (!object)
            return;
        // A copy: selecting it clears this model, and the receiver still reads the names.
        const RelatedObject chosen = *object;
        emit objectActivated(chosen.kind, chosen.namespaceName, chosen.name);
    });
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &RelatedPanel::refresh);
    showObject({}, nullptr);
}

RelatedPanel::~RelatedPanel()
{
    stopFinder();
}

void RelatedPanel::setConnection(ClusterConnection *connection)
{
    if (connection == m_connection)
        return;
    stopFinder();
    m_connection = connection;
    showObject({}, nullptr);
}

void RelatedPanel::showObject(const QString &kind, const StoredObjectPtr &object)
{
    const bool sameObject =
        object && m_object && object->uid == m_object->uid && object->key == m_object->key;
    const bool changed = !sameObject || object->raw != m_object->raw;
    m_kind = kind;
    m_object = object;
    if (changed)
        updatePodsQuery();
    if (!sameObject) {
        stopFinder();
        m_model->clear();
        m_status->setText(object ? tr("Looking for related objects...")
                                 : tr("Select a row to see its related objects"));
        refresh();
    } else if (changed && isVisible()) {
        m_timer.start(kUpdateDelayMs);
    }
}

QString RelatedPanel::statusText() const
{
    return m_status->text();
}

void RelatedPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void RelatedPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer.stop();
    stopFinder();
}

void RelatedPanel::refresh()
{
    m_timer.stop();
    if (!isVisible() || !m_object || !m_connection || m_object->raw.isEmpty())
        return;
    if (!m_finder) {
        auto *finder = NetworkThreadObject::adopt(
            m_connection, new RelatedObjectsFinder(m_connection->client(), m_connection->stores()));
        m_finder = finder;
        connect(finder, &RelatedObjectsFinder::found, this,
                [this, finder](const RelatedResult &result) {
                    if (finder == m_finder)
                        onResult(result);
                });
    }
    QMetaObject::invokeMethod(
        m_finder,
        [finder = m_finder, kind = m_kind, json = m_object->raw] { finder->find(kind, json); },
        Qt::QueuedConnection);
    m_timer.start(kRefreshMs);
}

void RelatedPanel::onResult(const RelatedResult &result)
{
    m_model->setResult(result);
    m_status->setText(
        m_model->rowCount() == 0
            ? tr("Nothing related found; looking again every %1 s").arg(kRefreshMs / 1000)
            : tr("Live: looked again every %1 s").arg(kRefreshMs / 1000));
}

void RelatedPanel::stopFinder()
{
    if (!m_finder)
        return;
    disconnect(m_finder, nullptr, this, nullptr);
    NetworkThreadObject::dispose(m_finder);
    m_finder = nullptr;
}

void RelatedPanel::updatePodsQuery()
{
    static const QStringList workloads = {
        QStringLiteral("Deployment"), QStringLiteral("ReplicaSet"), QStringLiteral("StatefulSet"),
        QStringLiteral("DaemonSet"), QStringLiteral("Job")};
    m_podsNamespace.clear();
    m_podsLabelSelector.clear();
    m_podsFieldSelector.clear();
    RelatedJson::Object object;
    if (m_object && !m_object->raw.isEmpty() && RelatedJson().readObject(m_object->raw, &object)) {
        if (m_kind == u"Node") {
            m_podsFieldSelector = QStringLiteral("spec.nodeName=") + object.name;
        } else if (m_kind == u"Service" || workloads.contains(m_kind)) {
            // An empty selector (or one with matchExpressions) names no set of pods to show.
            m_podsNamespace = object.namespaceName;
            m_podsLabelSelector = RelatedJson::labelSelector(object.selector);
        }
    }
    m_showPods->setVisible(!m_podsFieldSelector.isEmpty() || !m_podsLabelSelector.isEmpty());
    m_showPods->setToolTip(
        m_podsFieldSelector.isEmpty()
            ? tr("Show the pods in %1 with labels %2").arg(m_podsNamespace, m_podsLabelSelector)
            : tr("Show the pods with %1").arg(m_podsFieldSelector));
}
