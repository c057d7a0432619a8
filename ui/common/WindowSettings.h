#pragma once

#include "core/discovery/ResourceType.h"

#include <QByteArray>
#include <QColor>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QSettings;

// What the window remembers across runs, typed: its layout, the last context and, per context,
// the resource type and namespaces shown; column widths per resource type. The resource type is
// kept by name and group (with version, kind and scope, so its watch starts before discovery
// answers); the positional five-item list of earlier versions is read once and migrated.
class WindowSettings
{
public:
    // The window's own layout (QMainWindow and splitter states are Qt's opaque blobs).
    struct Layout
    {
        QByteArray geometry;
        QByteArray state;
        QByteArray splitter;
        bool wide = false;
    };

    // settingsFile: an INI file (tests); empty = the application's default QSettings.
    explicit WindowSettings(const QString &settingsFile = QString());
    ~WindowSettings();

    Layout layout() const;
    void setLayout(const Layout &layout);

    QString lastContext() const;
    void setLastContext(const QString &contextName);
    // The contexts shown together last time; falls back to lastContext() (older versions).
    QStringList lastContexts() const;
    // Also sets lastContext() to the first.
    void setLastContexts(const QStringList &contextNames);

    // Rules "pattern=colour": a case-insensitive regular expression over the context name and
    // a colour name or #rrggbb; the first match wins. Default: a name holding "prod" is red.
    QStringList contextColourRules() const;
    void setContextColourRules(const QStringList &rules);
    // Invalid when no rule matches.
    QColor contextColour(const QString &contextName) const;

    // Enough of a type to watch it (group, version, resource, kind, scope); nullopt if none was
    // remembered for the context or what was remembered is unusable.
    std::optional<ResourceType> resourceType(const QString &contextName) const;
    void setResourceType(const QString &contextName, const ResourceType &type);

    // nullopt: never chosen for this context (the window then picks its default).
    std::optional<QStringList> namespaces(const QString &contextName) const;
    void setNamespaces(const QString &contextName, const QStringList &namespaces);
    // What a context opens with: the namespaces chosen last time, else its kubeconfig namespace
    // unless that is "default" (all of them then).
    QStringList namespacesAtStart(const QString &contextName,
                                  const QString &defaultNamespace) const;

    // qualifiedType: ResourceType::qualifiedName(); title: the column's header.
    int columnWidth(const QString &qualifiedType, const QString &title, int fallback) const;
    void setColumnWidth(const QString &qualifiedType, const QString &title, int width);

private:
    static QString contextPrefix(const QString &contextName);

    std::unique_ptr<QSettings> m_settings;
};
