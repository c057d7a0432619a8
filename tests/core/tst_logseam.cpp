#include "core/logs/LogSeam.h"

#include <QTest>

// Reconnecting a dropped log stream with sinceTime: no line lost, none repeated.
class TestLogSeam : public QObject
{
    Q_OBJECT

private:
    static constexpr qint64 kSecond = 1'000'000'000;
    // 2026-12-04T12:00:00Z in seconds since the epoch.
    static constexpr qint64 kBaseSeconds = 1'796'385'600;

    static LogLine timed(qint64 ns, const QString &text)
    {
        LogLine l;
        l.timeNs = ns;
        l.hasTime = true;
        l.text = text;
        return l;
    }
    // Line n of a synthetic container: four lines per second, at n * 250 ms past the base.
    static LogLine line(int n)
    {
        return timed(kBaseSeconds * kSecond + n * kSecond / 4, QStringLiteral("line %1").arg(n));
    }
    static QList<int> shown(LogSeam &seam, const QList<LogLine> &lines)
    {
        QList<int> out;
        for (const LogLine &l : lines) {
            if (seam.accept(l))
                out << l.text.mid(5).toInt();
        }
        return out;
    }
    static QList<LogLine> range(int first, int last)
    {
        QList<LogLine> out;
        for (int n = first; n <= last; ++n)
            out << line(n);
        return out;
    }

    LogSeam m_seam;

private slots:
    void init() { m_seam = LogSeam(); }

    void shouldAskForTheLastShownSecondAsSinceTime()
    {
        // Given lines 0..6 shown (line 6 is at 12:00:01.5)
        QCOMPARE(shown(m_seam, range(0, 6)), (QList<int>{0, 1, 2, 3, 4, 5, 6}));
        // Then the reconnection asks from the start of that second, as the apiserver takes it
        QCOMPARE(m_seam.sinceTime(), QByteArray("2026-12-04T12:00:01Z"));
        QCOMPARE(m_seam.lastNs(), line(6).timeNs);
    }

    void shouldDropTheRepeatedLinesAfterAReconnect()
    {
        // Given lines 0..6 shown when the stream drops
        shown(m_seam, range(0, 6));
        m_seam.beginResume();
        // When the reconnection (sinceTime 12:00:01) sends lines 4..10
        const QList<int> resumed = shown(m_seam, range(4, 10));
        // Then only 7..10 are shown: nothing repeated, nothing lost
        QCOMPARE(resumed, (QList<int>{7, 8, 9, 10}));
    }

    void shouldKeepNewLinesThatShareTheLastTimestamp()
    {
        // Given two lines shown at the same instant T, then a drop
        const qint64 t = kBaseSeconds * kSecond + 42;
        QVERIFY(m_seam.accept(timed(t - 1, QStringLiteral("before"))));
        QVERIFY(m_seam.accept(timed(t, QStringLiteral("a"))));
        QVERIFY(m_seam.accept(timed(t, QStringLiteral("b"))));
        m_seam.beginResume();
        // When the reconnection repeats both and brings a third line at the same T
        // Then the repeats are dropped and the third is shown, as is what follows
        QVERIFY(!m_seam.accept(timed(t - 1, QStringLiteral("before"))));
        QVERIFY(!m_seam.accept(timed(t, QStringLiteral("a"))));
        QVERIFY(!m_seam.accept(timed(t, QStringLiteral("b"))));
        QVERIFY(m_seam.accept(timed(t, QStringLiteral("c"))));
        QVERIFY(m_seam.accept(timed(t + 1, QStringLiteral("d"))));
    }

    void shouldShowEverythingOutsideAResume()
    {
        // Given a running stream (no drop) whose app writes the same text twice at one instant
        const qint64 t = kBaseSeconds * kSecond;
        // Then both copies are shown: only a reconnection's overlap is removed
        QVERIFY(m_seam.accept(timed(t, QStringLiteral("same"))));
        QVERIFY(m_seam.accept(timed(t, QStringLiteral("same"))));
    }

    void shouldPassEverythingWhenNothingWithTimeWasShown()
    {
        // Given a drop before any line arrived
        m_seam.beginResume();
        // Then there is no sinceTime and every line of the new stream is shown
        QVERIFY(m_seam.sinceTime().isEmpty());
        QCOMPARE(shown(m_seam, range(0, 2)), (QList<int>{0, 1, 2}));
    }

    void shouldSurviveTwoDropsInARow()
    {
        // Given lines 0..3 shown, a drop, and a reconnection that drops again before any
        // new line
        shown(m_seam, range(0, 3));
        m_seam.beginResume();
        QCOMPARE(shown(m_seam, range(0, 3)), QList<int>());
        m_seam.beginResume();
        // When the third stream repeats the same second and goes on
        const QList<int> resumed = shown(m_seam, range(0, 5));
        // Then exactly the new lines are shown
        QCOMPARE(resumed, (QList<int>{4, 5}));
        QCOMPARE(m_seam.sinceTime(), QByteArray("2026-12-04T12:00:01Z"));
    }
};

QTEST_GUILESS_MAIN(TestLogSeam)
#include "tst_logseam.moc"
