#pragma once

#include "core/discovery/ResourceType.h"

#include <QList>
#include <QString>

// What a resource argument names: one type, several equally good ones, or none.
struct ResourceResolution
{
    enum class Outcome
    {
        Found,
        Ambiguous,
        Unknown
    };
    Outcome outcome = Outcome::Unknown;
    ResourceType type;           // Found: the type.
    QList<ResourceType> choices; // Ambiguous: the types it matches, in priority order.
    QString error;               // Ambiguous or Unknown: the sentence to show.

    bool isFound() const { return outcome == Outcome::Found; }
};

// Turns a resource argument ("deployments", "deploy", "Deployment", "deployments.apps",
// "deployments.v1.apps", a custom resource's short name) into a served type, following kubectl's
// rules (cli-runtime Builder.mappingFor over client-go's shortcutExpander and the
// PriorityRESTMapper that restmapper.NewDiscoveryRESTMapper builds from discovery):
//  1. As a resource: with two dots or more, first "resource.version.group"; then
//     "resource.group" (split at the first dot) or a bare resource.
//     a) A short name is expanded unless some type (of the named group) has it as plural or
//        discovery singularName: the first type, in discovery order, listing it among its
//        shortNames (of the named group; failing that, of a group beginning with it) wins.
//     b) The name, lower-cased, matches a plural or singular (discovery's singularName, or the
//        kind in lower case where discovery leaves it empty, as 1.20 does for built-ins), in any
//        group beginning with the named one (the exact group and version when both are given).
//     c) Of the matches, those of the highest-priority group version win: the core group,
//        then each group in discovery order, its preferred version before the others.
//  2. As a kind (case as given, or the kind in lower case), in exactly the named group (the
//     core group when none), the named version or the highest-priority one.
// Where 1c leaves several types of one group version kubectl reports nothing useful; here
// they are the choices of an Ambiguous resolution. kubectl's "List" pseudo-kinds and
// categories ("all") are not types here.
class ResourceNameResolver
{
public:
    // types: every served group version's resources in priority order, as
    // Discovery::resourceTypes() lists them.
    explicit ResourceNameResolver(QList<ResourceType> types);

    ResourceResolution resolve(const QString &argument) const;

private:
    struct Partial
    {
        QString name;
        QString version;
        QString group;
    };

    Partial expandShortName(Partial partial) const;
    ResourceResolution byResource(const Partial &partial) const;
    const ResourceType *byKind(const Partial &partial) const;

    QList<ResourceType> m_types;
};
