#include "ui/common/WindowSettings.h"

#include <QRegularExpression>
#include <QSettings>

namespace {

const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kSplitter = QStringLiteral("window/splitter");
const QString kWide = QStringLiteral("window/wide");
const QString kLastContext = QStringLiteral("lastContext");
const QString kLastContexts = QStringLiteral("lastContexts");
const QString kContextColours = QStringLiteral("contextColours");
const QString kNamespaces = QStringLiteral("namespaces");
// The type, one key per field.
const QString kTypeGroup = QStringLiteral("type/group");
const QString kTypeVersion = QStringLiteral("type/version");
const QString kTypeResource = QStringLiteral("type/resource");
const QString kTypeKind = QStringLiteral("type/kind");
const QString kTypeNamespaced = QStringLiteral("type/namespaced");
// Earlier versions: group, version, resource, kind, "namespaced"|"cluster"; and the qualified
// name beside it, never read.
const QString kLegacyType = QStringLiteral("resourceType");
const QString kLegacyName = QStringLiteral("resource");

} // namespace

WindowSettings::WindowSettings(const QString &settingsFile)
    : m_settings(settingsFile.isEmpty()
                     ? std::make_unique<QSettings>()
                     : std::make_unique<QSettings>(settingsFile, QSettings::IniFormat))
{}

WindowSettings::~WindowSettings() = default;

QString WindowSettings::contextPrefix(const QString &contextName)
{
    // A '/' in a context name would open a settings group.
    QString context = contextName;
    context.replace(u'/', u'_');
    return QStringLiteral("contexts/%1/").arg(context);
}

WindowSettings::Layout WindowSettings::layout() const
{
    Layout layout;
    layout.geometry = m_settings->value(kGeometry).toByteArray();
    layout.state = m_settings->value(kState).toByteArray();
    layout.splitter = m_settings->value(kSplitter).toByteArray();
    layout.wide = m_settings->value(kWide).toBool();
    return layout;
}

void WindowSettings::setLayout(const Layout &layout)
{
    m_settings->setValue(kGeometry, layout.geometry);
    m_settings->setValue(kState, layout.state);
    m_settings->setValue(kSplitter, layout.splitter);
    m_settings->setValue(kWide, layout.wide);
}

QString WindowSettings::lastContext() const
{
    return m_settings->value(kLastContext).toString();
}

void WindowSettings::setLastContext(const QString &contextName)
{
    m_settings->setValue(kLastContext, contextName);
}

QStringList WindowSettings::lastContexts() const
{
    if (m_settings->contains(kLastContexts))
        return m_settings->value(kLastContexts).toStringList();
    const QString last = lastContext();
    return last.isEmpty() ? QStringList() : QStringList{last};
}

void WindowSettings::setLastContexts(const QStringList &contextNames)
{
    m_settings->setValue(kLastContexts, contextNames);
    setLastContext(contextNames.value(0));
}

QStringList WindowSettings::contextColourRules() const
{
    return m_settings->value(kContextColours, QStringList{QStringLiteral("prod=#d32f2f")})
        .toStringList();
}

void WindowSettings::setContextColourRules(const QStringList &rules)
{
    m_settings->setValue(kContextColours, rules);
}

QColor WindowSettings::contextColour(const QString &contextName) const
{
    for (const QString &rule : contextColourRules()) {
        // The colour is after the last '=': a pattern may hold one.
        const qsizetype equals = rule.lastIndexOf(u'=');
        if (equals <= 0)
            continue;
        const QRegularExpression pattern(rule.left(equals),
                                         QRegularExpression::CaseInsensitiveOption);
        if (pattern.isValid() && pattern.match(contextName).hasMatch())
            return QColor::fromString(rule.mid(equals + 1).trimmed());
    }
    return {};
}

std::optional<ResourceType> WindowSettings::resourceType(const QString &contextName) const
{
    const QString prefix = contextPrefix(contextName);
    ResourceType type;
    if (m_settings->contains(prefix + kTypeResource)) {
        type.group = m_settings->value(prefix + kTypeGroup).toString();
        type.version = m_settings->value(prefix + kTypeVersion).toString();
        type.resource = m_settings->value(prefix + kTypeResource).toString();
        type.kind = m_settings->value(prefix + kTypeKind).toString();
        type.namespaced = m_settings->value(prefix + kTypeNamespaced, true).toBool();
    } else {
        const QStringList legacy = m_settings->value(prefix + kLegacyType).toStringList();
        if (legacy.size() != 5)
            return std::nullopt;
        type.group = legacy[0];
        type.version = legacy[1];
        type.resource = legacy[2];
        type.kind = legacy[3];
        type.namespaced = legacy[4] == u"namespaced";
    }
    if (type.version.isEmpty() || type.resource.isEmpty())
        return std::nullopt;
    return type;
}

void WindowSettings::setResourceType(const QString &contextName, const ResourceType &type)
{
    const QString prefix = contextPrefix(contextName);
    m_settings->setValue(prefix + kTypeGroup, type.group);
    m_settings->setValue(prefix + kTypeVersion, type.version);
    m_settings->setValue(prefix + kTypeResource, type.resource);
    m_settings->setValue(prefix + kTypeKind, type.kind);
    m_settings->setValue(prefix + kTypeNamespaced, type.namespaced);
    // Migrated: the old keys would otherwise outlive every later choice.
    m_settings->remove(prefix + kLegacyType);
    m_settings->remove(prefix + kLegacyName);
}

std::optional<QStringList> WindowSettings::namespaces(const QString &contextName) const
{
    const QString key = contextPrefix(contextName) + kNamespaces;
    if (!m_settings->contains(key))
        return std::nullopt;
    return m_settings->value(key).toStringList();
}

void WindowSettings::setNamespaces(const QString &contextName, const QStringList &namespaces)
{
    m_settings->setValue(contextPrefix(contextName) + kNamespaces, namespaces);
}

int WindowSettings::columnWidth(const QString &qualifiedType, const QString &title,
                                int fallback) const
{
    return m_settings->value(QStringLiteral("columns/%1/%2").arg(qualifiedType, title), fallback)
        .toInt();
}

void WindowSettings::setColumnWidth(const QString &qualifiedType, const QString &title, int width)
{
    m_settings->setValue(QStringLiteral("columns/%1/%2").arg(qualifiedType, title), width);
}

QStringList WindowSettings::namespacesAtStart(const QString &contextName,
                                              const QString &defaultNamespace) const
{
    if (const std::optional<QStringList> chosen = namespaces(contextName))
        return *chosen;
    if (!defaultNamespace.isEmpty() && defaultNamespace != u"default")
        return {defaultNamespace};
    return {};
}
