#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

// Says that the table shows one cluster's rows of several ("Show these pods in the table" keeps
// a relation in its object's cluster), with a button that shows every cluster's again. Hidden
// while every cluster is shown, so no row is ever left out without a word.
class ClusterScopeBar : public QFrame
{
    Q_OBJECT

public:
    explicit ClusterScopeBar(QWidget *parent = nullptr);

    // Shows the bar for cluster; empty hides it.
    void setCluster(const QString &cluster);
    QString cluster() const { return m_cluster; }
    QString text() const;

signals:
    // The user asked for every cluster's rows.
    void everyClusterRequested();

private:
    QString m_cluster;
    QLabel *m_label;          // Owned (child).
    QPushButton *m_showEvery; // Owned (child).
};
