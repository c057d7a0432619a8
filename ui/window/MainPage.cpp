#include "ui/window/MainPage.h"

#include "ui/detail/DetailPane.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/status/MessageBar.h"
#include "ui/status/StatusBanner.h"
#include "ui/table/ObjectTableView.h"
#include "ui/window/ClusterScopeBar.h"

#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

MainPage::MainPage(ObjectSortFilterProxy *proxy, ClusterTableModel *rows, ChangeHistory *history,
                   DetailPane::SessionSource detailSessions, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("mainPage"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_messages = new MessageBar(this);
    m_banner = new StatusBanner(this);
    layout->addWidget(m_messages);
    layout->addWidget(m_banner);
    m_clusterScope = new ClusterScopeBar(this);
    layout->addWidget(m_clusterScope);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_views = new QStackedWidget(m_splitter);
    m_table = new ObjectTableView(proxy, rows, m_views);
    m_detail = new DetailPane(std::move(detailSessions), m_splitter);
    m_detail->setHistory(history);
    m_problems = new ProblemsPage(history, m_views);
    m_views->addWidget(m_table);
    m_views->addWidget(m_problems);
    m_splitter->addWidget(m_views);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    layout->addWidget(m_splitter, 1);
}
