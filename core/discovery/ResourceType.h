#pragma once

#include <QString>
#include <QStringList>

// One API resource as discovery reports it.
struct ResourceType
{
    QString group;    // "" for the core group
    QString version;  // "v1"
    QString resource; // plural: "deployments"
    QString singular;
    QString kind; // "Deployment"
    bool namespaced = true;
    QStringList verbs;
    QStringList shortNames;

    QString groupVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }
    // "deployments.apps", or "pods" for the core group.
    QString qualifiedName() const
    {
        return group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
    }
    bool supports(const QString &verb) const { return verbs.contains(verb); }
    // Listed but never watched (componentstatuses): a reflector lists it on a period.
    bool isListOnly() const
    {
        return supports(QStringLiteral("list")) && !supports(QStringLiteral("watch"));
    }
};
