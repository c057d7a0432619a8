#include "core/watch/BackoffManager.h"
#include "core/watch/InternalErrorRetry.h"

#include "tests/support/ManualClock.h"

#include <QTest>

// Backoff and internal-error retry window, with the numbers of docs/protocol.md.
class TestBackoff : public QObject
{
    Q_OBJECT

private:
    ManualClock *m_clock = nullptr;
    double m_random = 0.0;

private slots:
    void init()
    {
        delete m_clock;
        m_clock = new ManualClock;
        m_random = 0.0;
    }
    void cleanupTestCase() { delete m_clock; }

    void shouldDoubleFrom800msUpTo30sCap()
    {
        // Given a backoff without jitter contribution (random = 0)
        BackoffManager backoff(m_clock, [this] { return m_random; });
        // When stepping repeatedly without time passing
        QList<qint64> delays;
        for (int i = 0; i < 9; ++i)
            delays << backoff.next();
        // Then it doubles from 800 ms and stays at the 30 s cap
        QCOMPARE(delays, (QList<qint64>{800, 1600, 3200, 6400, 12800, 25600, 30000, 30000, 30000}));
    }

    void shouldJitterUniformlyBelowDoubleTheStep()
    {
        // Given random values at the edges of [0, 1)
        BackoffManager backoff(m_clock, [this] { return m_random; });
        m_random = 0.5;
        // Then each wait is d + random*d
        QCOMPARE(backoff.next(), 1200);
        m_random = 0.999;
        QCOMPARE(backoff.next(), 1600 + qint64(0.999 * 1600));
        m_random = 0.0;
        QCOMPARE(backoff.next(), 3200);
    }

    void shouldResetAfterTwoMinutesWithoutBackoff()
    {
        BackoffManager backoff(m_clock, [this] { return m_random; });
        backoff.next();
        backoff.next();
        QCOMPARE(backoff.next(), 3200);
        // Exactly two minutes later: not yet reset
        m_clock->advance(120000);
        QCOMPARE(backoff.next(), 6400);
        // More than two minutes since the last backoff: back to 800 ms
        m_clock->advance(120001);
        QCOMPARE(backoff.next(), 800);
        QCOMPARE(backoff.next(), 1600);
    }

    void shouldHonourRetryAfterAsLowerBound()
    {
        BackoffManager backoff(m_clock, [this] { return m_random; });
        QCOMPARE(backoff.next(5000), 5000); // Retry-After 5 s beats 800 ms
        QCOMPARE(backoff.next(1000), 1600); // the step beats a shorter Retry-After
        QCOMPARE(backoff.currentStepMs(), 3200);
    }

    void shouldNeverRetryInternalErrorsWhenWindowIsOff()
    {
        InternalErrorRetry retry(m_clock, 0);
        retry.after(true);
        QVERIFY(!retry.shouldRetry());
    }

    void shouldRetryInternalErrorsWithinWindow()
    {
        // Given a 10 s window
        InternalErrorRetry retry(m_clock, 10000);
        retry.after(true);
        QVERIFY(retry.shouldRetry());
        m_clock->advance(5000);
        retry.after(true);
        QVERIFY(retry.shouldRetry());
        // When errors have kept coming for longer than the window
        m_clock->advance(5001);
        retry.after(true);
        // Then the next one is not retried (and the window resets)
        QVERIFY(!retry.shouldRetry());
        retry.after(true);
        QVERIFY(retry.shouldRetry());
    }

    void shouldRestartWindowAfterOneMinuteWithoutInternalErrors()
    {
        InternalErrorRetry retry(m_clock, 10000);
        retry.after(true);
        m_clock->advance(9000);
        retry.after(true);
        QVERIFY(retry.shouldRetry());
        // A quiet minute: the next error opens a fresh window
        m_clock->advance(60000);
        retry.after(true);
        QVERIFY(retry.shouldRetry());
        m_clock->advance(9000);
        retry.after(true);
        QVERIFY(retry.shouldRetry());
    }

    void shouldIgnoreOtherErrorsInWindow()
    {
        InternalErrorRetry retry(m_clock, 10000);
        m_clock->advance(100000);
        retry.after(false);
        QVERIFY(!retry.shouldRetry()); // no internal error seen: nothing to retry
    }
};

QTEST_GUILESS_MAIN(TestBackoff)
#include "tst_backoff.moc"
