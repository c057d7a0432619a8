#include "core/config/KubeconfigParser.h"
#include "core/watch/JsonSplitter.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/WatchDecoder.h"

#include <QTest>
#include <QThread>

#include <memory>

// Behaviour the fuzz targets found broken, stated as tests so a fix can be seen to work. The
// minimised inputs are in regressions/; the fuzz CTests replay those too.
class TestFuzzFindings : public QObject
{
    Q_OBJECT

private:
    // A unit as it sits in a network buffer: followed by other bytes (in a stream: the start
    // of whatever came next), which must not change how it decodes.
    static QByteArray withFollowingBytes(const QByteArray &unit, const QByteArray &following)
    {
        return unit + following + QByteArray(64, ' ');
    }

    ObjectDecoder *m_objects = nullptr;

private slots:
    void init()
    {
        delete m_objects;
        m_objects = new ObjectDecoder;
    }
    void cleanupTestCase() { delete m_objects; }

    void shouldRejectAMalformedWatchEventWhateverByteFollowsIt_data()
    {
        QTest::addColumn<QByteArray>("following");
        QTest::newRow("newline") << QByteArray("\n");
        QTest::newRow("closing brace") << QByteArray("}");
        QTest::newRow("closing bracket") << QByteArray("]");
    }
    void shouldRejectAMalformedWatchEventWhateverByteFollowsIt()
    {
        // Given an event whose object is not JSON ({"":} has no value)
        QFETCH(QByteArray, following);
        const QByteArray event = "{\"type\":\"ERROR\",\"object\":{\"\":}}";
        const QByteArray buffer = withFollowingBytes(event, following);
        // When it is decoded
        WatchEvent decoded;
        QString error;
        const bool ok = m_objects->decodeWatchEvent(
            QByteArrayView(buffer.constData(), event.size()), decoded, &error);
        // Then it is refused, with a reason, whatever the stream held after it
        QVERIFY(!ok);
        QVERIFY(!error.isEmpty());
    }

    void shouldRejectAMalformedListItemWhateverByteFollowsIt_data()
    {
        shouldRejectAMalformedWatchEventWhateverByteFollowsIt_data();
    }
    void shouldRejectAMalformedListItemWhateverByteFollowsIt()
    {
        // Given a list item that is not JSON
        QFETCH(QByteArray, following);
        const QByteArray item = "{\"\":}";
        const QByteArray buffer = withFollowingBytes(item, following);
        // When it is decoded
        DecodedObject decoded;
        QString error;
        const bool ok = m_objects->decodeListItem(QByteArrayView(buffer.constData(), item.size()),
                                                  false, decoded, &error);
        // Then it is refused, whatever the body held after it
        QVERIFY(!ok);
        QVERIFY(!error.isEmpty());
    }

    void shouldYieldTheSameEventsWhateverTheReadBoundaries()
    {
        // Given a watch body with a malformed event followed by a stray '}'
        // (regressions/watch_decoder/malformed_event_accepted_by_next_byte)
        const QByteArray body = "{\"type\":\"ERROR\",\"object\":{\"\":}}}";
        const auto countEvents = [&](qsizetype readSize) {
            ObjectDecoder objects;
            WatchDecoder decoder(&objects, 4096);
            int events = 0;
            for (qsizetype at = 0; at < body.size(); at += readSize) {
                if (!decoder.feed(QByteArrayView(body).sliced(at, qMin(readSize, body.size() - at)),
                                  [&](WatchEvent &) { return ++events > 0; }))
                    break;
            }
            return events;
        };
        // When it arrives in one read and byte by byte
        // Then the same events come out (none: the first event is not JSON)
        QCOMPARE(countEvents(body.size()), countEvents(1));
        QCOMPARE(countEvents(body.size()), 0);
    }

    void shouldRefuseAListEnvelopeLargerThanTheItemLimit_data()
    {
        QTest::addColumn<QByteArray>("prefix");
        QTest::addColumn<QByteArray>("suffix");
        QTest::newRow("metadata string")
            << QByteArray("{\"kind\":\"PodList\",\"metadata\":{\"continue\":\"")
            << QByteArray("\"},\"items\":[]}");
        QTest::newRow("top-level string")
            << QByteArray("{\"kind\":\"PodList\",\"note\":\"") << QByteArray("\",\"items\":[]}");
    }
    void shouldRefuseAListEnvelopeLargerThanTheItemLimit()
    {
        // Given a list whose envelope (all but the items) is far above the per-item limit
        // (regressions/list_parser/unbounded_top_level_string)
        QFETCH(QByteArray, prefix);
        QFETCH(QByteArray, suffix);
        const qint64 limit = 1024;
        const QByteArray body = prefix + QByteArray(64 * limit, 'a') + suffix;
        JsonSplitter splitter(JsonSplitter::Mode::ListItems, limit);
        // When it arrives in reads of 100 bytes
        const qsizetype readSize = 100;
        bool ok = true;
        qsizetype mostBuffered = 0;
        qsizetype largestEnvelope = 0;
        for (qsizetype at = 0; at < body.size() && ok; at += readSize) {
            ok = splitter.feed(body.mid(at, readSize), [](QByteArrayView) { return true; });
            mostBuffered = qMax(mostBuffered, splitter.bufferedBytes());
            largestEnvelope = qMax(largestEnvelope, splitter.envelope().size());
        }
        ok = ok && splitter.finish();
        // Then it is refused like an oversized item, before more than a read beyond the limit
        // is held in memory
        QVERIFY(!ok);
        QVERIFY(!splitter.error().isEmpty());
        QCOMPARE_LE(mostBuffered, limit + readSize);
        QCOMPARE_LE(largestEnvelope, limit + readSize);
    }

    void shouldRefuseASelfReferencingAliasWithinAOneMegabyteStack()
    {
        // Given an exec extension that contains itself through a YAML alias
        // (regressions/kubeconfig_parser/self_referencing_alias.yaml)
        const QByteArray yaml = "clusters:\n"
                                "- name: a\n"
                                "  cluster:\n"
                                "    extensions:\n"
                                "    - name: client.authentication.k8s.io/exec\n"
                                "      extension: &x [*x]\n";
        // When it is parsed on a thread with Windows' default stack size
        QString error;
        std::unique_ptr<QThread> thread(QThread::create([&] {
            KubeconfigParser::parse(yaml, QStringLiteral("/home/me/.kube/config"), &error);
        }));
        thread->setStackSize(1024 * 1024);
        thread->start();
        QVERIFY(thread->wait(30000));
        // Then the file is refused with an error, not a stack overflow
        QVERIFY2(error.startsWith(QLatin1String("/home/me/.kube/config:")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestFuzzFindings)
#include "tst_fuzzfindings.moc"
