#include "ui/detail/logs/LogTextView.h"

#include "ui/detail/logs/LogLineModel.h"
#include "ui/detail/logs/LogTextAccessible.h"

#include <QAccessible>
#include <QApplication>
#include <QClipboard>
#include <QKeyEvent>
#include <QPainter>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTextLayout>

#include <climits>

namespace {
// Space between the frame and the text, as a QPlainTextEdit leaves.
constexpr int kMargin = 4;

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}
} // namespace

LogTextView::LogTextView(LogLineModel *model, QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_model(model)
{
    // installFactory ignores a factory it already has.
    QAccessible::installFactory(&LogTextAccessible::create);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setBackgroundRole(QPalette::Base);
    connect(m_model, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &, int first, int last) { onRowsInserted(first, last); });
    connect(m_model, &QAbstractItemModel::rowsRemoved, this,
            [this](const QModelIndex &, int first, int last) {
                // LogLineModel removes only the oldest lines (the cap).
                Q_ASSERT(first == 0);
                onRowsRemoved(last - first + 1);
            });
    connect(m_model, &QAbstractItemModel::modelReset, this, &LogTextView::onReset);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &LogTextView::onScrolled);
    onReset();
}

LogTextView::~LogTextView() = default;

int LogTextView::lineCount() const
{
    return m_model->rowCount();
}

QString LogTextView::lineText(int row) const
{
    return LogLineModel::render(m_model->line(row), m_timestamps);
}

QString LogTextView::toPlainText() const
{
    QStringList lines;
    lines.reserve(lineCount());
    for (int row = 0; row < lineCount(); ++row)
        lines << lineText(row);
    return lines.join(QLatin1Char('\n'));
}

void LogTextView::setTimestamps(bool on)
{
    if (on == m_timestamps)
        return;
    // Columns change with the prefix: a selection would now cover other characters.
    clearSelection();
    m_timestamps = on;
    updateRanges();
    if (m_following)
        scrollToEnd();
    viewport()->update();
}

void LogTextView::setWrap(bool on)
{
    if (on == m_wrap)
        return;
    m_wrap = on;
    updateRanges();
    if (m_following)
        scrollToEnd();
    viewport()->update();
}

void LogTextView::setNeedle(const QString &needle)
{
    if (needle == m_needle)
        return;
    m_needle = needle;
    viewport()->update();
}

bool LogTextView::find(const QString &needle, bool backwards)
{
    const int n = lineCount();
    if (needle.isEmpty() || n == 0)
        return false;
    const Position from = toPosition(backwards ? selectionStart() : selectionEnd());
    // Every line once from the cursor's, then the cursor's line again (wrapped around).
    for (int i = 0; i <= n; ++i) {
        const int row = backwards ? (from.row - i % n + n) % n : (from.row + i) % n;
        const QString text = lineText(row);
        qsizetype at = -1;
        if (!backwards)
            at = text.indexOf(needle, i == 0 ? from.column : 0, Qt::CaseInsensitive);
        else if (i > 0)
            at = text.lastIndexOf(needle, -1, Qt::CaseInsensitive);
        else if (from.column > 0)
            at = text.lastIndexOf(needle, from.column - 1, Qt::CaseInsensitive);
        if (at < 0 || (i == n && (backwards ? at < from.column : at >= from.column)))
            continue;
        const Position start{row, int(at)};
        setSelection(start, {row, int(at + needle.size())});
        ensureVisible(start);
        return true;
    }
    return false;
}

int LogTextView::firstVisibleRow() const
{
    return verticalScrollBar()->value();
}

LogTextView::Position LogTextView::positionAt(const QPoint &point) const
{
    const int n = lineCount();
    if (n == 0)
        return {};
    int y = 0;
    int row = firstVisibleRow();
    if (point.y() < 0)
        return {row, 0};
    QTextLayout layout;
    for (; row < n; ++row) {
        layoutLine(row, layout);
        const int height = layout.lineCount() * fontMetrics().lineSpacing();
        if (point.y() < y + height || row == n - 1)
            break;
        y += height;
    }
    const qreal x = point.x() - kMargin + horizontalScrollBar()->value();
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        if (point.y() - y < line.y() + line.height() || i == layout.lineCount() - 1)
            return {row, line.xToCursor(x)};
    }
    return {row, 0};
}

LogTextView::Position LogTextView::cursor() const
{
    return toPosition(m_cursor);
}

LogTextView::Position LogTextView::anchor() const
{
    return toPosition(m_anchor);
}

void LogTextView::setSelection(Position anchor, Position cursor)
{
    const bool had = hasSelection();
    m_anchor = toMark(anchor);
    m_cursor = toMark(cursor);
    selectionChanged(had);
}

bool LogTextView::hasSelection() const
{
    return lineCount() > 0 && anchor() != cursor();
}

QString LogTextView::selectedText() const
{
    if (!hasSelection())
        return {};
    return textBetween(toPosition(selectionStart()), toPosition(selectionEnd()));
}

QString LogTextView::textBetween(Position s, Position e) const
{
    QString out;
    if (s.row < 0)
        return out;
    for (int row = s.row; row <= e.row; ++row) {
        const QString text = lineText(row);
        const int from = row == s.row ? s.column : 0;
        const int to = row == e.row ? e.column : int(text.size());
        out += text.mid(from, to - from);
        if (row != e.row)
            out += QLatin1Char('\n');
    }
    return out;
}

int LogTextView::characterCount() const
{
    const int n = lineCount();
    qsizetype count = n > 0 ? n - 1 : 0; // the line ends between lines
    for (int row = 0; row < n; ++row)
        count += LogLineModel::renderedLength(m_model->line(row), m_timestamps);
    return int(qMin<qsizetype>(count, INT_MAX));
}

int LogTextView::offsetOf(Position p) const
{
    qsizetype offset = p.column;
    for (int row = 0; row < p.row && row < lineCount(); ++row)
        offset += LogLineModel::renderedLength(m_model->line(row), m_timestamps) + 1;
    return int(qMin<qsizetype>(offset, INT_MAX));
}

LogTextView::Position LogTextView::positionAtOffset(int offset) const
{
    const int n = lineCount();
    qsizetype left = qMax(0, offset);
    for (int row = 0; row < n; ++row) {
        const qsizetype length = LogLineModel::renderedLength(m_model->line(row), m_timestamps);
        if (left <= length || row == n - 1)
            return {row, int(qMin(left, length))};
        left -= length + 1;
    }
    return {};
}

QRect LogTextView::characterRect(Position p) const
{
    const int spacing = fontMetrics().lineSpacing();
    int y = 0;
    QTextLayout layout;
    for (int row = firstVisibleRow(); row < lineCount() && y < viewport()->height(); ++row) {
        layoutLine(row, layout);
        if (row == p.row) {
            const QTextLine line = layout.lineForTextPosition(p.column);
            if (!line.isValid())
                return {};
            const qreal x = line.cursorToX(p.column);
            const qreal next = line.cursorToX(p.column + 1);
            return QRectF(x + kMargin - horizontalScrollBar()->value(), y + line.y(),
                          qMax<qreal>(1, next - x), line.height())
                .toAlignedRect();
        }
        y += layout.lineCount() * spacing;
    }
    return {};
}

void LogTextView::ensureVisible(Position p)
{
    QScrollBar *bar = verticalScrollBar();
    int shown = 0;
    for (int h = 0, row = firstVisibleRow(); row < lineCount(); ++row, ++shown) {
        h += lineHeight(row);
        if (h > viewport()->height())
            break;
    }
    if (p.row < bar->value() || p.row >= bar->value() + qMax(1, shown))
        bar->setValue(p.row - qMax(1, shown) / 2);
    if (m_wrap)
        return;
    QTextLayout layout;
    layoutLine(p.row, layout);
    const int x = int(layout.lineAt(0).cursorToX(p.column));
    QScrollBar *hbar = horizontalScrollBar();
    if (x < hbar->value() || x > hbar->value() + viewport()->width() - 2 * kMargin)
        hbar->setValue(x - viewport()->width() / 2);
}

void LogTextView::copy() const
{
    if (hasSelection())
        QGuiApplication::clipboard()->setText(selectedText());
}

void LogTextView::selectAll()
{
    const int n = lineCount();
    if (n > 0)
        setSelection({0, 0}, {n - 1, int(lineText(n - 1).size())});
}

void LogTextView::clearSelection()
{
    setSelection(cursor(), cursor());
}

void LogTextView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    const int n = lineCount();
    const int spacing = fontMetrics().lineSpacing();
    const qint64 dropped = m_model->droppedCount();
    const Mark s = selectionStart();
    const Mark e = selectionEnd();
    QTextCharFormat mark;
    mark.setBackground(QColor(255, 220, 80));
    mark.setForeground(Qt::black);
    QTextCharFormat selected;
    selected.setBackground(palette().brush(QPalette::Highlight));
    selected.setForeground(palette().brush(QPalette::HighlightedText));
    painter.setPen(palette().color(QPalette::Text));
    const qreal x = kMargin - horizontalScrollBar()->value();
    QTextLayout layout;
    int y = 0;
    for (int row = firstVisibleRow(); row < n && y < viewport()->height(); ++row) {
        layoutLine(row, layout);
        const QString &text = layout.text();
        QList<QTextLayout::FormatRange> formats;
        if (!m_needle.isEmpty()) {
            for (qsizetype at = text.indexOf(m_needle, 0, Qt::CaseInsensitive); at >= 0;
                 at = text.indexOf(m_needle, at + m_needle.size(), Qt::CaseInsensitive))
                formats.append({int(at), int(m_needle.size()), mark});
        }
        // The selection last, so it is drawn over a match.
        const qint64 line = row + dropped;
        if (s != e && line >= s.line && line <= e.line) {
            const int from = line == s.line ? s.column : 0;
            // A line end inside the selection shows as one selected space.
            const int to = line == e.line ? e.column : int(text.size()) + 1;
            formats.append({from, to - from, selected});
        }
        layout.draw(&painter, QPointF(x, y), formats);
        y += layout.lineCount() * spacing;
    }
}

void LogTextView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateRanges();
    if (m_following)
        scrollToEnd();
}

void LogTextView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    const Position at = positionAt(event->position().toPoint());
    const bool extend = event->modifiers() & Qt::ShiftModifier;
    setSelection(extend ? anchor() : at, at);
}

void LogTextView::mouseMoveEvent(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton))
        return QAbstractScrollArea::mouseMoveEvent(event);
    // Dragging past an edge scrolls a line at a time, to select beyond what is in sight.
    const QPoint point = event->position().toPoint();
    if (point.y() < 0)
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
    else if (point.y() > viewport()->height())
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
    setSelection(anchor(), positionAt(point));
}

void LogTextView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    // As X11 text views do: what is selected pastes with the middle button.
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (hasSelection() && clipboard->supportsSelection())
        clipboard->setText(selectedText(), QClipboard::Selection);
}

void LogTextView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || lineCount() == 0)
        return QAbstractScrollArea::mouseDoubleClickEvent(event);
    const Position at = positionAt(event->position().toPoint());
    const QString text = lineText(at.row);
    int from = at.column;
    int to = at.column;
    while (from > 0 && isWordChar(text[from - 1]))
        --from;
    while (to < text.size() && isWordChar(text[to]))
        ++to;
    setSelection({at.row, from}, {at.row, to});
}

void LogTextView::keyPressEvent(QKeyEvent *event)
{
    if (event == QKeySequence::Copy)
        return copy();
    if (event == QKeySequence::SelectAll)
        return selectAll();
    QScrollBar *bar = verticalScrollBar();
    if (event->key() == Qt::Key_Home || event == QKeySequence::MoveToStartOfDocument)
        return bar->triggerAction(QAbstractSlider::SliderToMinimum);
    if (event->key() == Qt::Key_End || event == QKeySequence::MoveToEndOfDocument)
        return bar->triggerAction(QAbstractSlider::SliderToMaximum);
    // Arrows and page keys: the scroll area's own handling.
    QAbstractScrollArea::keyPressEvent(event);
}

void LogTextView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateRanges();
        if (m_following)
            scrollToEnd();
    }
}

void LogTextView::scrollContentsBy(int, int)
{
    // Lines are laid out per paint; nothing to move.
    viewport()->update();
}

void LogTextView::onRowsInserted(int first, int last)
{
    for (int row = first; row <= last; ++row) {
        const LogLine &line = m_model->line(row);
        m_widest[0] = qMax(m_widest[0], LogLineModel::renderedLength(line, false));
        m_widest[1] = qMax(m_widest[1], LogLineModel::renderedLength(line, true));
    }
    updateRanges();
    if (m_following)
        scrollToEnd();
    viewport()->update();
}

void LogTextView::onRowsRemoved(int count)
{
    // The top line stays the one the user reads (unless it was dropped).
    const int top = firstVisibleRow() - count;
    updateRanges();
    const QScopedValueRollback guard(m_adjusting, true);
    if (m_following)
        scrollToEnd();
    else
        verticalScrollBar()->setValue(top);
    viewport()->update();
}

void LogTextView::onReset()
{
    m_anchor = m_cursor = {};
    m_widest[0] = m_widest[1] = 0;
    updateRanges();
    scrollToEnd();
    if (!m_following) {
        m_following = true;
        emit followingChanged(true);
    }
    emit copyAvailable(false);
    viewport()->update();
}

void LogTextView::onScrolled()
{
    if (m_adjusting)
        return;
    const bool atEnd = verticalScrollBar()->value() >= verticalScrollBar()->maximum();
    if (atEnd != m_following) {
        m_following = atEnd;
        emit followingChanged(atEnd);
    }
}

void LogTextView::updateRanges()
{
    const QScopedValueRollback guard(m_adjusting, true);
    const int n = lineCount();
    const int spacing = fontMetrics().lineSpacing();
    const int page = qMax(1, viewport()->height() / spacing);
    QScrollBar *bar = verticalScrollBar();
    bar->setRange(0, qMax(0, n - (m_wrap ? rowsFittingAtEnd() : page)));
    bar->setPageStep(page);
    QScrollBar *hbar = horizontalScrollBar();
    // Widest line in characters times the widest usual glyph: a fixed font's exact width.
    const qsizetype widest = m_widest[m_timestamps ? 1 : 0];
    const int textPixels = int(
        qMin<qsizetype>(widest * fontMetrics().horizontalAdvance(QLatin1Char('M')), INT_MAX / 2));
    hbar->setRange(0, m_wrap ? 0 : qMax(0, textPixels + 2 * kMargin - viewport()->width()));
    hbar->setPageStep(viewport()->width());
    hbar->setSingleStep(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 4);
}

void LogTextView::scrollToEnd()
{
    const QScopedValueRollback guard(m_adjusting, true);
    verticalScrollBar()->setValue(verticalScrollBar()->maximum());
}

void LogTextView::layoutLine(int row, QTextLayout &layout) const
{
    layout.clearLayout();
    layout.setText(lineText(row));
    layout.setFont(font());
    QTextOption option;
    option.setWrapMode(m_wrap ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
    layout.setTextOption(option);
    layout.setCacheEnabled(true);
    const int spacing = fontMetrics().lineSpacing();
    layout.beginLayout();
    for (int y = 0;; y += spacing) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(textWidth());
        line.setPosition(QPointF(0, y));
    }
    layout.endLayout();
}

int LogTextView::lineHeight(int row) const
{
    const int spacing = fontMetrics().lineSpacing();
    if (!m_wrap)
        return spacing;
    QTextLayout layout;
    layoutLine(row, layout);
    return layout.lineCount() * spacing;
}

int LogTextView::rowsFittingAtEnd() const
{
    const int n = lineCount();
    int rows = 0;
    for (int h = 0, row = n - 1; row >= 0; --row, ++rows) {
        h += lineHeight(row);
        if (h > viewport()->height())
            break;
    }
    return qMax(qMin(1, n), rows);
}

int LogTextView::textWidth() const
{
    return qMax(1, viewport()->width() - 2 * kMargin);
}

LogTextView::Mark LogTextView::toMark(Position p) const
{
    return {p.row + m_model->droppedCount(), p.column};
}

LogTextView::Position LogTextView::toPosition(const Mark &m) const
{
    const int n = lineCount();
    if (n == 0)
        return {-1, 0};
    const qint64 row = m.line - m_model->droppedCount();
    if (row < 0)
        return {0, 0}; // the line was dropped: the start of what is left
    if (row >= n)
        return {n - 1, int(lineText(n - 1).size())};
    return {int(row),
            qBound(0, m.column,
                   int(LogLineModel::renderedLength(m_model->line(int(row)), m_timestamps)))};
}

void LogTextView::selectionChanged(bool hadSelection)
{
    viewport()->update();
    if (hasSelection() != hadSelection)
        emit copyAvailable(!hadSelection);
    if (QAccessible::isActive()) {
        QAccessibleTextSelectionEvent event(this, offsetOf(toPosition(selectionStart())),
                                            offsetOf(toPosition(selectionEnd())));
        event.setCursorPosition(offsetOf(cursor()));
        QAccessible::updateAccessibility(&event);
    }
}
