#include "core/logs/LogMerger.h"

#include "tests/support/ManualClock.h"

#include <QTest>

// A workload's logs: the lines of several pods interleaved by time while they stream.
class TestLogMerger : public QObject
{
    Q_OBJECT

private:
    static LogLine at(qint64 ns, const QString &text)
    {
        LogLine l;
        l.timeNs = ns;
        l.hasTime = true;
        l.text = text;
        return l;
    }
    static QStringList texts(const QList<LogMerger::Entry> &entries)
    {
        QStringList out;
        for (const LogMerger::Entry &e : entries)
            out << QStringLiteral("%1:%2").arg(e.source).arg(e.line.text);
        return out;
    }

    std::unique_ptr<ManualClock> m_clock;
    std::unique_ptr<LogMerger> m_merger;

private slots:
    void init()
    {
        m_clock = std::make_unique<ManualClock>();
        m_merger = std::make_unique<LogMerger>(m_clock.get(), 500);
        m_merger->open(1);
        m_merger->open(2);
    }

    void shouldInterleaveTwoPodsByTime()
    {
        // Given both pods' tails, each in its own order
        m_merger->add(1, {at(10, "a"), at(30, "c"), at(50, "e")});
        m_merger->add(2, {at(20, "b"), at(40, "d"), at(60, "f")});
        // When taken at once
        const QStringList merged = texts(m_merger->take());
        // Then lines come out by time up to what both have passed; pod 1 could still send a
        // line before 60, so f waits
        QCOMPARE(merged, (QStringList{"1:a", "2:b", "1:c", "2:d", "1:e"}));
        QCOMPARE(m_merger->heldCount(), 1);
        // When pod 1 shows it is past 60
        m_merger->add(1, {at(70, "g")});
        // Then f goes out, and g waits for pod 2
        QCOMPARE(texts(m_merger->take()), (QStringList{"2:f"}));
    }

    void shouldHoldAQuietPodBackAtMostTheHoldTime()
    {
        // Given pod 1 writing while pod 2 has said nothing yet
        m_merger->add(1, {at(10, "a"), at(20, "b")});
        // Then its lines wait, and say until when
        QVERIFY(m_merger->take().isEmpty());
        QCOMPARE(m_merger->nextDueMs(), m_clock->nowMs() + 500);
        // When the hold time passes
        m_clock->advance(499);
        QVERIFY(m_merger->take().isEmpty());
        m_clock->advance(1);
        // Then they go out without pod 2
        QCOMPARE(texts(m_merger->take()), (QStringList{"1:a", "1:b"}));
        QCOMPARE(m_merger->nextDueMs(), -1);
    }

    void shouldNotWaitForAnEndedPod()
    {
        // Given pod 2 ended (its pod went away)
        m_merger->close(2);
        // When pod 1 writes
        m_merger->add(1, {at(10, "a")});
        // Then its line goes out at once
        QCOMPARE(texts(m_merger->take()), (QStringList{"1:a"}));
    }

    void shouldDrainAnEndedPodsHeldLinesInOrder()
    {
        // Given pod 2 holding lines when it ends
        m_merger->add(2, {at(10, "x"), at(30, "z")});
        m_merger->close(2);
        // When pod 1 then writes between them
        m_merger->add(1, {at(20, "y")});
        // Then pod 2's lines come out merged by time, up to where pod 1 (still open) has got
        QCOMPARE(texts(m_merger->take()), (QStringList{"2:x", "1:y"}));
        // When pod 1 moves on
        m_merger->add(1, {at(40, "w")});
        // Then the ended pod's last line goes, and pod 1's waits for nobody
        QCOMPARE(texts(m_merger->take()), (QStringList{"2:z", "1:w"}));
        QCOMPARE(m_merger->heldCount(), 0);
        // And a pod that comes back under the same id is waited for again
        m_merger->open(2);
        m_merger->add(1, {at(50, "v")});
        QVERIFY(m_merger->take().isEmpty());
    }

    void shouldLetOutLinesOlderThanWhatTheQuietPodAlreadySent()
    {
        // Given pod 2 showed a line at 100 and pod 1 one at 150: only 100 is safe
        m_merger->add(2, {at(100, "x")});
        m_merger->add(1, {at(150, "y")});
        QCOMPARE(texts(m_merger->take()), (QStringList{"2:x"}));
        // When pod 2 moves past 150
        m_merger->add(2, {at(200, "z")});
        // Then pod 1's line goes out, and pod 2's newer one waits for pod 1
        QCOMPARE(texts(m_merger->take()), (QStringList{"1:y"}));
        QCOMPARE(m_merger->heldCount(), 1);
    }

    void shouldReleaseEarlierLinesWithAnOverdueOne()
    {
        // Given pod 1's line at 50 held past the hold time, a third pod quiet
        m_merger->open(3);
        m_merger->add(1, {at(50, "old")});
        m_clock->advance(600);
        // When pod 2 just sent an earlier line
        m_merger->add(2, {at(40, "earlier"), at(60, "later")});
        // Then the earlier line goes out first, then the overdue one; the newer one waits
        QCOMPARE(texts(m_merger->take()), (QStringList{"2:earlier", "1:old"}));
        QCOMPARE(m_merger->heldCount(), 1);
    }

    void shouldKeepUntimedLinesAfterTheirPredecessor()
    {
        // Given a pod whose second line has no timestamp (a continuation line)
        m_merger->close(2);
        LogLine untimed;
        untimed.text = QStringLiteral("continued");
        m_merger->add(1, {at(10, "first"), untimed, at(20, "next")});
        // Then it stays right after its predecessor
        QCOMPARE(texts(m_merger->take()), (QStringList{"1:first", "1:continued", "1:next"}));
    }

    void shouldOrderEqualTimesBySource()
    {
        // Given two pods writing at the same instant
        m_merger->add(2, {at(10, "two")});
        m_merger->add(1, {at(10, "one")});
        // Then the lower source id comes first, every time
        QCOMPARE(texts(m_merger->take()), (QStringList{"1:one", "2:two"}));
    }
};

QTEST_GUILESS_MAIN(TestLogMerger)
#include "tst_logmerger.moc"
