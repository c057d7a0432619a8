// What the banner over the table says about the main session's freshness.
#include "core/session/SessionState.h"
#include "ui/status/StaleBannerPresenter.h"

#include <QTest>

class TestStaleBanner : public QObject
{
    Q_OBJECT

private:
    SessionState m_state;
    const QDateTime m_now = QDateTime(QDate(2026, 12, 4), QTime(6, 0, 0));

    StaleBannerPresenter::Message describe(const QString &selector = QString()) const
    {
        return StaleBannerPresenter::describe(m_state, QStringLiteral("pods"), selector, m_now);
    }

private slots:
    void init() { m_state = {}; }

    void shouldHideWhileWatching()
    {
        m_state.phase = ReflectorPhase::Watching;
        m_state.synced = true;
        QVERIFY(!describe().visible);
    }

    void shouldShowLoadingProgressBeforeTheFirstSync()
    {
        // Given a first list in flight with the server's estimate
        m_state.phase = ReflectorPhase::Listing;
        m_state.listedSoFar = 500;
        m_state.listRemaining = 1500;

        // Then the banner says it loads, with the selector, and how far
        const StaleBannerPresenter::Message message = describe(QStringLiteral("app=web"));
        QVERIFY(message.visible);
        QCOMPARE(message.kind, StatusBanner::Kind::Loading);
        QVERIFY2(message.text.startsWith("Loading pods with selector app=web…"),
                 qPrintable(message.text));
        QVERIFY2(message.text.contains("500 of about 2") &&
                     message.text.endsWith("000 objects received"),
                 qPrintable(message.text));
    }

    void shouldSayStaleSinceWithTheLastErrorAfterASync()
    {
        // Given a synced session that lost its watch at 05:59:30
        m_state.phase = ReflectorPhase::BackingOff;
        m_state.synced = true;
        m_state.staleSince = m_now.addSecs(-30);
        m_state.stats.lastError.httpStatus = 500;
        m_state.stats.lastError.message = QStringLiteral("boom");

        // Then the banner says since when, what it does now and why
        const StaleBannerPresenter::Message message = describe();
        QCOMPARE(message.kind, StatusBanner::Kind::Stale);
        QVERIFY2(message.text.startsWith("Stale since 05:59:30 — backing-off; the table shows the "
                                         "last known state. Last error: "),
                 qPrintable(message.text));
        QVERIFY(message.text.contains("boom"));
    }

    void shouldSayLoadingWasCancelledWithoutError()
    {
        // Given a first list stopped by the user, after an error
        m_state.phase = ReflectorPhase::Stopped;
        m_state.staleSince = m_now;
        m_state.stats.lastError.httpStatus = 500;

        // Then it says the table is incomplete, without the error
        QCOMPARE(describe().text, QString("Loading cancelled at 06:00:00: the table is incomplete. "
                                          "Press F5 to load again."));
    }

    void shouldHideWhileASyncedWatchIsRenewed()
    {
        // Given a synced session whose watch ended at its timeout a moment ago and is asked for
        // again (the server has not answered yet)
        m_state.phase = ReflectorPhase::Connecting;
        m_state.synced = true;
        m_state.staleSince = m_now.addMSecs(-(StaleBannerPresenter::kRenewalGraceMs - 1));
        // Then nothing is missed meanwhile: no banner
        QVERIFY(!describe().visible);
    }

    void shouldHideBetweenAndDuringTheListsOfAKindThatCannotBeWatched()
    {
        // Given a synced session of a kind listed on a period, between two lists
        m_state.phase = ReflectorPhase::Listed;
        m_state.synced = true;
        // Then the table is as current as the server allows: no banner
        QVERIFY(!describe().visible);
        // When its next list was answered a moment ago
        m_state.phase = ReflectorPhase::Listing;
        m_state.staleSince = m_now.addMSecs(-(StaleBannerPresenter::kRenewalGraceMs - 1));
        // Then still no banner
        QVERIFY(!describe().visible);
        // When that list takes longer than the grace
        m_state.staleSince = m_now.addMSecs(-StaleBannerPresenter::kRenewalGraceMs);
        // Then the banner says the table is stale
        QCOMPARE(describe().kind, StatusBanner::Kind::Stale);
    }

    void shouldSayStaleWhileConnectingForLong()
    {
        // Given a synced session connecting since 05:59:00, after a failed connection check
        m_state.phase = ReflectorPhase::Connecting;
        m_state.synced = true;
        m_state.staleSince = m_now.addSecs(-60);
        m_state.stats.lastError.message = QStringLiteral("the server does not answer");
        // Then the banner says so
        const StaleBannerPresenter::Message message = describe();
        QCOMPARE(message.kind, StatusBanner::Kind::Stale);
        QVERIFY2(message.text.startsWith("Stale since 05:59:00 — connecting; "),
                 qPrintable(message.text));
    }

    void shouldSayLoadingWhileConnectingBeforeTheFirstSync()
    {
        m_state.phase = ReflectorPhase::Connecting;
        QCOMPARE(describe().kind, StatusBanner::Kind::Loading);
        QCOMPARE(describe().text, QString("Loading pods…"));
    }

    void shouldSayNotLoadedWhileBackingOffBeforeTheFirstSync()
    {
        m_state.phase = ReflectorPhase::BackingOff;
        m_state.staleSince = m_now;
        QCOMPARE(describe().text, QString("Not loaded: backing-off since 06:00:00."));
    }
};

QTEST_MAIN(TestStaleBanner)
#include "tst_stalebanner.moc"
