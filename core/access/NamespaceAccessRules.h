#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// The resource rules of one SelfSubjectRulesReview answer (what kubectl auth can-i --list
// shows), and whether they allow a verb on a whole resource: a rule allows it when its verbs,
// apiGroups and resources name it or "*", and it is not limited to resourceNames (such a rule
// never allows listing or watching all objects). "incomplete" answers may allow more than their
// rules say; the caller then asks per verb instead.
class NamespaceAccessRules
{
public:
    // nullopt when the body is not a SelfSubjectRulesReview with a status.
    static std::optional<NamespaceAccessRules> fromReviewJson(const QByteArray &json)
    {
        QJsonParseError parseError;
        const QJsonObject review = QJsonDocument::fromJson(json, &parseError).object();
        const QJsonValue statusValue = review.value(QLatin1String("status"));
        if (parseError.error != QJsonParseError::NoError || !statusValue.isObject())
            return std::nullopt;
        const QJsonObject status = statusValue.toObject();
        NamespaceAccessRules rules;
        rules.m_incomplete = status.value(QLatin1String("incomplete")).toBool();
        rules.m_evaluationError = status.value(QLatin1String("evaluationError")).toString();
        const QJsonArray resourceRules = status.value(QLatin1String("resourceRules")).toArray();
        for (const QJsonValue &value : resourceRules) {
            const QJsonObject object = value.toObject();
            Rule rule;
            rule.verbs = strings(object, "verbs");
            rule.apiGroups = strings(object, "apiGroups");
            rule.resources = strings(object, "resources");
            rule.limitedToNames = !strings(object, "resourceNames").isEmpty();
            rules.m_rules.append(rule);
        }
        return rules;
    }

    bool allows(const QString &group, const QString &resource, const QString &verb) const
    {
        for (const Rule &rule : m_rules) {
            if (!rule.limitedToNames && matches(rule.verbs, verb) &&
                matches(rule.apiGroups, group) && matches(rule.resources, resource))
                return true;
        }
        return false;
    }
    bool isIncomplete() const { return m_incomplete; }
    QString evaluationError() const { return m_evaluationError; }

private:
    struct Rule
    {
        QStringList verbs;
        QStringList apiGroups;
        QStringList resources;
        bool limitedToNames = false;
    };

    static QStringList strings(const QJsonObject &object, const char *key)
    {
        QStringList values;
        const QJsonArray array = object.value(QLatin1String(key)).toArray();
        for (const QJsonValue &value : array)
            values << value.toString();
        return values;
    }
    static bool matches(const QStringList &allowed, const QString &value)
    {
        return allowed.contains(value) || allowed.contains(QLatin1String("*"));
    }

    QList<Rule> m_rules;
    bool m_incomplete = false;
    QString m_evaluationError;
};
