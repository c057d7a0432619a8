#include "core/discovery/ResourceNameResolver.h"

#include <QStringList>

#include <optional>

namespace {

// Discovery's singularName, or what client-go guesses from the kind when it is empty
// (meta.UnsafeGuessKindToResource: the kind in lower case).
QString singularOf(const ResourceType &type)
{
    return type.singular.isEmpty() ? type.kind.toLower() : type.singular;
}

} // namespace

ResourceNameResolver::ResourceNameResolver(QList<ResourceType> types)
    : m_types(std::move(types))
{}

ResourceResolution ResourceNameResolver::resolve(const QString &argument) const
{
    const QString arg = argument.trimmed();
    ResourceResolution result;
    // schema.ParseResourceArg / ParseKindArg: "a.b.c..." is also name "a", version "b", group
    // "c..."; every dotted argument is name and group split at the first dot.
    const qsizetype dot = arg.indexOf(QLatin1Char('.'));
    const Partial grouped{dot < 0 ? arg : arg.left(dot), QString(),
                          dot < 0 ? QString() : arg.mid(dot + 1)};
    std::optional<Partial> versioned;
    if (arg.count(QLatin1Char('.')) >= 2) {
        const qsizetype second = arg.indexOf(QLatin1Char('.'), dot + 1);
        versioned = Partial{grouped.name, arg.mid(dot + 1, second - dot - 1), arg.mid(second + 1)};
    }
    if (grouped.name.isEmpty()) {
        result.error = QStringLiteral("the server doesn't have a resource type \"%1\"").arg(arg);
        return result;
    }
    // As a resource: the fully qualified form only counts when it finds exactly one.
    if (versioned) {
        result = byResource(*versioned);
        if (result.isFound())
            return result;
    }
    result = byResource(grouped);
    if (result.isFound())
        return result;
    // As a kind: "Widget.v1.example.com" first, then "Widget.example.com" or a core "Widget".
    const ResourceType *kind = versioned ? byKind(*versioned) : nullptr;
    if (!kind)
        kind = byKind(grouped);
    if (kind) {
        result = ResourceResolution();
        result.outcome = ResourceResolution::Outcome::Found;
        result.type = *kind;
        return result;
    }
    if (result.outcome == ResourceResolution::Outcome::Unknown)
        result.error =
            QStringLiteral("the server doesn't have a resource type \"%1\"").arg(grouped.name);
    return result;
}

ResourceNameResolver::Partial ResourceNameResolver::expandShortName(Partial partial) const
{
    // Case as typed: client-go compares short names before lower-casing anything.
    for (const ResourceType &type : m_types) {
        if (!partial.group.isEmpty() && type.group != partial.group)
            continue;
        if (type.resource == partial.name ||
            (!type.singular.isEmpty() && type.singular == partial.name))
            return partial;
    }
    auto expandFrom = [&](auto groupMatches) -> std::optional<Partial> {
        for (const ResourceType &type : m_types) {
            if (groupMatches(type.group) && type.shortNames.contains(partial.name))
                return Partial{type.resource, partial.version, type.group};
        }
        return std::nullopt;
    };
    if (auto exact = expandFrom([&](const QString &group) {
            return partial.group.isEmpty() || group == partial.group;
        }))
        return *exact;
    if (partial.group.isEmpty())
        return partial;
    // "hpa.autoscal" finds autoscaling's hpa.
    if (auto prefixed =
            expandFrom([&](const QString &group) { return group.startsWith(partial.group); }))
        return *prefixed;
    return partial;
}

ResourceResolution ResourceNameResolver::byResource(const Partial &typed) const
{
    const Partial partial = expandShortName(typed);
    const QString name = partial.name.toLower();
    QList<ResourceType> matches;
    for (const ResourceType &type : m_types) {
        if (type.resource != name && singularOf(type) != name)
            continue;
        // Each group version's mapper falls back to groups beginning with the named one
        // ("deployments.app") when its own is not it: together, a prefix match.
        const bool groupMatches = partial.version.isEmpty() ? type.group.startsWith(partial.group)
                                                            : type.group == partial.group &&
                                                                  type.version == partial.version;
        if (groupMatches)
            matches.append(type);
    }
    ResourceResolution result;
    if (matches.isEmpty())
        return result;
    // Types come in priority order: the first match's group version is the best one matched.
    const QString best = matches.first().groupVersion();
    QList<ResourceType> top;
    for (const ResourceType &type : std::as_const(matches)) {
        if (type.groupVersion() == best)
            top.append(type);
    }
    if (top.size() == 1) {
        result.outcome = ResourceResolution::Outcome::Found;
        result.type = top.first();
        return result;
    }
    result.outcome = ResourceResolution::Outcome::Ambiguous;
    result.choices = top;
    QStringList names;
    for (const ResourceType &type : std::as_const(top))
        names << type.qualifiedName();
    result.error = QStringLiteral("resource type \"%1\" is ambiguous: it matches %2")
                       .arg(typed.name, names.join(QStringLiteral(", ")));
    return result;
}

const ResourceType *ResourceNameResolver::byKind(const Partial &partial) const
{
    for (const ResourceType &type : m_types) {
        if (type.group != partial.group ||
            (!partial.version.isEmpty() && type.version != partial.version))
            continue;
        if (type.kind == partial.name || type.kind.toLower() == partial.name)
            return &type;
    }
    return nullptr;
}
