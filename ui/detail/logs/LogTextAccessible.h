#pragma once

#include <QAccessibleWidget>

class LogTextView;

// What a screen reader sees of the log view: a read-only multi-line text (role EditableText,
// state readOnly, as a read-only QPlainTextEdit is shown) whose text is the shown lines joined
// by '\n'. Offsets are characters of that text. Line and character boundaries are answered
// from the lines themselves; word and sentence ones by Qt's default, over the whole text.
class LogTextAccessible : public QAccessibleWidget, public QAccessibleTextInterface
{
public:
    explicit LogTextAccessible(LogTextView *view);

    // For QAccessible::installFactory: an interface for a LogTextView, else none.
    static QAccessibleInterface *create(const QString &className, QObject *object);

    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    void selection(int selectionIndex, int *startOffset, int *endOffset) const override;
    int selectionCount() const override;
    void addSelection(int startOffset, int endOffset) override;
    void removeSelection(int selectionIndex) override;
    void setSelection(int selectionIndex, int startOffset, int endOffset) override;
    int cursorPosition() const override;
    void setCursorPosition(int position) override;
    QString text(int startOffset, int endOffset) const override;
    QString textBeforeOffset(int offset, QAccessible::TextBoundaryType boundaryType,
                             int *startOffset, int *endOffset) const override;
    QString textAfterOffset(int offset, QAccessible::TextBoundaryType boundaryType,
                            int *startOffset, int *endOffset) const override;
    QString textAtOffset(int offset, QAccessible::TextBoundaryType boundaryType, int *startOffset,
                         int *endOffset) const override;
    int characterCount() const override;
    QRect characterRect(int offset) const override;
    int offsetAtPoint(const QPoint &point) const override;
    void scrollToSubstring(int startIndex, int endIndex) override;
    QString attributes(int offset, int *startOffset, int *endOffset) const override;

private:
    LogTextView *view() const;
    // The text of the line holding offset (with its line end unless it is the last), and the
    // offsets it spans; false when offset is outside the text.
    bool lineAt(int offset, QString *text, int *startOffset, int *endOffset) const;
};
