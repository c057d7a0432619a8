#include "core/access/RememberedNamespaces.h"

#include "core/access/NamespaceName.h"

#include <QSettings>
#include <QUrl>

#include <memory>

namespace {
const QString kGroup = QStringLiteral("handAddedNamespaces");

std::unique_ptr<QSettings> openSettings(const QString &file)
{
    if (file.isEmpty())
        return std::make_unique<QSettings>();
    return std::make_unique<QSettings>(file, QSettings::IniFormat);
}

// Context names may hold '/' (a QSettings group separator) and any other character: encode
// them so each context is exactly one key.
QString settingsKey(const QString &contextName)
{
    return kGroup + QLatin1Char('/') +
           QString::fromLatin1(QUrl::toPercentEncoding(contextName).replace('%', '_'));
}
} // namespace

RememberedNamespaces::RememberedNamespaces(const QString &settingsFile)
    : m_settingsFile(settingsFile)
{}

QStringList RememberedNamespaces::namespaces(const QString &contextName) const
{
    QStringList names =
        openSettings(m_settingsFile)->value(settingsKey(contextName)).toStringList();
    // The file may have been edited by hand: keep only valid names.
    names.removeIf([](const QString &name) { return !namespaceNameError(name).isEmpty(); });
    names.sort();
    names.removeDuplicates();
    return names;
}

QString RememberedNamespaces::add(const QString &contextName, const QString &namespaceName)
{
    if (contextName.isEmpty())
        return QStringLiteral("no context to remember the namespace for");
    if (const QString error = namespaceNameError(namespaceName); !error.isEmpty())
        return error;
    QStringList names = namespaces(contextName);
    if (!names.contains(namespaceName)) {
        names.append(namespaceName);
        names.sort();
        store(contextName, names);
    }
    return {};
}

void RememberedNamespaces::remove(const QString &contextName, const QString &namespaceName)
{
    QStringList names = namespaces(contextName);
    if (names.removeAll(namespaceName) > 0)
        store(contextName, names);
}

void RememberedNamespaces::store(const QString &contextName, const QStringList &namespaces)
{
    const auto settings = openSettings(m_settingsFile);
    if (namespaces.isEmpty())
        settings->remove(settingsKey(contextName));
    else
        settings->setValue(settingsKey(contextName), namespaces);
    settings->sync();
}
