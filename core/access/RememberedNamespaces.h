#pragma once

#include <QString>
#include <QStringList>

// Namespaces the user added by hand, remembered per kubeconfig context across runs (QSettings).
// Used when the user may not list namespaces, so Kubeglass cannot discover them itself.
class RememberedNamespaces
{
public:
    // settingsFile: an INI file (tests); empty = the application's default QSettings.
    explicit RememberedNamespaces(const QString &settingsFile = QString());

    // Sorted, without duplicates.
    QStringList namespaces(const QString &contextName) const;
    // Returns an error message (invalid name or context) or an empty string. Adding a
    // remembered namespace again changes nothing.
    QString add(const QString &contextName, const QString &namespaceName);
    // Removing a namespace that is not remembered changes nothing.
    void remove(const QString &contextName, const QString &namespaceName);

private:
    void store(const QString &contextName, const QStringList &namespaces);

    QString m_settingsFile;
};
