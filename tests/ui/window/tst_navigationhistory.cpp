// The window's Back/Forward history on its own: places visited, gone back and forward through,
// the places ahead dropped by a new one, and its bound.
#include "ui/window/NavigationHistory.h"

#include <QTest>

using Place = NavigationHistory::Place;

namespace {

Place pod(const QString &name)
{
    return {QStringLiteral("sim"), QStringLiteral("pods"), QStringLiteral("default"), name};
}

} // namespace

class TestNavigationHistory : public QObject
{
    Q_OBJECT

private:
    NavigationHistory m_history;

private slots:
    void init() { m_history = NavigationHistory(); }

    void shouldHaveNowhereToGoWhenEmpty()
    {
        // Given nothing visited
        // Then there is no place, back or forward
        QVERIFY(!m_history.canGoBack());
        QVERIFY(!m_history.canGoForward());
        QVERIFY(!m_history.back());
        QVERIFY(!m_history.forward());
        QVERIFY(!m_history.current());
    }

    void shouldGoBackAndForwardThroughThePlacesVisited()
    {
        // Given a pod, its ReplicaSet and its Deployment visited
        const Place replicaSet{QStringLiteral("sim"), QStringLiteral("replicasets.apps"),
                               QStringLiteral("default"), QStringLiteral("web-1-abc")};
        const Place deployment{QStringLiteral("sim"), QStringLiteral("deployments.apps"),
                               QStringLiteral("default"), QStringLiteral("web-1")};
        m_history.visit(pod(QStringLiteral("web-1-abc-x")));
        m_history.visit(replicaSet);
        m_history.visit(deployment);
        QVERIFY(m_history.canGoBack());
        QVERIFY(!m_history.canGoForward());
        // When going back twice
        QCOMPARE(m_history.back(), replicaSet);
        QCOMPARE(m_history.back(), pod(QStringLiteral("web-1-abc-x")));
        // Then the first is current, with nothing before it and both ahead
        QVERIFY(!m_history.canGoBack());
        QVERIFY(!m_history.back());
        QCOMPARE(m_history.current(), pod(QStringLiteral("web-1-abc-x")));
        // And forward comes back to them in order
        QCOMPARE(m_history.forward(), replicaSet);
        QCOMPARE(m_history.forward(), deployment);
        QVERIFY(!m_history.forward());
    }

    void shouldDropThePlacesAheadWhenANewOneIsVisitedAfterGoingBack()
    {
        // Given three places visited and one gone back from
        m_history.visit(pod(QStringLiteral("a")));
        m_history.visit(pod(QStringLiteral("b")));
        m_history.visit(pod(QStringLiteral("c")));
        m_history.back();
        // When another place is visited
        m_history.visit(pod(QStringLiteral("d")));
        // Then it is current, nothing is ahead, and back leads to b then a
        QVERIFY(!m_history.canGoForward());
        QCOMPARE(m_history.current(), pod(QStringLiteral("d")));
        QCOMPARE(m_history.back(), pod(QStringLiteral("b")));
        QCOMPARE(m_history.back(), pod(QStringLiteral("a")));
    }

    void shouldNotAddTheCurrentPlaceAgain()
    {
        // Given a place visited
        m_history.visit(pod(QStringLiteral("a")));
        // When it is visited again (a row reselected after a reload)
        m_history.visit(pod(QStringLiteral("a")));
        // Then it is there once
        QCOMPARE(m_history.size(), 1);
        QVERIFY(!m_history.canGoBack());
    }

    void shouldTellPlacesOnOtherClustersApart()
    {
        // Given the same object's place on two clusters
        m_history.visit(pod(QStringLiteral("a")));
        Place other = pod(QStringLiteral("a"));
        other.cluster = QStringLiteral("prod");
        m_history.visit(other);
        // Then both are places
        QCOMPARE(m_history.size(), 2);
    }

    void shouldKeepOnlyTheNewestPlacesWhenFull()
    {
        // Given more places visited than the history keeps
        const int visited = NavigationHistory::kMaxPlaces + 20;
        for (int i = 0; i < visited; ++i)
            m_history.visit(pod(QString::number(i)));
        // Then it keeps its bound, and going all the way back ends at the oldest kept
        QCOMPARE(m_history.size(), NavigationHistory::kMaxPlaces);
        std::optional<Place> oldest;
        while (const std::optional<Place> place = m_history.back())
            oldest = place;
        QCOMPARE(oldest, pod(QString::number(visited - NavigationHistory::kMaxPlaces)));
    }

    void shouldForgetEverythingWhenCleared()
    {
        // Given places visited and one gone back from
        m_history.visit(pod(QStringLiteral("a")));
        m_history.visit(pod(QStringLiteral("b")));
        m_history.back();
        // When cleared (other clusters shown)
        m_history.clear();
        // Then there is nowhere to go
        QVERIFY(!m_history.canGoBack());
        QVERIFY(!m_history.canGoForward());
        QCOMPARE(m_history.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestNavigationHistory)
#include "tst_navigationhistory.moc"
