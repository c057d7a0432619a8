#pragma once

#include "core/store/StoredObject.h"

#include <QTimer>
#include <QWidget>

class ClusterConnection;
class QLabel;
class QPushButton;
class QTreeView;
class RelatedObjectsFinder;
class RelatedObjectsModel;
struct RelatedResult;

// The detail pane's Related tab: the shown object's owners, children, node, pods, services and
// what it uses, found on its own cluster's network thread (RelatedObjectsFinder, GETs only).
// Live while shown: the queries run again every kRefreshMs and soon after the object changes,
// and nothing runs while the tab is hidden or no object is shown. Activating a row asks, through
// objectActivated, to select that object; for a node, a Service or a workload, a button asks,
// through podsRequested, to show its pods in the table.
class RelatedPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kRefreshMs = 5000;
    static constexpr int kUpdateDelayMs = 250; // an object changing often costs one round

    explicit RelatedPanel(QWidget *parent = nullptr);
    ~RelatedPanel() override;

    // The cluster the shown object is on (not owned; null: none).
    void setConnection(ClusterConnection *connection);
    // kind: "Pod", "Deployment", ...; object: the whole object (null: nothing shown).
    void showObject(const QString &kind, const StoredObjectPtr &object);

    RelatedObjectsModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }
    QPushButton *showPodsButton() const { return m_showPods; }
    QString statusText() const;

signals:
    void objectActivated(const QString &kind, const QString &namespaceName, const QString &name);
    // The shown object's pods, as kubectl get pods would select them on its cluster (the
    // connection's name): in namespaceName (empty: all namespaces), by a label selector (a
    // Service's or workload's) or a field selector (a node's: spec.nodeName=name).
    void podsRequested(const QString &cluster, const QString &namespaceName,
                       const QString &labelSelector, const QString &fieldSelector);

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void refresh();
    void stopFinder();
    void onResult(const RelatedResult &result);
    // Offers the show-pods button for the shown object when it has pods to select.
    void updatePodsQuery();

    ClusterConnection *m_connection = nullptr; // Not owned.
    // One per shown object, so no answer about the previous one can arrive after a switch.
    RelatedObjectsFinder *m_finder = nullptr; // Owned; lives and is deleted on the network thread.
    QString m_kind;
    StoredObjectPtr m_object;
    QTimer m_timer;
    // What the show-pods button asks for (the namespace, label and field selectors).
    QString m_podsNamespace;
    QString m_podsLabelSelector;
    QString m_podsFieldSelector;
    QLabel *m_status;             // Owned (child).
    QPushButton *m_showPods;      // Owned (child).
    QTreeView *m_view;            // Owned (child).
    RelatedObjectsModel *m_model; // Owned (child).
};
