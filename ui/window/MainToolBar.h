#pragma once

#include "core/discovery/ResourceType.h"

#include <QList>
#include <QToolBar>

class ContextSelector;
class NamespaceSelector;
class QAction;
class QComboBox;
class QLineEdit;

// The window's toolbar: Back and Forward, contexts, resource type, namespaces, filter, label and
// field selectors, Wide, Resync and About. It only holds the controls; the window wires them to its
// session and proxy.
class MainToolBar : public QToolBar
{
    Q_OBJECT

public:
    explicit MainToolBar(QWidget *parent = nullptr);

    QAction *backAction() const { return m_backAction; }
    QAction *forwardAction() const { return m_forwardAction; }
    ContextSelector *contextPicker() const { return m_contextPicker; }
    QComboBox *resourcePicker() const { return m_resourcePicker; }
    QAction *refreshTypesAction() const { return m_refreshTypesAction; }
    NamespaceSelector *namespaces() const { return m_namespaces; }
    QLineEdit *filter() const { return m_filter; }
    QLineEdit *labelSelector() const { return m_labelSelector; }
    QLineEdit *fieldSelector() const { return m_fieldSelector; }
    QAction *wideAction() const { return m_wideAction; }
    QAction *resyncAction() const { return m_resyncAction; }
    QAction *aboutAction() const { return m_aboutAction; }

    // Offers types (core group first, then by group and name; unlistable ones disabled, with
    // why; list-only ones saying they are listed on a period) and selects current, a qualified
    // name; emits nothing.
    void setResourceTypes(QList<ResourceType> types, const QString &current);
    // The resource picker, namespaces, filter and selectors: only of use with a cluster.
    void setClusterControlsEnabled(bool enabled);
    // An invalid filter expression turns the text red, with the reason as tooltip; empty: valid.
    void showFilterError(const QString &error);

private:
    // Every control is owned by the toolbar (child).
    QAction *m_backAction;
    QAction *m_forwardAction;
    ContextSelector *m_contextPicker;
    QComboBox *m_resourcePicker;
    QAction *m_refreshTypesAction;
    NamespaceSelector *m_namespaces;
    QLineEdit *m_filter;
    QLineEdit *m_labelSelector;
    QLineEdit *m_fieldSelector;
    QAction *m_wideAction;
    QAction *m_resyncAction;
    QAction *m_aboutAction;
};
