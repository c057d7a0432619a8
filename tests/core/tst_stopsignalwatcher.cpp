#include "core/platform/StopSignalWatcher.h"

#include "tests/core/StopSignalSender.h"

#include <QSignalSpy>
#include <QTest>

// The stop-request seam: SIGINT/SIGTERM on Unix, console control events on Windows.
class TestStopSignalWatcher : public QObject
{
    Q_OBJECT

private slots:
    void shouldBeActiveWhenAlone()
    {
        // Given no other watcher, When one is made, Then it installed its handlers
        StopSignalWatcher watcher;
        QVERIFY(watcher.isActive());
    }

    void shouldRefuseASecondWatcherAndWorkAgainAfterTheFirstIsGone()
    {
        // Given a watcher
        auto first = std::make_unique<StopSignalWatcher>();
        // When a second one is made while the first exists, Then it is inactive
        StopSignalWatcher second;
        QVERIFY(!second.isActive());
        // And once the first is gone a new one is active again
        first.reset();
        StopSignalWatcher third;
        QVERIFY(third.isActive());
    }

    void shouldEmitStopRequestedOnTheEventLoopWhenAskedToStop()
    {
        if (const QString reason = StopSignalSender::unsupportedReason(); !reason.isEmpty())
            QSKIP(qPrintable(reason));
        // Given a watcher
        StopSignalWatcher watcher;
        QSignalSpy spy(&watcher, &StopSignalWatcher::stopRequested);
        // When the process is asked to stop
        QVERIFY(StopSignalSender::sendToSelf());
        // Then nothing runs inside the handler: the request arrives as one signal through the
        // event loop, and the process lives on
        QVERIFY(spy.isEmpty());
        QTRY_COMPARE(spy.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestStopSignalWatcher)
#include "tst_stopsignalwatcher.moc"
