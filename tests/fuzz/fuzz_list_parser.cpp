// List and Table pages parsed as ListPager does while a page downloads: JsonSplitter in
// ListItems mode cuts the items (or Table rows), ObjectDecoder decodes each one, the envelope
// head (read for remainingItemCount once items start) and the final envelope. ListPager itself
// needs a RestClient, so this drives the same two public parsers in the same order.
// Properties: the read boundaries change nothing, and a valid JSON page that parses leaves an
// envelope that is valid JSON too (the page with its items array emptied).
#include "core/watch/JsonSplitter.h"
#include "core/watch/ListEnvelope.h"
#include "core/watch/ObjectDecoder.h"

#include "tests/fuzz/ChunkPlan.h"
#include "tests/fuzz/FuzzCheck.h"

#include <QJsonDocument>

namespace {

constexpr qint64 kMaxItemBytes = 4096;

struct Outcome
{
    bool ok = true;
    QList<QByteArray> items;
    QByteArray envelope;
    QByteArray envelopeFields;
};

QByteArray describe(const DecodedObject &decoded)
{
    QByteArray text = decoded.kind.toUtf8() + '|' + decoded.apiVersion.toUtf8() + '|' +
                      decoded.resourceVersion.toUtf8() + '|' + char('0' + decoded.isTable) +
                      char('0' + decoded.hasMetadata) + '|' +
                      QByteArray::number(decoded.columns.size());
    if (const StoredObjectPtr &object = decoded.object) {
        text += '|' + object->key.toUtf8() + '|' + QByteArray::number(object->labels.size()) + '|' +
                QByteArray::number(object->cells.size()) + '|' + object->raw;
    }
    return text;
}

QByteArray describe(const ListEnvelope &envelope)
{
    QByteArray text = envelope.kind.toUtf8() + '|' + envelope.apiVersion.toUtf8() + '|' +
                      envelope.resourceVersion.toUtf8() + '|' + envelope.continueToken.toUtf8() +
                      '|' + QByteArray::number(envelope.remainingItemCount);
    for (const TableColumn &column : envelope.columns)
        text += '|' + column.name.toUtf8() + ':' + column.type.toUtf8();
    return text;
}

Outcome parse(const QList<QByteArrayView> &chunks, bool table)
{
    ObjectDecoder decoder;
    JsonSplitter splitter(JsonSplitter::Mode::ListItems, kMaxItemBytes);
    Outcome outcome;
    bool headSeen = false;
    for (const QByteArrayView chunk : chunks) {
        QString itemError;
        const bool fed = splitter.feed(chunk, [&](QByteArrayView item) {
            DecodedObject decoded;
            if (!decoder.decodeListItem(PaddedJson{item}, table, decoded, &itemError))
                return false;
            outcome.items.append(describe(decoded));
            return true;
        });
        if (!fed) {
            fuzzCheck(!itemError.isEmpty() || !splitter.error().isEmpty(),
                      "a list page fails without an error");
            outcome.ok = false;
            return outcome;
        }
        // What surrounds the items comes from the server too: the envelope and a top-level string
        // in progress are held to the same limit as an item.
        fuzzCheck(splitter.bufferedBytes() <= kMaxItemBytes,
                  "a list splitter buffers more than one item's limit");
        fuzzCheck(splitter.envelope().size() <= kMaxItemBytes,
                  "a list envelope grows beyond one item's limit");
        if (!headSeen && splitter.itemsStarted()) {
            headSeen = true;
            ListEnvelope head;
            decoder.decodeListEnvelope(splitter.envelopeHead(), head, nullptr);
        }
    }
    if (!splitter.finish()) {
        fuzzCheck(!splitter.error().isEmpty(), "an incomplete list page fails without an error");
        outcome.ok = false;
        return outcome;
    }
    outcome.envelope = splitter.envelope();
    ListEnvelope envelope;
    QString envelopeError;
    outcome.ok = decoder.decodeListEnvelope(outcome.envelope, envelope, &envelopeError);
    fuzzCheck(outcome.ok || !envelopeError.isEmpty(), "a list envelope fails without an error");
    outcome.envelopeFields = describe(envelope);
    return outcome;
}

bool isJsonObject(QByteArrayView json)
{
    QJsonParseError error;
    return QJsonDocument::fromJson(json.toByteArray(), &error).isObject() &&
           error.error == QJsonParseError::NoError;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ChunkPlan plan(QByteArrayView(data, qsizetype(size)));
    const Outcome whole = parse({plan.body()}, plan.flag());
    const Outcome cut = parse(plan.chunks(), plan.flag());
    fuzzCheck(whole.ok == cut.ok, "the read boundaries change a list page's verdict");
    fuzzCheck(whole.items == cut.items, "the read boundaries change a list page's items");
    fuzzCheck(whole.envelope == cut.envelope, "the read boundaries change a list envelope");
    fuzzCheck(whole.envelopeFields == cut.envelopeFields,
              "the read boundaries change a list envelope's fields");
    if (whole.ok && isJsonObject(plan.body()))
        fuzzCheck(isJsonObject(whole.envelope), "a valid list page leaves an invalid envelope");
    return 0;
}
