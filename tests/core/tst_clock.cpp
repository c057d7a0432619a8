#include "core/base/SystemClock.h"

#include "tests/support/ManualClock.h"

#include <QSignalSpy>
#include <QTest>

class TestClock : public QObject
{
    Q_OBJECT

private slots:
    void shouldFireManualCallbacksInDueOrder()
    {
        // Given callbacks scheduled out of order
        ManualClock clock;
        QObject context;
        QList<int> fired;
        clock.callAfter(300, &context, [&] { fired << 300; });
        clock.callAfter(100, &context, [&] { fired << 100; });
        clock.callAfter(200, &context, [&] { fired << 200; });

        // When time advances past two of them
        clock.advance(250);

        // Then those two ran in time order, and time is where we moved it
        QCOMPARE(fired, (QList<int>{100, 200}));
        QCOMPARE(clock.nowMs(), 250);
        QCOMPARE(clock.pendingCount(), 1);
        QCOMPARE(clock.nextDueMs(), 300);
    }

    void shouldSeeDueTimeInsideManualCallback()
    {
        ManualClock clock;
        QObject context;
        qint64 seen = -1;
        clock.callAfter(40, &context, [&] { seen = clock.nowMs(); });
        clock.advance(1000);
        QCOMPARE(seen, 40);
    }

    void shouldRunCallbacksScheduledFromCallbacks()
    {
        // A backoff that reschedules itself must keep firing while time advances
        ManualClock clock;
        QObject context;
        int ticks = 0;
        std::function<void()> tick = [&] {
            ++ticks;
            clock.callAfter(10, &context, tick);
        };
        clock.callAfter(10, &context, tick);
        clock.advance(55);
        QCOMPARE(ticks, 5);
    }

    void shouldNotFireCancelledOrOrphanedCallbacks()
    {
        ManualClock clock;
        auto *context = new QObject;
        QObject survivor;
        bool cancelledRan = false, orphanRan = false;
        const auto id = clock.callAfter(10, &survivor, [&] { cancelledRan = true; });
        clock.callAfter(10, context, [&] { orphanRan = true; });
        clock.cancel(id);
        delete context;
        clock.advance(100);
        QVERIFY(!cancelledRan);
        QVERIFY(!orphanRan);
    }

    void shouldMoveOnlyWallClockWhenSuspended()
    {
        // Given a callback due in a minute
        ManualClock clock;
        QObject context;
        bool ran = false;
        clock.callAfter(60000, &context, [&] { ran = true; });
        const QDateTime before = clock.currentDateTime();
        // When the wall clock jumps an hour (a suspend: the monotonic clock stood still)
        clock.advanceWallClock(3600 * 1000);
        // Then only the wall clock moved, and nothing fired
        QCOMPARE(before.msecsTo(clock.currentDateTime()), 3600 * 1000);
        QCOMPARE(clock.nowMs(), 0);
        QVERIFY(!ran);
        // And both move together afterwards
        clock.advance(60000);
        QVERIFY(ran);
        QCOMPARE(before.msecsTo(clock.currentDateTime()), 3660 * 1000);
    }

    void shouldRunOverdueCallbacksLateAfterLeap()
    {
        // Given callbacks due in 1 s and 2 s
        ManualClock clock;
        QObject context;
        QList<qint64> seen;
        clock.callAfter(1000, &context, [&] { seen << clock.nowMs(); });
        clock.callAfter(2000, &context, [&] { seen << clock.nowMs(); });
        // When both clocks leap a minute at once
        clock.leap(60000);
        // Then both ran, in order, late: at the time they ran, not when they were due
        QCOMPARE(seen, (QList<qint64>{60000, 60000}));
        QCOMPARE(clock.pendingCount(), 0);
    }

    void shouldFireSystemClockCallbackFromEventLoop()
    {
        QObject context;
        bool ran = false;
        Clock::system()->callAfter(5, &context, [&] { ran = true; });
        QVERIFY(!ran); // never synchronously
        QTRY_VERIFY_WITH_TIMEOUT(ran, 2000);
    }

    void shouldNotFireCancelledSystemClockCallback()
    {
        QObject context;
        bool ran = false;
        const auto id = Clock::system()->callAfter(5, &context, [&] { ran = true; });
        Clock::system()->cancel(id);
        QTest::qWait(50);
        QVERIFY(!ran);
    }
};

QTEST_GUILESS_MAIN(TestClock)
#include "tst_clock.moc"
