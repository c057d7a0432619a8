#include "ui/detail/logs/LogTextAccessible.h"

#include "ui/detail/logs/LogTextView.h"

LogTextAccessible::LogTextAccessible(LogTextView *view)
    : QAccessibleWidget(view, QAccessible::EditableText)
{}

QAccessibleInterface *LogTextAccessible::create(const QString &className, QObject *object)
{
    auto *view = qobject_cast<LogTextView *>(object);
    if (className != QLatin1String("LogTextView") || !view)
        return nullptr;
    return new LogTextAccessible(view);
}

LogTextView *LogTextAccessible::view() const
{
    return static_cast<LogTextView *>(widget());
}

QAccessible::State LogTextAccessible::state() const
{
    QAccessible::State s = QAccessibleWidget::state();
    s.readOnly = true;
    s.multiLine = true;
    s.selectableText = true;
    s.focusable = true;
    return s;
}

void *LogTextAccessible::interface_cast(QAccessible::InterfaceType type)
{
    if (type == QAccessible::TextInterface)
        return static_cast<QAccessibleTextInterface *>(this);
    return QAccessibleWidget::interface_cast(type);
}

void LogTextAccessible::selection(int selectionIndex, int *startOffset, int *endOffset) const
{
    *startOffset = *endOffset = 0;
    if (selectionIndex != 0 || !view()->hasSelection())
        return;
    const int a = view()->offsetOf(view()->anchor());
    const int c = view()->offsetOf(view()->cursor());
    *startOffset = qMin(a, c);
    *endOffset = qMax(a, c);
}

int LogTextAccessible::selectionCount() const
{
    return view()->hasSelection() ? 1 : 0;
}

void LogTextAccessible::addSelection(int startOffset, int endOffset)
{
    // One selection at most, as in a text edit: adding replaces it.
    setSelection(0, startOffset, endOffset);
}

void LogTextAccessible::removeSelection(int selectionIndex)
{
    if (selectionIndex == 0)
        view()->clearSelection();
}

void LogTextAccessible::setSelection(int selectionIndex, int startOffset, int endOffset)
{
    if (selectionIndex != 0)
        return;
    view()->setSelection(view()->positionAtOffset(startOffset),
                         view()->positionAtOffset(endOffset));
}

int LogTextAccessible::cursorPosition() const
{
    return view()->lineCount() > 0 ? view()->offsetOf(view()->cursor()) : 0;
}

void LogTextAccessible::setCursorPosition(int position)
{
    const LogTextView::Position p = view()->positionAtOffset(position);
    view()->setSelection(p, p);
}

QString LogTextAccessible::text(int startOffset, int endOffset) const
{
    if (endOffset <= startOffset)
        return {};
    return view()->textBetween(view()->positionAtOffset(startOffset),
                               view()->positionAtOffset(endOffset));
}

bool LogTextAccessible::lineAt(int offset, QString *text, int *startOffset, int *endOffset) const
{
    const int count = characterCount();
    if (offset < 0 || offset > count || view()->lineCount() == 0)
        return false;
    const LogTextView::Position p = view()->positionAtOffset(offset);
    *text = view()->lineText(p.row);
    *startOffset = offset - p.column;
    if (p.row + 1 < view()->lineCount())
        *text += QLatin1Char('\n');
    *endOffset = *startOffset + int(text->size());
    return true;
}

QString LogTextAccessible::textBeforeOffset(int offset, QAccessible::TextBoundaryType boundaryType,
                                            int *startOffset, int *endOffset) const
{
    *startOffset = *endOffset = -1;
    if (boundaryType == QAccessible::CharBoundary) {
        if (offset <= 0 || offset > characterCount())
            return {};
        *startOffset = offset - 1;
        *endOffset = offset;
        return text(offset - 1, offset);
    }
    if (boundaryType == QAccessible::LineBoundary) {
        QString line;
        int start = 0;
        int end = 0;
        if (!lineAt(offset, &line, &start, &end) || start == 0)
            return {};
        lineAt(start - 1, &line, startOffset, endOffset);
        return line;
    }
    return QAccessibleTextInterface::textBeforeOffset(offset, boundaryType, startOffset, endOffset);
}

QString LogTextAccessible::textAfterOffset(int offset, QAccessible::TextBoundaryType boundaryType,
                                           int *startOffset, int *endOffset) const
{
    *startOffset = *endOffset = -1;
    const int count = characterCount();
    if (boundaryType == QAccessible::CharBoundary) {
        if (offset < 0 || offset + 1 >= count)
            return {};
        *startOffset = offset + 1;
        *endOffset = offset + 2;
        return text(offset + 1, offset + 2);
    }
    if (boundaryType == QAccessible::LineBoundary) {
        QString line;
        int start = 0;
        int end = 0;
        if (!lineAt(offset, &line, &start, &end) || end >= count)
            return {};
        lineAt(end, &line, startOffset, endOffset);
        return line;
    }
    return QAccessibleTextInterface::textAfterOffset(offset, boundaryType, startOffset, endOffset);
}

QString LogTextAccessible::textAtOffset(int offset, QAccessible::TextBoundaryType boundaryType,
                                        int *startOffset, int *endOffset) const
{
    *startOffset = *endOffset = -1;
    if (boundaryType == QAccessible::CharBoundary) {
        if (offset < 0 || offset >= characterCount())
            return {};
        *startOffset = offset;
        *endOffset = offset + 1;
        return text(offset, offset + 1);
    }
    if (boundaryType == QAccessible::LineBoundary) {
        QString line;
        if (!lineAt(offset, &line, startOffset, endOffset))
            return {};
        return line;
    }
    return QAccessibleTextInterface::textAtOffset(offset, boundaryType, startOffset, endOffset);
}

int LogTextAccessible::characterCount() const
{
    return view()->characterCount();
}

QRect LogTextAccessible::characterRect(int offset) const
{
    const QRect r = view()->characterRect(view()->positionAtOffset(offset));
    if (r.isEmpty())
        return {};
    return r.translated(view()->viewport()->mapToGlobal(QPoint(0, 0)));
}

int LogTextAccessible::offsetAtPoint(const QPoint &point) const
{
    const QPoint local = view()->viewport()->mapFromGlobal(point);
    if (!view()->viewport()->rect().contains(local))
        return -1;
    return view()->offsetOf(view()->positionAt(local));
}

void LogTextAccessible::scrollToSubstring(int startIndex, int)
{
    view()->ensureVisible(view()->positionAtOffset(startIndex));
}

QString LogTextAccessible::attributes(int offset, int *startOffset, int *endOffset) const
{
    // Plain text: no attributes, over the whole text.
    *startOffset = 0;
    *endOffset = qMax(offset, characterCount());
    return {};
}
