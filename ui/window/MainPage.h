#pragma once

#include "ui/detail/DetailPane.h"

#include <QWidget>

class ChangeHistory;
class ClusterScopeBar;
class ClusterTableModel;
class MessageBar;
class ObjectSortFilterProxy;
class ObjectTableView;
class ProblemsPage;
class QSplitter;
class QStackedWidget;
class StatusBanner;

// The window's page while clusters are shown: the message bar, the stale banner and the cluster
// scope bar on top, below them the objects table (or the Problems view in its place) beside the
// detail pane. It only lays them out; the window wires them.
class MainPage : public QWidget
{
    Q_OBJECT

public:
    MainPage(ObjectSortFilterProxy *proxy, ClusterTableModel *rows, ChangeHistory *history,
             DetailPane::SessionSource detailSessions, QWidget *parent);

    MessageBar *messages() const { return m_messages; }
    StatusBanner *banner() const { return m_banner; }
    ClusterScopeBar *clusterScope() const { return m_clusterScope; }
    QSplitter *splitter() const { return m_splitter; }
    // The table, or the Problems view in its place.
    QStackedWidget *views() const { return m_views; }
    ObjectTableView *table() const { return m_table; }
    ProblemsPage *problems() const { return m_problems; }
    DetailPane *detail() const { return m_detail; }

private:
    // Every widget is owned by the page (child).
    MessageBar *m_messages;
    StatusBanner *m_banner;
    ClusterScopeBar *m_clusterScope;
    QSplitter *m_splitter;
    QStackedWidget *m_views;
    ObjectTableView *m_table;
    ProblemsPage *m_problems;
    DetailPane *m_detail;
};
