// Watch bodies fed as readyRead delivers them: whole, and cut at input-chosen points. Beyond
// "no crash, no hang, no sanitizer report", the cut must not matter: both feedings yield the
// same events and the same verdict, and a live decoder never holds more than one event's bytes.
#include "core/watch/ObjectDecoder.h"
#include "core/watch/WatchDecoder.h"

#include "tests/fuzz/ChunkPlan.h"
#include "tests/fuzz/FuzzCheck.h"

namespace {

// Small, so the fuzzer reaches the oversized-event paths.
constexpr qint64 kMaxEventBytes = 4096;

struct Outcome
{
    bool ok = true;
    QList<QByteArray> events;
};

QByteArray describe(const WatchEvent &event)
{
    QByteArray text = WatchEvent::typeName(event.type).toUtf8();
    const DecodedObject &decoded = event.object;
    text += '|' + decoded.kind.toUtf8() + '|' + decoded.apiVersion.toUtf8() + '|' +
            decoded.resourceVersion.toUtf8() + '|' + char('0' + decoded.isTable) +
            char('0' + decoded.hasMetadata) + char('0' + decoded.initialEventsEnd);
    if (const StoredObjectPtr &object = decoded.object) {
        text += '|' + object->key.toUtf8() + '|' + object->uid.toString().toUtf8() + '|' +
                QByteArray::number(object->creationTimestampMs) + '|' +
                QByteArray::number(object->labels.size()) + '|' +
                QByteArray::number(object->cells.size()) + '|' + object->raw;
    }
    text += '|' + QByteArray::number(event.status.httpStatus) + '|' + event.rawObject;
    return text;
}

Outcome decode(const QList<QByteArrayView> &chunks)
{
    ObjectDecoder objects;
    WatchDecoder decoder(&objects, kMaxEventBytes);
    Outcome outcome;
    const auto sink = [&](WatchEvent &event) {
        outcome.events.append(describe(event));
        return true;
    };
    for (const QByteArrayView chunk : chunks) {
        if (!decoder.feed(chunk, sink)) {
            outcome.ok = false;
            break;
        }
        fuzzCheck(decoder.bufferedBytes() <= kMaxEventBytes,
                  "a watch decoder buffers more than one event's limit");
    }
    outcome.ok = outcome.ok && decoder.finish();
    fuzzCheck(outcome.ok || !decoder.error().isEmpty(), "a watch decoder fails without an error");
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ChunkPlan plan(QByteArrayView(data, qsizetype(size)));
    const Outcome whole = decode({plan.body()});
    const Outcome cut = decode(plan.chunks());
    fuzzCheck(whole.ok == cut.ok, "the read boundaries change a watch body's verdict");
    fuzzCheck(whole.events == cut.events, "the read boundaries change a watch body's events");
    return 0;
}
