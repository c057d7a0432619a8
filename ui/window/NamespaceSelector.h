#pragma once

#include <QHash>
#include <QStringList>
#include <QToolButton>

class QListWidget;
class QListWidgetItem;
class QLineEdit;

// A tool button whose popup is a checkable, searchable list of namespaces with "All
// namespaces" on top. The list follows a namespaces reflector live (setAvailable()).
class NamespaceSelector : public QToolButton
{
    Q_OBJECT

public:
    explicit NamespaceSelector(QWidget *parent = nullptr);

    // clusters: with several clusters shown, the clusters of each namespace that not all of
    // them have (listed after its name).
    void setAvailable(const QStringList &namespaces,
                      const QHash<QString, QStringList> &clusters = {});
    QStringList available() const { return m_available; }
    // Empty: all namespaces.
    QStringList selected() const { return m_selected; }
    void setSelected(const QStringList &namespaces);
    QListWidget *list() const { return m_list; }

signals:
    void selectionChanged(const QStringList &namespaces);

private:
    void rebuildList();
    void onItemChanged(QListWidgetItem *item);
    void updateText();

    QListWidget *m_list; // Owned (by the menu's widget action).
    QLineEdit *m_search; // Owned (by the menu's widget action).
    QStringList m_available;
    QHash<QString, QStringList> m_clusters;
    QStringList m_selected;
    bool m_rebuilding = false;
};
