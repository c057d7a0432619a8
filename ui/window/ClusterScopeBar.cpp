#include "ui/window/ClusterScopeBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

ClusterScopeBar::ClusterScopeBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_showEvery(new QPushButton(tr("Show every cluster"), this))
{
    setObjectName(QStringLiteral("clusterScopeBar"));
    setAccessibleName(tr("Cluster shown"));
    setFrameShape(QFrame::StyledPanel);
    m_label->setObjectName(QStringLiteral("clusterScopeText"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_showEvery->setObjectName(QStringLiteral("showEveryClusterButton"));
    m_showEvery->setAccessibleName(tr("Show every cluster"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 2, 4, 2);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_showEvery);
    connect(m_showEvery, &QPushButton::clicked, this, &ClusterScopeBar::everyClusterRequested);
    hide();
}

void ClusterScopeBar::setCluster(const QString &cluster)
{
    m_cluster = cluster;
    m_label->setText(tr("Only the rows of cluster %1 are shown").arg(cluster));
    setAccessibleDescription(m_label->text());
    setVisible(!cluster.isEmpty());
}

QString ClusterScopeBar::text() const
{
    return m_cluster.isEmpty() ? QString() : m_label->text();
}
