#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class WatchSession;

// For a session reading namespace by namespace (the user may not list the resource
// cluster-wide): why ("Cluster-wide list forbidden (…): reading N namespaces one by one"), one
// row per namespace with its phase, object count and last error, the namespaces the access
// check denied and why, and an "Add namespace…" button. Hidden for any other session.
class NamespaceMembersWidget : public QWidget
{
    Q_OBJECT

public:
    explicit NamespaceMembersWidget(WatchSession *session, QWidget *parent = nullptr);

    QString forbiddenText() const;
    QString verdictText() const;
    QTableWidget *table() const { return m_table; }
    QPushButton *addButton() const { return m_add; }
    // What the button does once the user has typed a name: an error message, or empty.
    QString addNamespace(const QString &namespaceName);

private:
    void askForNamespace();
    void refresh();
    void refreshRows();
    void refreshVerdicts();

    QPointer<WatchSession> m_session; // Not owned; the widget goes away with it.
    QLabel *m_forbidden;              // Owned (child), like every widget below.
    QTableWidget *m_table;
    QLabel *m_verdicts;
    QPushButton *m_add;
    QLabel *m_addError;
};
