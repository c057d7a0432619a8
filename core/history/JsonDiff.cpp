#include "core/history/JsonDiff.h"

#include "core/base/Utf8View.h"

#include <QSet>

#include <simdjson.h>

using namespace simdjson;

struct JsonDiff::Parsers
{
    dom::parser before;
    dom::parser after;
};

namespace {

// A value as a person reads it in a diff line: strings without quotes, the rest as compact JSON.
QString valueText(dom::element value)
{
    if (value.type() == dom::element_type::STRING)
        return qStringFromUtf8View(std::string_view(value.get_string().value_unsafe()));
    return QString::fromStdString(minify(value));
}

QString memberPath(const QString &parent, std::string_view key)
{
    const QString name = qStringFromUtf8View(key);
    // Label and annotation keys hold dots and slashes: bracket them so the path stays readable.
    const bool plain = !name.contains(u'.') && !name.contains(u'/') && !name.isEmpty();
    if (parent.isEmpty())
        return plain ? name : QStringLiteral("[\"%1\"]").arg(name);
    return plain ? parent + u'.' + name : parent + QStringLiteral("[\"%1\"]").arg(name);
}

bool skipped(const QString &parent, std::string_view key)
{
    return parent == QLatin1String("metadata") &&
           (key == "resourceVersion" || key == "generation" || key == "managedFields");
}

// The member that names every element of the list uniquely ("name", else "type"), or empty
// when the list is not keyed (scalars, or objects without such a member).
std::string_view listKey(dom::array list)
{
    for (const std::string_view candidate : {std::string_view("name"), std::string_view("type")}) {
        QSet<QString> seen;
        bool keyed = true;
        for (dom::element element : list) {
            std::string_view key;
            if (element.type() != dom::element_type::OBJECT ||
                element.at_key(candidate).get(key) != SUCCESS ||
                seen.contains(qStringFromUtf8View(key))) {
                keyed = false;
                break;
            }
            seen.insert(qStringFromUtf8View(key));
        }
        if (keyed)
            return candidate;
    }
    return {};
}

bool keyedBy(dom::array list, std::string_view key)
{
    return list.size() == 0 || listKey(list) == key;
}

void addChange(QList<FieldChange> &out, const QString &path, const dom::element *before,
               const dom::element *after)
{
    FieldChange change;
    change.path = path;
    change.hadBefore = before != nullptr;
    change.hasAfter = after != nullptr;
    if (before)
        change.before = valueText(*before);
    if (after)
        change.after = valueText(*after);
    out.append(std::move(change));
}

void diffValue(dom::element before, dom::element after, const QString &path,
               QList<FieldChange> &out);

void diffObjects(dom::object before, dom::object after, const QString &path,
                 QList<FieldChange> &out)
{
    for (const dom::key_value_pair field : before) {
        if (skipped(path, field.key))
            continue;
        dom::element other;
        if (after.at_key(field.key).get(other) == SUCCESS)
            diffValue(field.value, other, memberPath(path, field.key), out);
        else
            addChange(out, memberPath(path, field.key), &field.value, nullptr);
    }
    for (const dom::key_value_pair field : after) {
        dom::element other;
        if (!skipped(path, field.key) && before.at_key(field.key).get(other) != SUCCESS)
            addChange(out, memberPath(path, field.key), nullptr, &field.value);
    }
}

void diffKeyedLists(dom::array before, dom::array after, std::string_view key, const QString &path,
                    QList<FieldChange> &out)
{
    const auto elementKey = [key](dom::element element) {
        return qStringFromUtf8View(
            std::string_view(element.at_key(key).get_string().value_unsafe()));
    };
    const auto find = [&](dom::array list, const QString &wanted, dom::element &found) {
        for (dom::element element : list) {
            if (elementKey(element) == wanted) {
                found = element;
                return true;
            }
        }
        return false;
    };
    for (dom::element element : before) {
        const QString name = elementKey(element);
        const QString elementPath = path + u'[' + name + u']';
        dom::element other;
        if (find(after, name, other))
            diffValue(element, other, elementPath, out);
        else
            addChange(out, elementPath, &element, nullptr);
    }
    for (dom::element element : after) {
        const QString name = elementKey(element);
        dom::element other;
        if (!find(before, name, other))
            addChange(out, path + u'[' + name + u']', nullptr, &element);
    }
}

void diffLists(dom::element beforeValue, dom::element afterValue, const QString &path,
               QList<FieldChange> &out)
{
    const dom::array before = beforeValue.get_array().value_unsafe();
    const dom::array after = afterValue.get_array().value_unsafe();
    const std::string_view key = listKey(before.size() ? before : after);
    if (!key.empty() && keyedBy(before, key) && keyedBy(after, key)) {
        diffKeyedLists(before, after, key, path, out);
        return;
    }
    bool objects = before.size() == after.size();
    for (dom::element element : before)
        objects = objects && element.type() == dom::element_type::OBJECT;
    if (objects) {
        // Unkeyed objects of a list of the same length: compare position by position.
        auto other = after.begin();
        size_t index = 0;
        for (dom::element element : before) {
            diffValue(element, *other, path + u'[' + QString::number(index++) + u']', out);
            ++other;
        }
        return;
    }
    // Scalars (args, finalizers) or a changed length: the whole list is the value.
    if (minify(before) != minify(after))
        addChange(out, path, &beforeValue, &afterValue);
}

void diffValue(dom::element before, dom::element after, const QString &path,
               QList<FieldChange> &out)
{
    if (before.type() == dom::element_type::OBJECT && after.type() == dom::element_type::OBJECT) {
        diffObjects(before.get_object().value_unsafe(), after.get_object().value_unsafe(), path,
                    out);
        return;
    }
    if (before.type() == dom::element_type::ARRAY && after.type() == dom::element_type::ARRAY) {
        diffLists(before, after, path, out);
        return;
    }
    if (before.type() != after.type() || valueText(before) != valueText(after))
        addChange(out, path, &before, &after);
}

} // namespace

JsonDiff::JsonDiff()
    : m_parsers(std::make_unique<Parsers>())
{}

JsonDiff::~JsonDiff() = default;

QList<FieldChange> JsonDiff::diff(const QByteArray &before, const QByteArray &after, QString *error)
{
    dom::element beforeRoot;
    dom::element afterRoot;
    error_code code =
        m_parsers->before.parse(before.constData(), size_t(before.size())).get(beforeRoot);
    if (code == SUCCESS)
        code = m_parsers->after.parse(after.constData(), size_t(after.size())).get(afterRoot);
    if (code != SUCCESS) {
        if (error)
            *error = QString::fromUtf8(error_message(code));
        return {};
    }
    QList<FieldChange> changes;
    diffValue(beforeRoot, afterRoot, QString(), changes);
    return changes;
}
