#pragma once

#include <QWidget>

class QLabel;

// The first screen when there is no kubeconfig: says where kubeglass looked and offers the
// demo cluster in one click.
class NoKubeconfigPage : public QWidget
{
    Q_OBJECT

public:
    explicit NoKubeconfigPage(QWidget *parent = nullptr);

    void setDetails(const QString &details);

signals:
    void demoRequested();

private:
    QLabel *m_details; // Owned (child).
};
