#include "core/watch/ObjectDecoder.h"

#include <array>
#include <simdjson.h>
#include <string>

using namespace simdjson;

// One parser per nesting level: a watch event embeds an object, which (as a Table) embeds a
// row's object; each level is parsed from its own raw span while the outer document is live.
struct ObjectDecoder::Parsers
{
    std::array<ondemand::parser, 4> levels;
    // A document that is not PaddedJson is parsed from this zero-padded copy: simdjson may look
    // past the end of a malformed document, and what it finds there must not depend on the
    // bytes that happened to follow it (the next event, or uninitialised capacity).
    std::string unit;
    // A Table row's cells as they are read; the row keeps an exact-size copy, since 100,000
    // rows each holding a list grown by doubling cost about 20 MB of slack.
    QVariantList cells;
};

namespace {

QByteArrayView zeroPadded(std::string &buffer, QByteArrayView json)
{
    buffer.assign(json.data(), size_t(json.size()));
    buffer.append(SIMDJSON_PADDING, '\0');
    return QByteArrayView(buffer.data(), json.size());
}

std::string_view view(PaddedJson json)
{
    return std::string_view(json.text.data(), size_t(json.text.size()));
}

constexpr int kEventLevel = 0;

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QString errorText(error_code code, const char *what)
{
    return QStringLiteral("cannot decode %1: %2")
        .arg(QLatin1String(what), QLatin1String(error_message(code)));
}

// days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
qint64 daysFromCivil(int y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + qint64(doe) - 719468;
}

// RFC 3339 as Kubernetes writes it ("2026-01-02T03:04:05Z"); 0 when unparseable.
qint64 parseTimestampMs(std::string_view t)
{
    auto digits = [&](size_t at, size_t count, int &value) {
        value = 0;
        for (size_t i = at; i < at + count; ++i) {
            if (i >= t.size() || t[i] < '0' || t[i] > '9')
                return false;
            value = value * 10 + (t[i] - '0');
        }
        return true;
    };
    int y, mo, d, h, mi, s;
    if (t.size() < 20 || !digits(0, 4, y) || !digits(5, 2, mo) || !digits(8, 2, d) ||
        !digits(11, 2, h) || !digits(14, 2, mi) || !digits(17, 2, s) || mo < 1 || mo > 12)
        return 0;
    qint64 seconds = daysFromCivil(y, unsigned(mo), unsigned(d)) * 86400 + h * 3600 + mi * 60 + s;
    // Zone: "Z" or "+hh:mm"/"-hh:mm", possibly after fractional seconds.
    size_t zone = 19;
    if (zone < t.size() && t[zone] == '.') {
        ++zone;
        while (zone < t.size() && t[zone] >= '0' && t[zone] <= '9')
            ++zone;
    }
    int zh, zm;
    if (zone + 6 <= t.size() && (t[zone] == '+' || t[zone] == '-') && digits(zone + 1, 2, zh) &&
        digits(zone + 4, 2, zm)) {
        const qint64 offset = zh * 3600 + zm * 60;
        seconds += t[zone] == '+' ? -offset : offset;
    }
    return seconds * 1000;
}

QVariant cellValue(ondemand::value value)
{
    ondemand::json_type type;
    if (value.type().get(type))
        return {};
    switch (type) {
    case ondemand::json_type::string: {
        std::string_view text;
        return value.get_string().get(text) ? QVariant() : QVariant(toQString(text));
    }
    case ondemand::json_type::number: {
        ondemand::number number;
        if (value.get_number().get(number))
            return {};
        if (number.is_int64())
            return QVariant(qint64(number.get_int64()));
        if (number.is_uint64())
            return QVariant(quint64(number.get_uint64()));
        return QVariant(number.get_double());
    }
    case ondemand::json_type::boolean: {
        bool flag = false;
        return value.get_bool().get(flag) ? QVariant() : QVariant(flag);
    }
    case ondemand::json_type::null:
        return {};
    case ondemand::json_type::array: {
        std::string_view raw;
        ondemand::array array;
        if (value.get_array().get(array) || array.raw_json().get(raw))
            return {};
        return toQString(raw);
    }
    case ondemand::json_type::object: {
        std::string_view raw;
        ondemand::object object;
        if (value.get_object().get(object) || object.raw_json().get(raw))
            return {};
        return toQString(raw);
    }
    }
    return {};
}

error_code decodeColumns(ondemand::value value, QList<TableColumn> &columns)
{
    ondemand::array array;
    if (auto error = value.get_array().get(array))
        return error;
    for (auto element : array) {
        ondemand::object object;
        if (auto error = element.get_object().get(object))
            return error;
        TableColumn column;
        for (auto field : object) {
            std::string_view key;
            if (auto error = field.unescaped_key().get(key))
                return error;
            if (key == "priority") {
                int64_t priority = 0;
                if (auto error = field.value().get_int64().get(priority))
                    return error;
                column.priority = int(priority);
                continue;
            }
            std::string_view text;
            if (key != "name" && key != "type" && key != "format" && key != "description")
                continue;
            if (auto error = field.value().get_string().get(text))
                return error;
            QString &target = key == "name"     ? column.name
                              : key == "type"   ? column.type
                              : key == "format" ? column.format
                                                : column.description;
            target = toQString(text);
        }
        columns.append(column);
    }
    return SUCCESS;
}

// Starts parsing json, which must be followed by SIMDJSON_PADDING readable bytes, as one
// object. doc must outlive object: the object reads through the document's iterator.
error_code openObject(ondemand::parser &parser, std::string_view json, ondemand::document &doc,
                      ondemand::object &object)
{
    if (auto error = parser
                         .iterate(padded_string_view(json.data(), json.size(),
                                                     json.size() + SIMDJSON_PADDING))
                         .get(doc))
        return error;
    return doc.get_object().get(object);
}

} // namespace

class ObjectDecoderImpl
{
public:
    ObjectDecoderImpl(std::array<ondemand::parser, 4> &parsers, QVariantList &cells,
                      StringInterner &interner, ObjectProjection projection)
        : m_parsers(parsers)
        , m_cells(cells)
        , m_interner(interner)
        , m_projection(projection)
    {}

    // A plain object (or a Table when as=Table) at the given parser level. upToMetadata: what
    // follows metadata (spec, status) is not even skipped through, for a list item, of which
    // only the record counts.
    error_code object(std::string_view json, int level, DecodedObject &out, QString *what,
                      bool upToMetadata = false)
    {
        ondemand::document doc;
        ondemand::object object;
        if (auto error = openObject(m_parsers[level], json, doc, object))
            return error;
        auto record = std::make_shared<StoredObject>();
        DecodedObject meta; // this level's own metadata, merged below unless it is a Table
        QString kind, apiVersion, name;
        bool tableRowDecoded = false;
        for (auto field : object) {
            std::string_view key;
            if (auto error = field.unescaped_key().get(key))
                return error;
            if (key == "kind" || key == "apiVersion") {
                std::string_view text;
                if (auto error = field.value().get_string().get(text))
                    return error;
                (key == "kind" ? kind : apiVersion) = m_interner.intern(toQString(text));
            } else if (key == "metadata") {
                ondemand::object metadata;
                if (auto error = field.value().get_object().get(metadata))
                    return error;
                if (auto error = decodeMetadata(metadata, *record, name, meta))
                    return error;
                // Nothing after metadata counts unless this is a Table (its rows follow).
                if (upToMetadata ||
                    (!kind.isEmpty() && !apiVersion.isEmpty() && kind != QLatin1String("Table")))
                    break;
            } else if (key == "columnDefinitions") {
                ondemand::value value = field.value();
                bool isNull = false;
                if (value.is_null().get(isNull) == SUCCESS && isNull)
                    continue;
                if (auto error = decodeColumns(value, out.columns))
                    return error;
            } else if (key == "rows") {
                ondemand::array rows;
                if (auto error = field.value().get_array().get(rows))
                    return error;
                for (auto row : rows) {
                    if (tableRowDecoded) {
                        *what = QStringLiteral("a Table watch event with more than one row");
                        return INCORRECT_TYPE;
                    }
                    std::string_view raw;
                    ondemand::object rowObject;
                    if (auto error = row.get_object().get(rowObject))
                        return error;
                    if (auto error = rowObject.raw_json().get(raw))
                        return error;
                    if (level + 1 >= int(m_parsers.size()))
                        return DEPTH_ERROR;
                    if (auto error = tableRow(raw, level + 1, out))
                        return error;
                    tableRowDecoded = true;
                }
            }
        }
        if (kind == QLatin1String("Table")) {
            out.isTable = true;
            if (!tableRowDecoded) { // e.g. a bookmark: only the Table's own resourceVersion
                out.kind = kind;
                out.apiVersion = apiVersion;
                out.hasMetadata = meta.hasMetadata;
                out.resourceVersion = meta.resourceVersion;
                out.initialEventsEnd = meta.initialEventsEnd;
            }
            return SUCCESS;
        }
        out.kind = kind;
        out.apiVersion = apiVersion;
        out.hasMetadata = meta.hasMetadata;
        out.resourceVersion = meta.resourceVersion;
        out.initialEventsEnd = meta.initialEventsEnd;
        finish(std::move(record), name, json, out);
        return SUCCESS;
    }

    // {"cells":[...],"object":{...}}
    error_code tableRow(std::string_view json, int level, DecodedObject &out)
    {
        ondemand::document doc;
        ondemand::object row;
        if (auto error = openObject(m_parsers[level], json, doc, row))
            return error;
        m_cells.clear();
        std::string_view objectJson;
        for (auto field : row) {
            std::string_view key;
            if (auto error = field.unescaped_key().get(key))
                return error;
            if (key == "cells") {
                ondemand::array array;
                if (auto error = field.value().get_array().get(array))
                    return error;
                for (auto cell : array) {
                    ondemand::value value;
                    if (auto error = cell.get(value))
                        return error;
                    m_cells.append(cellValue(value));
                    // Beyond the first (Name) column, 100,000 rows hold a few distinct texts
                    // ("Running", "1/1", "<none>", node names): one shared copy of each.
                    QVariant &added = m_cells.last();
                    if (m_cells.size() > 1 && added.typeId() == QMetaType::QString)
                        added = m_interner.intern(added.toString());
                }
            } else if (key == "object") {
                ondemand::object embedded;
                if (auto error = field.value().get_object().get(embedded))
                    return error;
                if (auto error = embedded.raw_json().get(objectJson))
                    return error;
            }
        }
        out.isTable = true;
        QVariantList cells(m_cells.cbegin(), m_cells.cend());
        auto record = std::make_shared<StoredObject>();
        if (!objectJson.empty()) {
            DecodedObject inner;
            if (level + 1 >= int(m_parsers.size()))
                return DEPTH_ERROR;
            QString ignored;
            if (auto error = object(objectJson, level + 1, inner, &ignored))
                return error;
            out.kind = inner.kind;
            out.apiVersion = inner.apiVersion;
            out.hasMetadata = inner.hasMetadata;
            out.resourceVersion = inner.resourceVersion;
            out.initialEventsEnd = inner.initialEventsEnd;
            if (inner.object)
                *record = *inner.object;
            else
                record.reset();
        } else if (!cells.isEmpty()) {
            // includeObject=None: all we have is the Name cell.
            record->setName(QString(), cells.first().toString());
            out.hasMetadata = true;
        } else {
            record.reset();
        }
        if (record) {
            record->cells = TableCells(std::move(cells));
            out.object = std::move(record);
        }
        return SUCCESS;
    }

    error_code event(std::string_view json, WatchEvent &out, QString *what)
    {
        ondemand::document doc;
        ondemand::object object;
        if (auto error = openObject(m_parsers[kEventLevel], json, doc, object))
            return error;
        std::string_view type;
        std::string_view objectJson;
        bool hasType = false;
        for (auto field : object) {
            std::string_view key;
            if (auto error = field.unescaped_key().get(key))
                return error;
            if (key == "type") {
                if (auto error = field.value().get_string().get(type))
                    return error;
                hasType = true;
            } else if (key == "object") {
                ondemand::object embedded;
                if (auto error = field.value().get_object().get(embedded))
                    return error;
                if (auto error = embedded.raw_json().get(objectJson))
                    return error;
            }
        }
        if (!hasType || objectJson.empty()) {
            *what = QStringLiteral("watch event without type or object");
            return INCORRECT_TYPE;
        }
        if (type == "ADDED")
            out.type = WatchEvent::Type::Added;
        else if (type == "MODIFIED")
            out.type = WatchEvent::Type::Modified;
        else if (type == "DELETED")
            out.type = WatchEvent::Type::Deleted;
        else if (type == "BOOKMARK")
            out.type = WatchEvent::Type::Bookmark;
        else if (type == "ERROR")
            out.type = WatchEvent::Type::Error;
        else {
            *what = QStringLiteral("unknown watch event type \"%1\"").arg(toQString(type));
            return INCORRECT_TYPE;
        }
        // The object is a slice of the event, so it keeps the event's padding.
        if (out.type == WatchEvent::Type::Error) {
            out.rawObject = QByteArray(objectJson.data(), qsizetype(objectJson.size()));
            out.status = ApiError::fromStatusJson(out.rawObject, 0);
            return SUCCESS;
        }
        return this->object(objectJson, kEventLevel + 1, out.object, what);
    }

private:
    // metadata.name goes to name: the key is built once the namespace is known too.
    error_code decodeMetadata(ondemand::object metadata, StoredObject &record, QString &name,
                              DecodedObject &out)
    {
        out.hasMetadata = true;
        for (auto field : metadata) {
            std::string_view key;
            if (auto error = field.unescaped_key().get(key))
                return error;
            std::string_view text;
            if (key == "name" || key == "namespace" || key == "uid" || key == "resourceVersion" ||
                key == "creationTimestamp") {
                ondemand::value value = field.value();
                bool isNull = false;
                if (value.is_null().get(isNull) == SUCCESS && isNull)
                    continue; // bookmarks carry "creationTimestamp":null
                if (auto error = value.get_string().get(text))
                    return error;
                if (key == "name")
                    name = toQString(text);
                else if (key == "namespace")
                    record.namespaceName = m_interner.intern(toQString(text));
                else if (key == "uid")
                    record.uid = ObjectUid(QUtf8StringView(text.data(), qsizetype(text.size())));
                else if (key == "resourceVersion")
                    record.resourceVersion = ResourceVersion(out.resourceVersion = toQString(text));
                else
                    record.creationTimestampMs = parseTimestampMs(text);
            } else if (key == "labels" || key == "annotations") {
                ondemand::value value = field.value();
                bool isNull = false;
                if (value.is_null().get(isNull) == SUCCESS && isNull)
                    continue;
                ondemand::object map;
                if (auto error = value.get_object().get(map))
                    return error;
                const bool labels = key == "labels";
                ObjectLabels decodedLabels;
                for (auto entry : map) {
                    std::string_view labelKey, value;
                    if (auto error = entry.unescaped_key().get(labelKey))
                        return error;
                    if (labels) {
                        if (auto error = entry.value().get_string().get(value))
                            return error;
                        decodedLabels.append({m_interner.intern(toQString(labelKey)),
                                              m_interner.intern(toQString(value))});
                    } else if (labelKey == "k8s.io/initial-events-end") {
                        if (entry.value().get_string().get(value) == SUCCESS && value == "true")
                            out.initialEventsEnd = true;
                    }
                }
                if (labels)
                    record.labels = m_interner.intern(std::move(decodedLabels));
            }
        }
        return SUCCESS;
    }

    void finish(std::shared_ptr<StoredObject> record, const QString &name, std::string_view json,
                DecodedObject &out)
    {
        if (name.isEmpty())
            return;
        record->setName(record->namespaceName, name);
        record->raw = m_projection
                          ? m_projection(QByteArrayView(json.data(), qsizetype(json.size())))
                          : QByteArray(json.data(), qsizetype(json.size()));
        out.object = std::move(record);
    }

    std::array<ondemand::parser, 4> &m_parsers;
    QVariantList &m_cells;
    StringInterner &m_interner;
    ObjectProjection m_projection;
};

ObjectDecoder::ObjectDecoder()
    : m_parsers(std::make_unique<Parsers>())
{}

ObjectDecoder::~ObjectDecoder() = default;

bool ObjectDecoder::decodeObject(QByteArrayView json, DecodedObject &out, QString *error)
{
    return decodeObject(PaddedJson{zeroPadded(m_parsers->unit, json)}, out, error);
}

bool ObjectDecoder::decodeObject(PaddedJson json, DecodedObject &out, QString *error)
{
    return decodeObject(json, out, error, false);
}

bool ObjectDecoder::decodeObject(PaddedJson json, DecodedObject &out, QString *error,
                                 bool upToMetadata)
{
    out = DecodedObject();
    ObjectDecoderImpl impl(m_parsers->levels, m_parsers->cells, m_interner, m_projection);
    QString what;
    if (const auto code = impl.object(view(json), 0, out, &what, upToMetadata)) {
        if (error)
            *error = what.isEmpty() ? errorText(code, "object") : what;
        return false;
    }
    return true;
}

bool ObjectDecoder::decodeListItem(QByteArrayView json, bool tableRow, DecodedObject &out,
                                   QString *error)
{
    return decodeListItem(PaddedJson{zeroPadded(m_parsers->unit, json)}, tableRow, out, error);
}

bool ObjectDecoder::decodeListItem(PaddedJson json, bool tableRow, DecodedObject &out,
                                   QString *error)
{
    if (!tableRow)
        return decodeObject(json, out, error, true);
    out = DecodedObject();
    ObjectDecoderImpl impl(m_parsers->levels, m_parsers->cells, m_interner, m_projection);
    if (const auto code = impl.tableRow(view(json), 0, out)) {
        if (error)
            *error = errorText(code, "Table row");
        return false;
    }
    return true;
}

bool ObjectDecoder::decodeWatchEvent(QByteArrayView json, WatchEvent &out, QString *error)
{
    return decodeWatchEvent(PaddedJson{zeroPadded(m_parsers->unit, json)}, out, error);
}

bool ObjectDecoder::decodeWatchEvent(PaddedJson json, WatchEvent &out, QString *error)
{
    out = WatchEvent();
    ObjectDecoderImpl impl(m_parsers->levels, m_parsers->cells, m_interner, m_projection);
    QString what;
    if (const auto code = impl.event(view(json), out, &what)) {
        if (error)
            *error = what.isEmpty() ? errorText(code, "watch event") : what;
        return false;
    }
    return true;
}

bool ObjectDecoder::decodeListEnvelope(QByteArrayView json, ListEnvelope &out, QString *error)
{
    out = ListEnvelope();
    const std::string_view padded = view(PaddedJson{zeroPadded(m_parsers->unit, json)});
    auto fail = [&](error_code code) {
        if (error)
            *error = errorText(code, "list");
        return false;
    };
    ondemand::document doc;
    ondemand::object object;
    if (auto code = openObject(m_parsers->levels[0], padded, doc, object))
        return fail(code);
    for (auto field : object) {
        std::string_view key;
        if (auto code = field.unescaped_key().get(key))
            return fail(code);
        std::string_view text;
        if (key == "kind" || key == "apiVersion") {
            if (auto code = field.value().get_string().get(text))
                return fail(code);
            (key == "kind" ? out.kind : out.apiVersion) = toQString(text);
        } else if (key == "metadata") {
            ondemand::object metadata;
            if (auto code = field.value().get_object().get(metadata))
                return fail(code);
            for (auto entry : metadata) {
                std::string_view name;
                if (auto code = entry.unescaped_key().get(name))
                    return fail(code);
                if (name == "resourceVersion" || name == "continue") {
                    if (auto code = entry.value().get_string().get(text))
                        return fail(code);
                    (name == "continue" ? out.continueToken : out.resourceVersion) =
                        toQString(text);
                } else if (name == "remainingItemCount") {
                    int64_t count = -1;
                    if (entry.value().get_int64().get(count) == SUCCESS)
                        out.remainingItemCount = count;
                }
            }
        } else if (key == "columnDefinitions") {
            if (auto code = decodeColumns(field.value(), out.columns))
                return fail(code);
        }
    }
    return true;
}
