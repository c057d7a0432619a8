#include "sim/SimConfig.h"
#include "ui/detail/DetailPane.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/table/ObjectTableModel.h"
#include "ui/window/MainWindow.h"

#include "tests/support/TestSettings.h"
#include "tests/ui/SimWindowTest.h"
#include "tests/ui/WindowParts.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QRandomGenerator>
#include <QSettings>
#include <QTableView>
#include <QTest>

// The Filter box as a person uses it, in the real window on a simulated cluster under churn:
// type a pod's name, click its row, clear, type another, replace the text with a third.
class TestFilterSelection : public SimWindowTest
{
    Q_OBJECT

private slots:
    void initTestCase() { TestSettings::isolate(QStringLiteral("tst_filterselection")); }

    void init()
    {
        QSettings().clear();
        SimConfig config;
        config.namespaces = 3;
        config.pods = 600;
        // KUBEGLASS_FILTER_SOAK_CHURN sets another rate (0: a quiet cluster).
        config.churnPerSecond = qEnvironmentVariableIsSet("KUBEGLASS_FILTER_SOAK_CHURN")
                                    ? qEnvironmentVariableIntValue("KUBEGLASS_FILTER_SOAK_CHURN")
                                    : 50;
        QVERIFY2(startWindow(config), qPrintable(m_sim->errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(tableModelOf(*m_window)->rowCount() >= 550, 30000);
        m_filter = m_window->findChild<QLineEdit *>(QStringLiteral("filterField"));
        QVERIFY(m_filter);
    }

    void cleanup() { stopWindow(); }

    void shouldKeepTheClickedPodAndEveryRowThroughFilterReplacements()
    {
        // KUBEGLASS_FILTER_SOAK_SECONDS repeats the rounds that long (the ten minutes).
        QRandomGenerator random(35);
        const int soakSeconds = qEnvironmentVariableIntValue("KUBEGLASS_FILTER_SOAK_SECONDS");
        QElapsedTimer soak;
        soak.start();
        int round = 0;
        for (; round < 8 || soak.elapsed() < soakSeconds * 1000LL; ++round) {
            const QString a = randomPod(random), b = randomPod(random), c = randomPod(random);
            // Given pod A filtered for and clicked
            typeFilter(a, false);
            if (clickRowOf(a))
                QTRY_VERIFY(detailTitle().contains(a));
            // When the filter is cleared
            m_filter->clear();
            // Then every row is shown again, A still current if it is still there
            expectEveryRow();
            // When pod B's name is typed
            const bool aWasCurrent = currentName() == a;
            typeFilter(b, false);
            // Then the selection never moved to another pod by itself; if A was hidden, the
            // selection is cleared and the detail pane says so
            expectCurrentIsOneOf({a});
            if (aWasCurrent && currentName().isEmpty())
                QVERIFY2(detailTitle().contains(QStringLiteral("hidden by the filter")),
                         qPrintable(detailTitle()));
            // When the text is replaced by pod C's name and C's row is clicked
            typeFilter(c, true);
            expectCurrentIsOneOf({a});
            if (clickRowOf(c)) {
                // Then the detail pane shows C
                QTRY_VERIFY2(detailTitle().contains(c), qPrintable(detailTitle()));
                expectCurrentIsOneOf({c});
            }
            // And a cleared filter shows every object
            m_filter->clear();
            expectEveryRow();
        }
        qInfo("%d rounds in %lld s", round, soak.elapsed() / 1000);
    }

private:
    QString randomPod(QRandomGenerator &random) const
    {
        const ClusterTableModel *rows = tableModelOf(*m_window);
        return rows->objectAt(int(random.bounded(rows->rowCount())))->name().toString();
    }

    // Types text as a person does, key by key, after selecting what is there when replacing.
    void typeFilter(const QString &text, bool replace)
    {
        if (replace)
            m_filter->selectAll();
        else
            m_filter->clear();
        QTest::keyClicks(m_filter, text);
        QTRY_VERIFY(!proxyOf(*m_window)->isFiltering());
    }

    bool clickRowOf(const QString &name)
    {
        QTableView *table = m_window->table();
        for (int row = 0; row < proxyOf(*m_window)->rowCount(); ++row) {
            const QModelIndex index = proxyOf(*m_window)->index(row, 1);
            if (index.data().toString() != name)
                continue;
            table->scrollTo(index);
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                              table->visualRect(index).center());
            return true;
        }
        return false; // the churn deleted it meanwhile
    }

    QString currentName() const
    {
        const QModelIndex current = m_window->table()->selectionModel()->currentIndex();
        return current.isValid() ? current.siblingAtColumn(1).data().toString() : QString();
    }

    void expectCurrentIsOneOf(const QStringList &names)
    {
        const QString name = currentName();
        QVERIFY2(name.isEmpty() || names.contains(name),
                 qPrintable(QStringLiteral("%1 became current").arg(name)));
    }

    void expectEveryRow()
    {
        QTRY_COMPARE(proxyOf(*m_window)->rowCount(), tableModelOf(*m_window)->rowCount());
    }

    QString detailTitle() const
    {
        return m_window->findChild<DetailPane *>()
            ->findChild<QLabel *>(QStringLiteral("detailTitle"))
            ->text();
    }

    QLineEdit *m_filter = nullptr; // Not owned: the window's.
};

QTEST_MAIN(TestFilterSelection)
#include "tst_filterselection.moc"
