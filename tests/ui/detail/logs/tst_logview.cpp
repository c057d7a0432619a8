// LogView: lines reach the text view in frames, follow pauses when scrolled up, the cap is
// said on screen, search marks and steps, save writes what is shown.
#include "ui/detail/logs/LogTextView.h"
#include "ui/detail/logs/LogView.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestLogView : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void shouldNameItsControls();
    void shouldShowQueuedLinesWithinFrames();
    void shouldPauseFollowingWhenScrolledUpAndResumeAtTheBottom();
    void shouldSayWhenTheOldestLinesAreDropped();
    void shouldFindAndStepThroughMatches();
    void shouldHideTimestampsAndSaveWhatIsShown();
    void shouldAskForANewSourceWhenTheContainerChanges();
    void shouldCopyTheSelectionWithTheCopyButtonAndWrapWhenAsked();

private:
    static QList<LogLine> lines(int from, int count);
    QLabel *notice() const { return m_view->findChild<QLabel *>("logNotice"); }

    std::unique_ptr<LogView> m_view;
};

QList<LogLine> TestLogView::lines(int from, int count)
{
    QList<LogLine> out;
    for (int i = from; i < from + count; ++i)
        out.append({1796385600000000000LL + qint64(i) * 1000000, true,
                    QStringLiteral("line %1 msg").arg(i), QString()});
    return out;
}

void TestLogView::init()
{
    m_view = std::make_unique<LogView>();
    m_view->resize(800, 400);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestLogView::shouldNameItsControls()
{
    m_view->setContainers({"init-config", "app", "log-shipper"}, "app");
    const QStringList names{"Pod logs",   "Container",     "Previous",   "Wrap",
                            "Timestamps", "Search logs",   "Next match", "Previous match",
                            "Save log",   "Copy selection"};
    for (const QString &name : names) {
        bool found = false;
        for (QWidget *w : m_view->findChildren<QWidget *>())
            found |= w->accessibleName() == name;
        QVERIFY2(found, qPrintable(name));
    }
    QCOMPARE(m_view->container(), QStringLiteral("app"));
}

void TestLogView::shouldShowQueuedLinesWithinFrames()
{
    // When 5000 lines are queued at once
    m_view->appendLines(lines(0, 5000));
    // Then nothing is shown synchronously, and all of them within a few frames
    QCOMPARE(m_view->textView()->lineCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(m_view->model()->rowCount(), 5000, 2000);
    QCOMPARE(m_view->textView()->lineCount(), 5000);
    QVERIFY(m_view->textView()->lineText(4999).endsWith("line 4999 msg"));
    // And the view follows the end
    QScrollBar *bar = m_view->textView()->verticalScrollBar();
    QCOMPARE(bar->value(), bar->maximum());
}

void TestLogView::shouldPauseFollowingWhenScrolledUpAndResumeAtTheBottom()
{
    m_view->appendLines(lines(0, 500));
    QTRY_COMPARE(m_view->model()->rowCount(), 500);
    QScrollBar *bar = m_view->textView()->verticalScrollBar();
    // When the user scrolls up
    bar->setValue(10);
    // Then new lines keep the view where it is, and the pause is said
    QVERIFY(!m_view->isFollowing());
    QVERIFY(notice()->text().contains("Paused"));
    m_view->appendLines(lines(500, 100));
    QTRY_COMPARE(m_view->model()->rowCount(), 600);
    QCOMPARE(bar->value(), 10);
    // And back at the bottom it follows again
    bar->setValue(bar->maximum());
    QVERIFY(m_view->isFollowing());
    m_view->appendLines(lines(600, 100));
    QTRY_COMPARE(m_view->model()->rowCount(), 700);
    QCOMPARE(bar->value(), bar->maximum());
    QVERIFY(!notice()->text().contains("Paused"));
}

void TestLogView::shouldSayWhenTheOldestLinesAreDropped()
{
    // Given a cap of 1000 lines
    m_view->setLineCap(1000);
    // When 1500 arrive
    m_view->appendLines(lines(0, 1500));
    QTRY_COMPARE(m_view->model()->droppedCount(), 500);
    // Then the view and the model keep the newest 1000 and say so
    QCOMPARE(m_view->model()->rowCount(), 1000);
    QCOMPARE(m_view->textView()->lineCount(), 1000);
    QVERIFY(m_view->textView()->lineText(0).endsWith("line 500 msg"));
    QVERIFY2(notice()->text().contains("500 oldest lines dropped"), qPrintable(notice()->text()));
}

void TestLogView::shouldFindAndStepThroughMatches()
{
    m_view->appendLines(lines(0, 30));
    QTRY_COMPARE(m_view->model()->rowCount(), 30);
    // When searching for "line 2" (line 2, and 20..29)
    m_view->findChild<QLineEdit *>("logSearch")->setText("LINE 2");
    // Then the matches are counted case-insensitively
    QCOMPARE(m_view->matchCount(), 11);
    // And next/previous select them in turn, wrapping around
    m_view->findNext();
    QCOMPARE(m_view->textView()->currentLine(), 2);
    m_view->findNext();
    QCOMPARE(m_view->textView()->currentLine(), 20);
    m_view->findPrevious();
    QCOMPARE(m_view->textView()->currentLine(), 2);
    m_view->findPrevious();
    QCOMPARE(m_view->textView()->currentLine(), 29);
    QCOMPARE(m_view->textView()->selectedText(), QStringLiteral("line 2"));
}

void TestLogView::shouldHideTimestampsAndSaveWhatIsShown()
{
    m_view->appendLines(lines(0, 3));
    QTRY_COMPARE(m_view->model()->rowCount(), 3);
    QVERIFY(m_view->textView()->toPlainText().startsWith("2026-12-04T12:00:00.000Z line 0"));
    // When timestamps are turned off
    m_view->findChild<QCheckBox *>("logTimestamps")->setChecked(false);
    // Then the lines are shown without them, and saved as shown
    QCOMPARE(m_view->textView()->toPlainText(),
             QStringLiteral("line 0 msg\nline 1 msg\nline 2 msg"));
    QTemporaryDir dir;
    QString error;
    QVERIFY(m_view->saveTo(dir.filePath("pod.log"), &error));
    QFile f(dir.filePath("pod.log"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("line 0 msg\nline 1 msg\nline 2 msg\n"));
    // And a path that cannot be written is an error in words
    QVERIFY(!m_view->saveTo(dir.filePath("no/such/dir/pod.log"), &error));
    QVERIFY(!error.isEmpty());
}

void TestLogView::shouldAskForANewSourceWhenTheContainerChanges()
{
    m_view->setContainers({"app", "log-shipper"}, "app");
    QSignalSpy changed(m_view.get(), &LogView::sourceChanged);
    m_view->findChild<QComboBox *>("logContainer")->setCurrentIndex(1);
    m_view->findChild<QCheckBox *>("logPrevious")->setChecked(true);
    QCOMPARE(changed.size(), 2);
    QCOMPARE(m_view->container(), QStringLiteral("log-shipper"));
    QVERIFY(m_view->previous());
    // And an empty list (a workload) hides the picker
    m_view->setContainers({}, {});
    QVERIFY(m_view->findChild<QComboBox *>("logContainer")->isHidden());
}

void TestLogView::shouldCopyTheSelectionWithTheCopyButtonAndWrapWhenAsked()
{
    m_view->appendLines(lines(0, 3));
    QTRY_COMPARE(m_view->model()->rowCount(), 3);
    auto *copy = m_view->findChild<QPushButton *>("logCopy");
    QVERIFY(!copy->isEnabled());
    // When part of line 1 is selected
    const int at = int(m_view->textView()->lineText(1).indexOf("line 1"));
    m_view->textView()->setSelection({1, at}, {1, at + 6});
    // Then Copy is offered and copies it
    QVERIFY(copy->isEnabled());
    copy->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("line 1"));
    // And Wrap wraps the view
    m_view->findChild<QCheckBox *>("logWrap")->setChecked(true);
    QVERIFY(m_view->textView()->wrap());
}

QTEST_MAIN(TestLogView)
#include "tst_logview.moc"
