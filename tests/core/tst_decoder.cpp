#include "core/watch/JsonSplitter.h"
#include "core/watch/ListEnvelope.h"
#include "core/watch/ListPageDecoder.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/WatchDecoder.h"

#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <optional>

// Framing and decoding of watch streams and list bodies, fed the way readyRead delivers them.
namespace {
// JSON written with single quotes, so test data needs no escaping.
QByteArray j(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}
} // namespace

class TestDecoder : public QObject
{
    Q_OBJECT

private:
    static QByteArray pod(const QByteArray &ns, const QByteArray &name, const QByteArray &rv,
                          const QByteArray &extra = {})
    {
        return j("{'kind':'Pod','apiVersion':'v1','metadata':{'name':'") + name +
               j("','namespace':'") + ns + j("','uid':'u-") + name + j("','resourceVersion':'") +
               rv +
               j("','creationTimestamp':'2026-01-02T03:04:05Z','labels':{'app':'web','tier':'"
                 "a\\\'b'}},'spec':{'x':'") +
               extra + j("'}}");
    }
    static QByteArray event(const QByteArray &type, const QByteArray &object)
    {
        return j("{'type':'") + type + j("','object':") + object + "}\n";
    }

    // Feeds data in chunks of the given size; collects (type, key, rv).
    QStringList feedInChunks(WatchDecoder &decoder, const QByteArray &data, qsizetype chunk,
                             bool *ok)
    {
        QStringList seen;
        *ok = true;
        for (qsizetype at = 0; at < data.size() && *ok; at += chunk) {
            *ok = decoder.feed(
                QByteArrayView(data).sliced(at, qMin(chunk, data.size() - at)), [&](WatchEvent &e) {
                    seen << WatchEvent::typeName(e.type) + QLatin1Char(' ') +
                                (e.object.object ? e.object.object->key : QString()) +
                                QLatin1Char(' ') + e.object.resourceVersion;
                    return true;
                });
        }
        return seen;
    }

    ObjectDecoder *m_objects = nullptr;

private slots:
    void init()
    {
        delete m_objects;
        m_objects = new ObjectDecoder;
    }
    void cleanupTestCase() { delete m_objects; }

    void shouldDecodeEventsSplitAcrossEveryByteBoundary()
    {
        // Given two events
        const QByteArray stream =
            event("ADDED", pod("ns1", "a", "10")) + event("MODIFIED", pod("ns1", "a", "11"));
        // When fed one byte at a time
        WatchDecoder decoder(m_objects, 1 << 20);
        bool ok = false;
        const QStringList seen = feedInChunks(decoder, stream, 1, &ok);
        // Then both are decoded, in order, and the stream ends cleanly
        QVERIFY(ok);
        QCOMPARE(seen, (QStringList{"ADDED ns1/a 10", "MODIFIED ns1/a 11"}));
        QVERIFY(decoder.finish());
    }

    void shouldDecodeMultiByteCharactersSplitAcrossReads()
    {
        // Given events whose names and label values hold 2-, 3- and 4-byte UTF-8 characters
        const QByteArray name = QStringLiteral("caf\u00e9-\u6771\u4eac-\U0001F600").toUtf8();
        const QByteArray stream = event("ADDED", pod("ns", name, "1", name + "\\\\")) +
                                  event("ADDED", pod("ns", "b", "2", QByteArray(300, 'x')));
        // When fed in reads of every size from 1 to 23 bytes
        for (qsizetype chunk = 1; chunk <= 23; ++chunk) {
            WatchDecoder decoder(m_objects, 1 << 20);
            bool ok = false;
            const QStringList seen = feedInChunks(decoder, stream, chunk, &ok);
            // Then every character arrives whole
            QVERIFY2(ok, qPrintable(decoder.error()));
            QCOMPARE(seen, (QStringList{QStringLiteral("ADDED ns/") + QString::fromUtf8(name) +
                                            QStringLiteral(" 1"),
                                        QStringLiteral("ADDED ns/b 2")}));
            QVERIFY(decoder.finish());
        }
    }

    void shouldDeliverEventsBeforeInvalidUtf8ThenFail()
    {
        // Given a stream whose third event holds a byte that is not UTF-8
        const QByteArray stream =
            event("ADDED", pod("ns", "a", "1")) + event("ADDED", pod("ns", "b", "2")) +
            event("ADDED", pod("ns", "c", "3", "\xff")) + event("ADDED", pod("ns", "d", "4"));
        for (const qsizetype chunk : {qsizetype(1), qsizetype(64), stream.size()}) {
            // When it is fed whole or in reads
            WatchDecoder decoder(m_objects, 1 << 20);
            bool ok = true;
            const QStringList seen = feedInChunks(decoder, stream, chunk, &ok);
            // Then the events before it are delivered, whatever the reads, and the stream fails
            QVERIFY(!ok);
            QCOMPARE(seen, (QStringList{"ADDED ns/a 1", "ADDED ns/b 2"}));
            QVERIFY2(decoder.error().contains(QLatin1String("UTF-8")), qPrintable(decoder.error()));
        }
    }

    void shouldDecodeManyEventsInOneRead()
    {
        QByteArray stream;
        for (int i = 0; i < 100; ++i)
            stream +=
                event("ADDED", pod("ns", "p" + QByteArray::number(i), QByteArray::number(i + 1)));
        stream += j("{'type':'BOOKMARK','object':{'kind':'Pod','apiVersion':'v1','metadata':{'"
                    "resourceVersion':'500'}}}");
        WatchDecoder decoder(m_objects, 1 << 20);
        bool ok = false;
        const QStringList seen = feedInChunks(decoder, stream, stream.size(), &ok);
        QVERIFY(ok);
        QCOMPARE(seen.size(), 101);
        QCOMPARE(seen.at(57), QStringLiteral("ADDED ns/p57 58"));
        QCOMPARE(seen.last(), QStringLiteral("BOOKMARK  500"));
        QVERIFY(decoder.finish()); // no newline after the last event is fine
    }

    void shouldDecodeObjectFieldsAndInternRepeatedStrings()
    {
        WatchDecoder decoder(m_objects, 1 << 20);
        QList<StoredObjectPtr> objects;
        QStringList kinds;
        QVERIFY(decoder.feed(event("ADDED", pod("ns1", "a", "7")) +
                                 event("ADDED", pod("ns1", "b", "8")),
                             [&](WatchEvent &e) {
                                 objects << e.object.object;
                                 kinds << e.object.apiVersion + QLatin1Char('/') + e.object.kind;
                                 return true;
                             }));
        QCOMPARE(objects.size(), 2);
        QCOMPARE(kinds, (QStringList{"v1/Pod", "v1/Pod"}));
        const StoredObject &a = *objects.at(0);
        QCOMPARE(a.key, QStringLiteral("ns1/a"));
        QCOMPARE(a.name(), QStringLiteral("a"));
        QCOMPARE(a.namespaceName, QStringLiteral("ns1"));
        QCOMPARE(a.uid.toString(), QStringLiteral("u-a"));
        QCOMPARE(a.resourceVersion.toString(), QStringLiteral("7"));
        QCOMPARE(a.creationTimestampMs,
                 QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(a.labels.size(), 2);
        QCOMPARE(a.labels.at(1).second, QStringLiteral("a\"b"));
        QCOMPARE(a.raw, pod("ns1", "a", "7"));
        // Interned: both objects share the namespace and label storage
        QCOMPARE(a.namespaceName.constData(), objects.at(1)->namespaceName.constData());
        QCOMPARE(a.labels.at(0).first.constData(), objects.at(1)->labels.at(0).first.constData());
        // ... and equal label sets share one list
        QCOMPARE(a.labels.constData(), objects.at(1)->labels.constData());
    }

    void shouldDecodeTenMegabyteObject()
    {
        const QByteArray big(10 * 1024 * 1024, 'x');
        const QByteArray stream =
            event("ADDED", pod("ns", "big", "5", big)) + event("DELETED", pod("ns", "big", "6"));
        WatchDecoder decoder(m_objects, 64ll * 1024 * 1024);
        bool ok = false;
        const QStringList seen = feedInChunks(decoder, stream, 16384, &ok);
        QVERIFY2(ok, qPrintable(decoder.error()));
        QCOMPARE(seen, (QStringList{"ADDED ns/big 5", "DELETED ns/big 6"}));
        QCOMPARE(decoder.bufferedBytes(), 0);
    }

    void shouldFailOnGarbageBetweenEvents()
    {
        const QByteArray stream = event("ADDED", pod("ns", "a", "1")) + "this is not json\n" +
                                  event("ADDED", pod("ns", "b", "2"));
        WatchDecoder decoder(m_objects, 1 << 20);
        bool ok = true;
        const QStringList seen = feedInChunks(decoder, stream, 7, &ok);
        QVERIFY(!ok);
        QCOMPARE(seen, (QStringList{"ADDED ns/a 1"})); // nothing after the garbage
        QVERIFY(decoder.error().contains(QLatin1String("malformed")));
        QVERIFY(
            !decoder.feed(event("ADDED", pod("ns", "c", "3")), [](WatchEvent &) { return true; }));
    }

    void shouldFailOnUndecodableEvent()
    {
        WatchDecoder decoder(m_objects, 1 << 20);
        bool ok = true;
        feedInChunks(decoder, j("{'type':'ADDED','object':{'metadata':[1,}}}\n"), 100, &ok);
        QVERIFY(!ok);
        QVERIFY(!decoder.error().isEmpty());
        WatchDecoder unknownType(m_objects, 1 << 20);
        feedInChunks(unknownType, event("EXPLODED", pod("ns", "a", "1")), 100, &ok);
        QVERIFY(!ok);
        QVERIFY(unknownType.error().contains(QLatin1String("EXPLODED")));
    }

    void shouldFailOnTruncatedFinalEvent()
    {
        const QByteArray whole = event("ADDED", pod("ns", "a", "1"));
        const QByteArray stream = whole + whole.left(whole.size() / 2);
        WatchDecoder decoder(m_objects, 1 << 20);
        bool ok = false;
        const QStringList seen = feedInChunks(decoder, stream, 50, &ok);
        QVERIFY(ok);
        QCOMPARE(seen.size(), 1);
        QVERIFY(!decoder.finish());
        QVERIFY(decoder.error().contains(QLatin1String("ended inside an event")));
    }

    void shouldFailOnOversizedEventBeforeItCompletes()
    {
        // Given a 1 KB limit and an event that never ends
        WatchDecoder decoder(m_objects, 1024);
        QByteArray start = j("{'type':'ADDED','object':{'x':'") + QByteArray(4000, 'y');
        bool ok = true;
        feedInChunks(decoder, start, 500, &ok);
        // Then it fails once past the limit, saying so
        QVERIFY(!ok);
        QVERIFY2(decoder.error().contains(QLatin1String("limit")), qPrintable(decoder.error()));
    }

    void shouldDecodeErrorEventStatus()
    {
        WatchDecoder decoder(m_objects, 1 << 20);
        WatchEvent seen;
        QVERIFY(decoder.feed(
            "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\","
            "\"metadata\":{},"
            "\"status\":\"Failure\",\"message\":\"too old resource version: 1 (3171407)\","
            "\"reason\":\"Expired\",\"code\":410}}",
            [&](WatchEvent &e) {
                seen = e;
                return true;
            }));
        QCOMPARE(seen.type, WatchEvent::Type::Error);
        QCOMPARE(seen.status.httpStatus, 410);
        QCOMPARE(seen.status.reason, QStringLiteral("Expired"));
        QVERIFY(seen.status.isExpired());
        QVERIFY(seen.status.isStatus);
    }

    void shouldDecodeTableWatchEventAndBookmarkAnnotation()
    {
        const QByteArray table =
            j("{'kind':'Table','apiVersion':'meta.k8s.io/"
              "v1','metadata':{'resourceVersion':'9'},'columnDefinitions':[{'name':'Name','type':'"
              "string','format':'name','description':'d','priority':0},{'name':'IP','type':'string'"
              ",'format':'','description':'','priority':1}],'rows':[{'cells':['a',3,true,null,{'k':"
              "1}],'object':{'kind':'PartialObjectMetadata','apiVersion':'meta.k8s.io/"
              "v1','metadata':{'name':'a','namespace':'ns','resourceVersion':'9'}}}]}");
        const QByteArray bookmark =
            j("{'kind':'Pod','apiVersion':'v1','metadata':{'resourceVersion':'12','annotations':{'"
              "k8s.io/initial-events-end':'true'}}}");
        WatchDecoder decoder(m_objects, 1 << 20);
        QList<WatchEvent> seen;
        QVERIFY(
            decoder.feed(event("ADDED", table) + event("BOOKMARK", bookmark), [&](WatchEvent &e) {
                seen << e;
                return true;
            }));
        QCOMPARE(seen.size(), 2);
        const DecodedObject &row = seen.at(0).object;
        QVERIFY(row.isTable);
        QCOMPARE(row.kind, QStringLiteral("PartialObjectMetadata"));
        QCOMPARE(row.columns.size(), 2);
        QCOMPARE(row.columns.at(1).priority, 1);
        QCOMPARE(row.object->key, QStringLiteral("ns/a"));
        QCOMPARE(row.object->cells.list(), (QVariantList{QStringLiteral("a"), qint64(3), true,
                                                         QVariant(), QStringLiteral("{\"k\":1}")}));
        QVERIFY(seen.at(1).object.initialEventsEnd);
        QCOMPARE(seen.at(1).object.resourceVersion, QStringLiteral("12"));
        QVERIFY(!seen.at(1).object.object);
    }

    void shouldShareRepeatedTableCellTextsAndKeepNoSlack()
    {
        // Given two Table rows whose Status cells say the same and whose Name cells differ
        const auto row = [](const char *name) {
            return j("{'cells':['") + name +
                   j("','Running',1],'object':{'kind':"
                     "'PartialObjectMetadata','apiVersion':'meta.k8s.io/"
                     "v1','metadata':{'name':'") +
                   name + j("','namespace':'ns','resourceVersion':'9'}}}");
        };
        // When one decoder decodes both
        DecodedObject first, second;
        QString error;
        QVERIFY2(m_objects->decodeListItem(row("a"), true, first, &error), qPrintable(error));
        QVERIFY2(m_objects->decodeListItem(row("b"), true, second, &error), qPrintable(error));
        // Then both hold one copy of the repeated text, and each list is as long as its cells
        const QVariantList &a = first.object->cells.list();
        const QVariantList &b = second.object->cells.list();
        QCOMPARE(a, (QVariantList{QStringLiteral("a"), QStringLiteral("Running"), qint64(1)}));
        QCOMPARE(b.at(0).toString(), QStringLiteral("b"));
        QCOMPARE(a.at(1).toString().constData(), b.at(1).toString().constData());
        QCOMPARE(a.capacity(), a.size());
        QCOMPARE(b.capacity(), b.size());
    }

    void shouldSplitListItemsWhileDownloading()
    {
        // Given a list body with metadata first and three items
        const QByteArray body =
            j("{'kind':'PodList','apiVersion':'v1','metadata':{'resourceVersion':'42','continue':'"
              "tok','remainingItemCount':7},'items':[") +
            pod("n", "a", "1") + "," + pod("n", "b", "2") + ",\n " + pod("n", "c", "3") + "]}";
        for (const qsizetype chunk : {qsizetype(1), qsizetype(13), body.size()}) {
            JsonSplitter splitter(JsonSplitter::Mode::ListItems, 1 << 20);
            QStringList keys;
            for (qsizetype at = 0; at < body.size(); at += chunk) {
                QVERIFY(splitter.feed(
                    QByteArrayView(body).sliced(at, qMin(chunk, body.size() - at)),
                    [&](QByteArrayView item) {
                        DecodedObject decoded;
                        QString error;
                        if (!m_objects->decodeListItem(item, false, decoded, &error))
                            return false;
                        keys << decoded.object->key;
                        // When the first item arrives, the head already tells the estimate
                        ListEnvelope head;
                        if (!m_objects->decodeListEnvelope(splitter.envelopeHead(), head, &error))
                            return false;
                        return head.remainingItemCount == 7;
                    }));
            }
            QVERIFY(splitter.finish());
            QCOMPARE(keys, (QStringList{"n/a", "n/b", "n/c"}));
            ListEnvelope envelope;
            QVERIFY(m_objects->decodeListEnvelope(splitter.envelope(), envelope, nullptr));
            QCOMPARE(envelope.resourceVersion, QStringLiteral("42"));
            QCOMPARE(envelope.continueToken, QStringLiteral("tok"));
            QCOMPARE(envelope.kind, QStringLiteral("PodList"));
            QVERIFY(splitter.bufferedBytes() < 64);
        }
    }

    void shouldSplitReadChunksInTheBufferTheyWereReadInto()
    {
        // Given a list body of 300 items, one of them longer than a chunk's room in front
        QByteArray body = j("{'kind':'PodList','metadata':{'resourceVersion':'42'},'items':[");
        QStringList expected;
        for (int i = 0; i < 300; ++i) {
            const QByteArray name = "p" + QByteArray::number(i);
            const QByteArray extra(i == 150 ? JsonSplitter::kChunkHeadroom * 3 : i % 7, 'x');
            body += (i ? "," : "") + pod("n", name, QByteArray::number(i), extra);
            expected << QStringLiteral("n/%1").arg(QString::fromLatin1(name));
        }
        body += "]}";
        for (const qsizetype size :
             {qsizetype(61), qsizetype(997), qsizetype(20000), body.size()}) {
            JsonSplitter splitter(JsonSplitter::Mode::ListItems, 1 << 20);
            QStringList keys;
            int inPlace = 0;
            // When it is read in chunks of size and each chunk is fed as it was read
            for (qsizetype at = 0; at < body.size(); at += size) {
                const QByteArrayView piece =
                    QByteArrayView(body).sliced(at, qMin(size, body.size() - at));
                QByteArray chunk =
                    JsonSplitter::readChunk(piece.size(), JsonSplitter::copying(piece));
                const bool adopts = splitter.bufferedBytes() <= JsonSplitter::kChunkHeadroom;
                const char *start = chunk.constData();
                const char *end = start + chunk.size();
                QVERIFY(splitter.feedChunk(std::move(chunk), [&](QByteArrayView item) {
                    DecodedObject decoded;
                    QString error;
                    if (!m_objects->decodeListItem(item, false, decoded, &error))
                        return false;
                    keys << decoded.object->key;
                    // Then an item completed by a chunk lies in that chunk's memory, unless what
                    // came before it did not fit in front
                    if (adopts && (item.data() < start || item.data() + item.size() > end))
                        return false;
                    inPlace += adopts ? 1 : 0;
                    return true;
                }));
            }
            // and the items are those of the body, in order
            QVERIFY(splitter.finish());
            QCOMPARE(keys, expected);
            QVERIFY2(inPlace >= 200, qPrintable(QString::number(inPlace)));
            ListEnvelope envelope;
            QVERIFY(m_objects->decodeListEnvelope(splitter.envelope(), envelope, nullptr));
            QCOMPARE(envelope.resourceVersion, QStringLiteral("42"));
        }
    }

    void shouldDecodeAListPageOnAPoolThreadAndAnswerOnTheCallersThread()
    {
        // Given a list body of 2,000 pods after its metadata, cut into reads of 4 KB
        QByteArray body = j("{'kind':'PodList','apiVersion':'v1','metadata':{'resourceVersion':'"
                            "42','remainingItemCount':5},'items':[");
        for (int i = 0; i < 2000; ++i)
            body += (i ? "," : "") + pod("n", "p" + QByteArray::number(i), "1");
        body += "]}";
        QObject context;
        QList<qint64> progress;
        QByteArray head;
        std::optional<ListPageDecoder::Page> done;
        bool answeredOnThisThread = true;
        std::vector<StoredObjectPtr> shared;
        ListPageDecoder decoder(
            &context, false, nullptr, true, 1 << 20,
            [&](qint64 items, const QByteArray &envelopeHead, std::vector<StoredObjectPtr> &fresh) {
                answeredOnThisThread &= QThread::currentThread() == context.thread();
                progress << items;
                head += envelopeHead;
                shared.insert(shared.end(), fresh.begin(), fresh.end());
            },
            [&](ListPageDecoder::Page &page) {
                answeredOnThisThread &= QThread::currentThread() == context.thread();
                done = std::move(page);
            },
            [] {});
        // When it is fed and finished
        for (qsizetype at = 0; at < body.size(); at += 4096)
            decoder.feed(body.mid(at, 4096));
        decoder.finish();
        // Then every item arrives in order, with progress on the way, the envelope head
        // first, and the envelope without the items
        QTRY_VERIFY(done.has_value());
        QVERIFY(answeredOnThisThread);
        QVERIFY2(done->ok, qPrintable(done->error));
        QCOMPARE(done->items.size(), size_t(2000));
        QCOMPARE(done->items.at(1234)->key, QStringLiteral("n/p1234"));
        QVERIFY(!progress.isEmpty());
        QVERIFY(std::is_sorted(progress.cbegin(), progress.cend()));
        // and the items as they were decoded, the same objects in the same order
        QVERIFY(
            std::equal(shared.cbegin(), shared.cend(), done->items.cbegin(), done->items.cend()));
        ListEnvelope envelope;
        QVERIFY(m_objects->decodeListEnvelope(head, envelope, nullptr));
        QCOMPARE(envelope.remainingItemCount, 5);
        QVERIFY(m_objects->decodeListEnvelope(done->envelope, envelope, nullptr));
        QCOMPARE(envelope.resourceVersion, QStringLiteral("42"));
    }

    void shouldLeaveQtsGlobalThreadPoolToQtWhileDecoding()
    {
        // Given a list decoder whose projection notes the thread each item is decoded on
        static std::atomic<int> onGlobalPool;
        static std::atomic<int> decoded;
        onGlobalPool = 0;
        decoded = 0;
        const ObjectProjection note = [](QByteArrayView json) {
            ++decoded;
            onGlobalPool += QThreadPool::globalInstance()->contains(QThread::currentThread());
            return json.toByteArray();
        };
        QByteArray body = j("{'kind':'PodList','apiVersion':'v1','metadata':{'resourceVersion':'"
                            "42'},'items':[");
        for (int i = 0; i < 500; ++i)
            body += (i ? "," : "") + pod("n", "p" + QByteArray::number(i), "1");
        body += "]}";
        QObject context;
        bool done = false;
        ListPageDecoder decoder(
            &context, false, note, false, 1 << 20,
            [](qint64, const QByteArray &, std::vector<StoredObjectPtr> &) {},
            [&](ListPageDecoder::Page &) { done = true; }, [] {});
        // When it decodes a list
        for (qsizetype at = 0; at < body.size(); at += 4096)
            decoder.feed(body.mid(at, 4096));
        decoder.finish();
        QTRY_VERIFY(done);
        // Then no item was decoded on Qt's global pool, whose threads Qt Gui's raster engine
        // waits for on the GUI thread while it paints
        QCOMPARE(decoded.load(), 500);
        QCOMPARE(onGlobalPool.load(), 0);
    }

    void shouldKeepOnlyTheProjectionOfEachObject()
    {
        // Given decoders that keep only an object's size of each object's JSON
        const ObjectProjection sizeOnly = [](QByteArrayView json) {
            return QByteArray::number(json.size());
        };
        m_objects->setProjection(sizeOnly);
        const QByteArray first = pod("n", "a", "1");
        const QByteArray second = pod("n", "b", "2");
        QObject context;
        std::optional<ListPageDecoder::Page> done;
        ListPageDecoder decoder(
            &context, false, sizeOnly, false, 1 << 20,
            [](qint64, const QByteArray &, std::vector<StoredObjectPtr> &) {},
            [&](ListPageDecoder::Page &page) { done = std::move(page); }, [] {});
        // When an object, a watch event and a list page are decoded
        DecodedObject object;
        QVERIFY(m_objects->decodeObject(first, object, nullptr));
        WatchEvent event;
        QVERIFY(m_objects->decodeWatchEvent("{\"type\":\"ADDED\",\"object\":" + second + "}", event,
                                            nullptr));
        decoder.feed(j("{'kind':'PodList','items':[") + first + "," + second + "]}");
        decoder.finish();
        // Then each keeps the projection as its raw JSON, and its metadata as before
        QCOMPARE(object.object->raw, QByteArray::number(first.size()));
        QCOMPARE(object.object->key, QStringLiteral("n/a"));
        QCOMPARE(event.object.object->raw, QByteArray::number(second.size()));
        QTRY_VERIFY(done.has_value());
        QVERIFY2(done->ok, qPrintable(done->error));
        QCOMPARE(done->items.size(), 2);
        QCOMPARE(done->items.at(1)->raw, QByteArray::number(second.size()));
        QCOMPARE(done->items.at(1)->resourceVersion.toString(), QStringLiteral("2"));
    }

    void shouldReportAMalformedListPageWithoutItems()
    {
        // Given a page whose second item is not an object
        QObject context;
        std::optional<ListPageDecoder::Page> done;
        ListPageDecoder decoder(
            &context, false, nullptr, false, 1 << 20,
            [](qint64, const QByteArray &, std::vector<StoredObjectPtr> &fresh) {
                QVERIFY(fresh.empty());
            },
            [&](ListPageDecoder::Page &page) { done = std::move(page); }, [] {});
        // When it is decoded
        decoder.feed(j("{'kind':'PodList','items':[") + pod("n", "a", "1") + ",7]}");
        decoder.finish();
        // Then the page fails with the reason and hands over no item
        QTRY_VERIFY(done.has_value());
        QVERIFY(!done->ok);
        QVERIFY2(done->error.contains(QLatin1String("not an object")), qPrintable(done->error));
        QVERIFY(done->items.empty());
    }

    void shouldRejectTruncatedOrMalformedList()
    {
        const QByteArray body =
            j("{'kind':'PodList','metadata':{'resourceVersion':'1'},'items':[") +
            pod("n", "a", "1");
        JsonSplitter truncated(JsonSplitter::Mode::ListItems, 1 << 20);
        QVERIFY(truncated.feed(body, [](QByteArrayView) { return true; }));
        QVERIFY(!truncated.finish());
        JsonSplitter scalarItem(JsonSplitter::Mode::ListItems, 1 << 20);
        QVERIFY(!scalarItem.feed(j("{'items':[1]}"), [](QByteArrayView) { return true; }));
        JsonSplitter empty(JsonSplitter::Mode::ListItems, 1 << 20);
        QVERIFY(!empty.finish());
    }
};

QTEST_GUILESS_MAIN(TestDecoder)
#include "tst_decoder.moc"
