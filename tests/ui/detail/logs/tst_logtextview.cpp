// LogTextView: a point maps to its line and column, selections read across lines and stay on
// their lines while the oldest are dropped, follow pauses and resumes, find steps and scrolls,
// keys scroll, and a screen reader reads it as a read-only text named "Pod logs".
#include "ui/detail/logs/LogLineModel.h"
#include "ui/detail/logs/LogTextView.h"

#include <QAbstractItemModelTester>
#include <QAccessible>
#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

#include <memory>

class TestLogTextView : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void shouldRenderLengthsAsTheShownText();
    void shouldMapAViewportPointToItsLineAndColumn();
    void shouldReadASelectionAcrossLinesAndCopyIt();
    void shouldSelectByDraggingAndShiftClicking();
    void shouldKeepTheSelectionOnItsLinesWhenTheOldestAreDropped();
    void shouldPauseFollowingWhenScrolledUpAndResumeAtTheEnd();
    void shouldKeepTheTopLineWhilePausedAndTheOldestAreDropped();
    void shouldStepThroughMatchesAndScrollToThem();
    void shouldWrapLongLinesAndKeepTheLastLineInSight();
    void shouldScrollWithTheKeyboard();
    void shouldBeReadableAsAReadOnlyTextNamedPodLogs();
    void shouldAnswerLineAndCharacterBoundaries();

private:
    static QList<LogLine> lines(int from, int count);
    void append(int from, int count) { m_model->append(lines(from, count)); }
    int spacing() const { return m_view->fontMetrics().lineSpacing(); }
    // The viewport point just inside the left edge of column `column` of the row `slot` rows
    // below the top, from the font alone (no view geometry helper).
    QPoint pointAt(int slot, const QString &text, int column) const;

    std::unique_ptr<LogLineModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    std::unique_ptr<LogTextView> m_view;
};

QList<LogLine> TestLogTextView::lines(int from, int count)
{
    QList<LogLine> out;
    for (int i = from; i < from + count; ++i)
        out.append({1796385600000000000LL + qint64(i) * 1000000, true,
                    QStringLiteral("line %1 msg").arg(i), QString()});
    return out;
}

QPoint TestLogTextView::pointAt(int slot, const QString &text, int column) const
{
    // 4: the margin between the frame and the text.
    return {4 + m_view->fontMetrics().horizontalAdvance(text.left(column)) + 1,
            slot * spacing() + spacing() / 2};
}

void TestLogTextView::init()
{
    m_model = std::make_unique<LogLineModel>();
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_view = std::make_unique<LogTextView>(m_model.get());
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setAccessibleName(QStringLiteral("Pod logs"));
    m_view->resize(600, 300);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
}

void TestLogTextView::cleanup()
{
    m_view.reset();
    m_tester.reset();
    m_model.reset();
}

void TestLogTextView::shouldRenderLengthsAsTheShownText()
{
    // Given lines with and without a source and a time
    const QList<LogLine> samples{{1796385600123000000LL, true, "a b", "web-1/app"},
                                 {0, false, "no time", QString()},
                                 {1796385600000000000LL, true, QString(), QString()}};
    // Then the shown length is the rendered text's, timestamps on or off
    for (const LogLine &l : samples) {
        QCOMPARE(LogLineModel::renderedLength(l, true), LogLineModel::render(l, true).size());
        QCOMPARE(LogLineModel::renderedLength(l, false), LogLineModel::render(l, false).size());
    }
}

void TestLogTextView::shouldMapAViewportPointToItsLineAndColumn()
{
    // Given 100 lines followed to the end
    append(0, 100);
    const int top = m_view->firstVisibleRow();
    QVERIFY(top > 0);
    // When a point two rows down, at column 7, is hit
    const QString text = m_view->lineText(top + 2);
    const LogTextView::Position p = m_view->positionAt(pointAt(2, text, 7));
    // Then it is that line and column
    QCOMPARE(p.row, top + 2);
    QCOMPARE(p.column, 7);
    // And past a line's end is its end, below the last line the last line
    QCOMPARE(m_view->positionAt({5000, spacing() / 2}).column, int(m_view->lineText(top).size()));
    QCOMPARE(m_view->positionAt({5, 5000}).row, 99);
}

void TestLogTextView::shouldReadASelectionAcrossLinesAndCopyIt()
{
    append(0, 10);
    QSignalSpy available(m_view.get(), &LogTextView::copyAvailable);
    // When lines 1 (from column 3) to 3 (to column 4) are selected, from either end
    m_view->setSelection({3, 4}, {1, 3});
    // Then the text runs across the line ends
    const QString expected = m_view->lineText(1).mid(3) + '\n' + m_view->lineText(2) + '\n' +
                             m_view->lineText(3).left(4);
    QCOMPARE(m_view->selectedText(), expected);
    QCOMPARE(available.size(), 1);
    QCOMPARE(available.at(0).at(0).toBool(), true);
    // And Ctrl+C copies it, Ctrl+A selects every line
    QTest::keyClick(m_view.get(), Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), expected);
    QTest::keyClick(m_view.get(), Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(m_view->selectedText(), m_view->toPlainText());
    QVERIFY(m_view->toPlainText().endsWith("line 9 msg"));
    m_view->clearSelection();
    QVERIFY(!m_view->hasSelection());
    QCOMPARE(available.last().at(0).toBool(), false);
}

void TestLogTextView::shouldSelectByDraggingAndShiftClicking()
{
    append(0, 5);
    QWidget *viewport = m_view->viewport();
    // When the mouse is pressed at line 0 column 2 and dragged to line 1 column 4
    QTest::mousePress(viewport, Qt::LeftButton, {}, pointAt(0, m_view->lineText(0), 2));
    QTest::mouseMove(viewport, pointAt(1, m_view->lineText(1), 4));
    QTest::mouseRelease(viewport, Qt::LeftButton, {}, pointAt(1, m_view->lineText(1), 4));
    // Then that span is selected
    QCOMPARE(m_view->selectedText(),
             m_view->lineText(0).mid(2) + '\n' + m_view->lineText(1).left(4));
    // And a shift-click extends it from the same anchor
    QTest::mouseClick(viewport, Qt::LeftButton, Qt::ShiftModifier,
                      pointAt(2, m_view->lineText(2), 1));
    QCOMPARE(m_view->anchor(), (LogTextView::Position{0, 2}));
    QCOMPARE(m_view->cursor(), (LogTextView::Position{2, 1}));
    // And a double-click selects a word
    const int at = int(m_view->lineText(3).indexOf("msg")) + 1;
    QTest::mouseDClick(viewport, Qt::LeftButton, {}, pointAt(3, m_view->lineText(3), at));
    QCOMPARE(m_view->selectedText(), QStringLiteral("msg"));
}

void TestLogTextView::shouldKeepTheSelectionOnItsLinesWhenTheOldestAreDropped()
{
    // Given a cap of 100 and "line 50" selected
    m_model->setLineCap(100);
    append(0, 100);
    const int column = int(m_view->lineText(50).indexOf("line"));
    m_view->setSelection({50, column}, {50, column + 7});
    QCOMPARE(m_view->selectedText(), QStringLiteral("line 50"));
    // When 10 more lines push the 10 oldest out
    append(100, 10);
    // Then the same text is selected, now 10 rows higher
    QCOMPARE(m_view->selectedText(), QStringLiteral("line 50"));
    QCOMPARE(m_view->currentLine(), 40);
}

void TestLogTextView::shouldPauseFollowingWhenScrolledUpAndResumeAtTheEnd()
{
    append(0, 200);
    QScrollBar *bar = m_view->verticalScrollBar();
    QCOMPARE(bar->value(), bar->maximum());
    QCOMPARE(m_view->firstVisibleRow() + bar->pageStep(), 200);
    QSignalSpy following(m_view.get(), &LogTextView::followingChanged);
    // When the user scrolls up a line
    QTest::keyClick(m_view.get(), Qt::Key_Up);
    // Then following pauses and new lines leave the view where it is
    QVERIFY(!m_view->isFollowing());
    QCOMPARE(following.size(), 1);
    const int top = m_view->firstVisibleRow();
    append(200, 50);
    QCOMPARE(m_view->firstVisibleRow(), top);
    // And back at the bottom it follows again
    bar->setValue(bar->maximum());
    QVERIFY(m_view->isFollowing());
    append(250, 50);
    QCOMPARE(bar->value(), bar->maximum());
    QCOMPARE(m_view->lineText(m_view->firstVisibleRow() + bar->pageStep() - 1),
             m_view->lineText(299));
    QCOMPARE(following.size(), 2);
}

void TestLogTextView::shouldKeepTheTopLineWhilePausedAndTheOldestAreDropped()
{
    // Given a cap of 500, full, and the view scrolled up to line 300
    m_model->setLineCap(500);
    append(0, 500);
    m_view->verticalScrollBar()->setValue(300);
    QVERIFY(!m_view->isFollowing());
    const QString topLine = m_view->lineText(300);
    // When 100 lines arrive and the 100 oldest go
    append(500, 100);
    // Then the same line is still at the top, and the view still paused
    QCOMPARE(m_view->lineText(m_view->firstVisibleRow()), topLine);
    QVERIFY(!m_view->isFollowing());
}

void TestLogTextView::shouldStepThroughMatchesAndScrollToThem()
{
    append(0, 1000);
    // When "LINE 90" is searched forward from the start (line 90, 900..909)
    QVERIFY(m_view->find("LINE 90", false));
    QCOMPARE(m_view->currentLine(), 90);
    QVERIFY(m_view->find("LINE 90", false));
    // Then each match is selected and scrolled into sight, which pauses following
    QCOMPARE(m_view->currentLine(), 900);
    QCOMPARE(m_view->selectedText(), QStringLiteral("line 90"));
    const int top = m_view->firstVisibleRow();
    QVERIFY(top <= 900 && 900 < top + m_view->verticalScrollBar()->pageStep());
    QVERIFY(!m_view->isFollowing());
    // And backwards it wraps around from the first match to the last
    QVERIFY(m_view->find("line 90", true));
    QCOMPARE(m_view->currentLine(), 90);
    QVERIFY(m_view->find("line 90", true));
    QCOMPARE(m_view->currentLine(), 909);
    QVERIFY(!m_view->find("no such text", false));
    QCOMPARE(m_view->currentLine(), 909);
}

void TestLogTextView::shouldWrapLongLinesAndKeepTheLastLineInSight()
{
    // Given short lines, then one longer than the view is wide
    append(0, 50);
    const QString longText = QStringLiteral("word ").repeated(200);
    m_model->append({{0, false, longText, QString()}});
    // When wrap is on
    m_view->setWrap(true);
    // Then no horizontal scrolling is left, the long line takes several rows at the bottom
    QCOMPARE(m_view->horizontalScrollBar()->maximum(), 0);
    const int rows = m_view->viewport()->height() / spacing();
    QVERIFY(m_view->firstVisibleRow() > 50 - rows);
    QCOMPARE(m_view->verticalScrollBar()->value(), m_view->verticalScrollBar()->maximum());
    // And a point on the long line's second row is in that line, past its first row
    const int longTop = 50 - m_view->firstVisibleRow();
    const LogTextView::Position p = m_view->positionAt({10, (longTop + 1) * spacing() + 2});
    QCOMPARE(p.row, 50);
    QVERIFY(p.column > 20);
    // And without wrap the line scrolls sideways instead
    m_view->setWrap(false);
    QVERIFY(m_view->horizontalScrollBar()->maximum() > 0);
}

void TestLogTextView::shouldScrollWithTheKeyboard()
{
    append(0, 300);
    QScrollBar *bar = m_view->verticalScrollBar();
    QCOMPARE(m_view->focusPolicy(), Qt::StrongFocus);
    // When Home, PageDown, Down, End are pressed
    QTest::keyClick(m_view.get(), Qt::Key_Home);
    QCOMPARE(bar->value(), 0);
    QVERIFY(!m_view->isFollowing());
    QTest::keyClick(m_view.get(), Qt::Key_PageDown);
    QCOMPARE(bar->value(), bar->pageStep());
    QTest::keyClick(m_view.get(), Qt::Key_Down);
    QCOMPARE(bar->value(), bar->pageStep() + 1);
    QTest::keyClick(m_view.get(), Qt::Key_PageUp);
    QCOMPARE(bar->value(), 1);
    QTest::keyClick(m_view.get(), Qt::Key_End);
    // Then the top line follows, and the end resumes following
    QCOMPARE(bar->value(), bar->maximum());
    QVERIFY(m_view->isFollowing());
}

void TestLogTextView::shouldBeReadableAsAReadOnlyTextNamedPodLogs()
{
    append(0, 3);
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(m_view.get());
    QVERIFY(iface);
    // Then it is a read-only editable text named "Pod logs"
    QCOMPARE(iface->role(), QAccessible::EditableText);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("Pod logs"));
    QVERIFY(iface->state().readOnly);
    QVERIFY(iface->state().multiLine);
    QAccessibleTextInterface *text = iface->textInterface();
    QVERIFY(text);
    // And its text is the shown lines
    const QString all = m_view->toPlainText();
    QCOMPARE(text->characterCount(), int(all.size()));
    QCOMPARE(text->text(0, text->characterCount()), all);
    QCOMPARE(text->text(5, 40), all.mid(5, 35));
    // And its selection and caret are the view's, both ways
    text->setSelection(0, 30, 60);
    QCOMPARE(m_view->selectedText(), all.mid(30, 30));
    int start = 0;
    int end = 0;
    text->selection(0, &start, &end);
    QCOMPARE(start, 30);
    QCOMPARE(end, 60);
    QCOMPARE(text->selectionCount(), 1);
    QCOMPARE(text->cursorPosition(), 60);
    text->removeSelection(0);
    QCOMPARE(text->selectionCount(), 0);
    // And hiding timestamps changes what it reads
    m_view->setTimestamps(false);
    QCOMPARE(text->text(0, text->characterCount()),
             QStringLiteral("line 0 msg\nline 1 msg\nline 2 msg"));
}

void TestLogTextView::shouldAnswerLineAndCharacterBoundaries()
{
    append(0, 3);
    m_view->setTimestamps(false);
    QAccessibleTextInterface *text =
        QAccessible::queryAccessibleInterface(m_view.get())->textInterface();
    // "line 0 msg\n" 0..11, "line 1 msg\n" 11..22, "line 2 msg" 22..32
    int start = -1;
    int end = -1;
    QCOMPARE(text->textAtOffset(14, QAccessible::LineBoundary, &start, &end),
             QStringLiteral("line 1 msg\n"));
    QCOMPARE(start, 11);
    QCOMPARE(end, 22);
    QCOMPARE(text->textBeforeOffset(14, QAccessible::LineBoundary, &start, &end),
             QStringLiteral("line 0 msg\n"));
    QCOMPARE(start, 0);
    QCOMPARE(text->textAfterOffset(14, QAccessible::LineBoundary, &start, &end),
             QStringLiteral("line 2 msg"));
    QCOMPARE(start, 22);
    QCOMPARE(end, 32);
    QCOMPARE(text->textAfterOffset(25, QAccessible::LineBoundary, &start, &end), QString());
    QCOMPARE(text->textAtOffset(32, QAccessible::LineBoundary, &start, &end),
             QStringLiteral("line 2 msg"));
    // "msg" of line 1 is 18..21
    QCOMPARE(text->textAtOffset(18, QAccessible::CharBoundary, &start, &end), QStringLiteral("m"));
    QCOMPARE(text->textBeforeOffset(18, QAccessible::CharBoundary, &start, &end),
             QStringLiteral(" "));
    QCOMPARE(start, 17);
    QCOMPARE(text->textAfterOffset(18, QAccessible::CharBoundary, &start, &end),
             QStringLiteral("s"));
    QCOMPARE(start, 19);
    // And a word is found by Qt's default over the same text
    QCOMPARE(text->textAtOffset(18, QAccessible::WordBoundary, &start, &end),
             QStringLiteral("msg"));
    QCOMPARE(start, 18);
}

QTEST_MAIN(TestLogTextView)
#include "tst_logtextview.moc"
