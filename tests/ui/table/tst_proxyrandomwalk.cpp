#include "tests/ui/table/ProxyWalk.h"

#include <QRandomGenerator>
#include <QTest>

#include <memory>

// Fewer steps under the sanitizers, where every signal's model walk is ten times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kSteps = 1500;
#else
constexpr int kSteps = 4000;
#endif

class TestProxyRandomWalk : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_walk = std::make_unique<ProxyWalk>(); }
    void cleanup() { m_walk.reset(); }

    void shouldShowExactlyTheAcceptedRowsThroughRandomFiltersAndChurn_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 35u, 2026u})
            QTest::addRow("seed %u", seed) << seed;
    }

    void shouldShowExactlyTheAcceptedRowsThroughRandomFiltersAndChurn()
    {
        // Given the window's table chain over two clusters' pods
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        for (int step = 0; step < kSteps; ++step) {
            // When a random filter, namespace, sort, selection or store change is applied
            // (filter passes and sorts are left running across several steps)
            m_walk->step(random.generate(), random.generate(), random.generate());
            // Then no row is shown twice and the current row is the user's choice
            const QString broken = m_walk->checkInvariants();
            QVERIFY2(broken.isEmpty(), qPrintable(broken + u'\n' + m_walk->trace()));
            // And once passes and sorts are done, the shown rows are exactly the reference's
            if (random.bounded(4) == 0) {
                const QString wrong = m_walk->settleAndCheck();
                QVERIFY2(wrong.isEmpty(), qPrintable(wrong + u'\n' + m_walk->trace()));
            }
        }
        const QString wrong = m_walk->settleAndCheck();
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong + u'\n' + m_walk->trace()));
    }

private:
    std::unique_ptr<ProxyWalk> m_walk;
};

QTEST_MAIN(TestProxyRandomWalk)
#include "tst_proxyrandomwalk.moc"
