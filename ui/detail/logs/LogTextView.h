#pragma once

#include <QAbstractScrollArea>

class LogLineModel;
class QTextLayout;

// A read-only text view over a LogLineModel that lays out and paints only the lines in sight,
// so a frame costs the same with 100 lines held as with 100,000 (a QPlainTextEdit compacts its
// whole document now and then once the oldest lines are dropped: 44-71 ms stalls). The
// vertical scroll bar counts lines: its value is the top line. With wrap on, the lines in sight
// are wrapped to the width and the bar still counts lines (its thumb is the share of lines in
// sight, not of wrapped rows). It follows the end until the user scrolls up, and again once
// they are back at the bottom. Positions are kept per line since the last clear, so a
// selection or the paused view stays on its lines while the oldest ones are dropped.
class LogTextView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    // A place between characters: row in the model, column in the line as shown.
    struct Position
    {
        int row = 0;
        int column = 0;
        friend bool operator==(const Position &, const Position &) = default;
    };

    explicit LogTextView(LogLineModel *model, QWidget *parent = nullptr);
    ~LogTextView() override;

    LogLineModel *model() const { return m_model; }
    int lineCount() const;
    // The line as shown (source and timestamp prefixes as set).
    QString lineText(int row) const;
    // Every shown line, joined by '\n'.
    QString toPlainText() const;

    void setTimestamps(bool on);
    bool timestamps() const { return m_timestamps; }
    void setWrap(bool on);
    bool wrap() const { return m_wrap; }
    // Marks every case-insensitive occurrence in the lines in sight.
    void setNeedle(const QString &needle);
    // Selects the next (or previous) case-insensitive match after the cursor (before the
    // selection), wrapping around, and scrolls to it; false when there is none.
    bool find(const QString &needle, bool backwards);

    bool isFollowing() const { return m_following; }
    int firstVisibleRow() const;

    // The place under a viewport point (past the end of a line: its end).
    Position positionAt(const QPoint &viewportPoint) const;
    // The cursor, where a selection ends; row -1 when there are no lines.
    Position cursor() const;
    Position anchor() const;
    void setSelection(Position anchor, Position cursor);
    bool hasSelection() const;
    QString selectedText() const;
    // The shown text from a to b (a before b), line ends as '\n'.
    QString textBetween(Position a, Position b) const;
    // The row the cursor is on (the current match after find); -1 without lines.
    int currentLine() const { return cursor().row; }

    // Character offsets over toPlainText(), for the accessibility interface.
    int characterCount() const;
    int offsetOf(Position p) const;
    Position positionAtOffset(int offset) const;
    // The rectangle of the character at p in viewport coordinates; empty out of sight.
    QRect characterRect(Position p) const;
    void ensureVisible(Position p);

public slots:
    void copy() const;
    void selectAll();
    void clearSelection();

signals:
    void followingChanged(bool following);
    void copyAvailable(bool available);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    // A position kept against the lines since the last clear (row + dropped lines).
    struct Mark
    {
        qint64 line = 0;
        int column = 0;
        friend auto operator<=>(const Mark &, const Mark &) = default;
    };

    void onRowsInserted(int first, int last);
    void onRowsRemoved(int count);
    void onReset();
    void onScrolled();
    void updateRanges();
    void scrollToEnd();
    void layoutLine(int row, QTextLayout &layout) const;
    int lineHeight(int row) const;
    // Rows that fit, whole, at the end of the viewport when the last line is at the bottom.
    int rowsFittingAtEnd() const;
    int textWidth() const;
    Mark toMark(Position p) const;
    Position toPosition(const Mark &m) const;
    Mark selectionStart() const { return std::min(m_anchor, m_cursor); }
    Mark selectionEnd() const { return std::max(m_anchor, m_cursor); }
    void selectionChanged(bool hadSelection);

    LogLineModel *m_model; // Not owned; outlives the view (LogView owns both).
    bool m_timestamps = true;
    bool m_wrap = false;
    bool m_following = true;
    bool m_adjusting = false; // our own scroll changes are not the user's
    QString m_needle;
    Mark m_anchor;
    Mark m_cursor;
    // Widest shown line so far in characters, with and without timestamps (drops do not
    // shrink it: the horizontal range is the widest line since the last clear).
    qsizetype m_widest[2] = {0, 0};
};
