#pragma once

#include <QStringList>
#include <QToolButton>

class Kubeconfig;
class KubeContextModel;
class QTreeView;

// The Contexts picker: a tool button whose popup lists the kubeconfig's contexts (name,
// cluster, user, namespace, server) for a multi-selection; the table shows every chosen one.
// The choice takes effect when the popup closes, so picking three contexts connects once.
// A cluster given directly (--server, the demo) is its only, fixed entry.
class ContextSelector : public QToolButton
{
    Q_OBJECT

public:
    explicit ContextSelector(QWidget *parent = nullptr);

    // Offers the kubeconfig's contexts; selects none (setSelected() follows).
    void setKubeconfig(const Kubeconfig &kubeconfig);
    // One entry that is not a kubeconfig context, shown chosen and not changeable.
    void setDirect(const QString &name);
    bool isDirect() const { return !m_direct.isEmpty(); }

    // In the order chosen (the table's order of clusters).
    QStringList selected() const { return m_selected; }
    // Unknown names are ignored, the order is kept; emits nothing.
    void setSelected(const QStringList &names);
    // As if the user had chosen names: selectionChanged() follows if they differ.
    void choose(const QStringList &names);
    QTreeView *list() const { return m_list; }

signals:
    void selectionChanged(const QStringList &names);

private:
    QStringList listSelection() const;
    void onPopupClosed();
    void updateText();

    KubeContextModel *m_model; // Owned (child).
    QTreeView *m_list;         // Owned (by the menu's widget action).
    QStringList m_selected;
    QString m_direct;
    bool m_syncing = false;
};
