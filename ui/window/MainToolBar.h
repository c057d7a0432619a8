#pragma once

#include "core/discovery/ResourceType.h"

#include <QList>
#include <QToolBar>

class ContextSelector;
class NamespaceSelector;
class QAction;
class QComboBox;
class QLineEdit;

// The window's toolbar: contexts, resource type, namespaces, filter, label selector, Wide,
// Resync and About. It only holds the controls; the window wires them to its session and proxy.
class MainToolBar : public QToolBar
{
    Q_OBJECT

public:
    explicit MainToolBar(QWidget *parent = nullptr);

    ContextSelector *contextPicker() const { return m_contextPicker; }
    QComboBox *resourcePicker() const { return m_resourcePicker; }
    QAction *refreshTypesAction() const { return m_refreshTypesAction; }
    NamespaceSelector *namespaces() const { return m_namespaces; }
    QLineEdit *filter() const { return m_filter; }
    QLineEdit *labelSelector() const { return m_labelSelector; }
    QAction *wideAction() const { return m_wideAction; }
    QAction *resyncAction() const { return m_resyncAction; }
    QAction *aboutAction() const { return m_aboutAction; }

    // Offers types (core group first, then by group and name; unwatchable ones disabled, with
    // why) and selects current, a qualified name; emits nothing.
    void setResourceTypes(QList<ResourceType> types, const QString &current);
    // The resource picker, namespaces, filter and label selector: only of use with a cluster.
    void setClusterControlsEnabled(bool enabled);
    // An invalid filter expression turns the text red, with the reason as tooltip; empty: valid.
    void showFilterError(const QString &error);

private:
    // Every control is owned by the toolbar (child).
    ContextSelector *m_contextPicker;
    QComboBox *m_resourcePicker;
    QAction *m_refreshTypesAction;
    NamespaceSelector *m_namespaces;
    QLineEdit *m_filter;
    QLineEdit *m_labelSelector;
    QAction *m_wideAction;
    QAction *m_resyncAction;
    QAction *m_aboutAction;
};
