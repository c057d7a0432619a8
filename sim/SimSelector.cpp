#include "sim/SimSelector.h"

#include <cctype>

namespace {

// Splits on commas outside parentheses; empty when the parentheses do not balance.
QList<QByteArray> splitTopLevel(const QByteArray &text)
{
    QList<QByteArray> parts;
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text.at(i) : ',';
        if (c == '(')
            ++depth;
        else if (c == ')' && --depth < 0)
            return {};
        else if (c == ',' && depth == 0) {
            parts.append(text.mid(start, i - start).trimmed());
            start = i + 1;
        }
    }
    return depth == 0 ? parts : QList<QByteArray>();
}

bool validKey(const QByteArray &key)
{
    if (key.isEmpty() || key.size() > 316)
        return false;
    for (const char c : key) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
              c == '/'))
            return false;
    }
    return true;
}

bool validValue(const QByteArray &value)
{
    for (const char c : value) {
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            return false;
    }
    return value.size() <= 63;
}

} // namespace

bool SimSelector::parse(const QByteArray &labelSelector, const QByteArray &fieldSelector,
                        SimResourceType::Id type, QString *error)
{
    m_requirements.clear();
    return parseLabels(labelSelector, error) && parseFields(fieldSelector, type, error);
}

bool SimSelector::parseLabels(const QByteArray &text, QString *error)
{
    if (text.trimmed().isEmpty())
        return true;
    const QList<QByteArray> parts = splitTopLevel(text);
    if (parts.isEmpty()) {
        *error = QStringLiteral("unable to parse requirement: unbalanced parentheses in %1")
                     .arg(QString::fromUtf8(text));
        return false;
    }
    for (const QByteArray &part : parts) {
        Requirement r;
        const auto fail = [&] {
            *error = QStringLiteral("unable to parse requirement: invalid label selector: %1")
                         .arg(QString::fromUtf8(part));
            return false;
        };
        if (part.startsWith('!')) {
            r.key = part.mid(1).trimmed();
            r.op = Requirement::NotExists;
        } else if (const qsizetype paren = part.indexOf('('); paren >= 0) {
            if (!part.endsWith(')'))
                return fail();
            const QList<QByteArray> head = part.left(paren).simplified().split(' ');
            if (head.size() != 2 || (head[1] != "in" && head[1] != "notin"))
                return fail();
            r.key = head[0];
            r.op = head[1] == "in" ? Requirement::In : Requirement::NotIn;
            for (const QByteArray &v : part.mid(paren + 1, part.size() - paren - 2).split(',')) {
                r.values.append(v.trimmed());
                if (!validValue(r.values.last()))
                    return fail();
            }
        } else if (const qsizetype ne = part.indexOf("!="); ne >= 0) {
            r.key = part.left(ne).trimmed();
            r.op = Requirement::NotEquals;
            r.values = {part.mid(ne + 2).trimmed()};
        } else if (const qsizetype eq = part.indexOf('='); eq >= 0) {
            r.key = part.left(eq).trimmed();
            const int skip = part.mid(eq).startsWith("==") ? 2 : 1;
            r.values = {part.mid(eq + skip).trimmed()};
        } else {
            r.key = part;
            r.op = Requirement::Exists;
        }
        if (!validKey(r.key) || (!r.values.isEmpty() && !validValue(r.values.first())))
            return fail();
        m_requirements.append(r);
    }
    return true;
}

bool SimSelector::parseFields(const QByteArray &text, SimResourceType::Id type, QString *error)
{
    if (text.trimmed().isEmpty())
        return true;
    for (const QByteArray &part : text.split(',')) {
        Requirement r;
        r.field = true;
        qsizetype at = part.indexOf("!=");
        int skip = 2;
        if (at >= 0) {
            r.op = Requirement::NotEquals;
        } else if ((at = part.indexOf("==")) < 0) {
            at = part.indexOf('=');
            skip = 1;
        }
        if (at < 0) {
            *error = QStringLiteral("invalid selector: '%1'; can't understand '%2'")
                         .arg(QString::fromUtf8(text), QString::fromUtf8(part));
            return false;
        }
        r.key = part.left(at).trimmed();
        r.values = {part.mid(at + skip).trimmed()};
        const bool podField =
            type == SimResourceType::Pods && (r.key == "status.phase" || r.key == "spec.nodeName");
        const bool eventField =
            type == SimResourceType::Events && m_eventFields && SimObject::isEventField(r.key);
        if (r.key != "metadata.name" && r.key != "metadata.namespace" && !podField && !eventField) {
            *error = QStringLiteral("field label not supported: %1").arg(QString::fromUtf8(r.key));
            return false;
        }
        m_requirements.append(r);
    }
    return true;
}

QByteArray SimSelector::fieldValue(const SimObject &o, const QByteArray &field)
{
    if (field == "metadata.name")
        return o.name;
    if (field == "metadata.namespace")
        return o.ns;
    if (field == "status.phase")
        return o.phase;
    if (o.type == SimResourceType::Events)
        return o.eventField(field);
    return o.nodeName; // spec.nodeName, the only other accepted field
}

bool SimSelector::matches(const SimObject &o) const
{
    for (const Requirement &r : m_requirements) {
        const bool present = r.field || o.hasLabel(r.key);
        const QByteArray value = r.field ? fieldValue(o, r.key) : o.label(r.key);
        bool ok = false;
        switch (r.op) {
        case Requirement::Equals:
            ok = present && value == r.values.first();
            break;
        case Requirement::NotEquals:
            ok = !present || value != r.values.first();
            break;
        case Requirement::In:
            ok = present && r.values.contains(value);
            break;
        case Requirement::NotIn:
            ok = !present || !r.values.contains(value);
            break;
        case Requirement::Exists:
            ok = present;
            break;
        case Requirement::NotExists:
            ok = !present;
            break;
        }
        if (!ok)
            return false;
    }
    return true;
}
