#pragma once

#include <QFrame>

#include <functional>

class QLabel;
class QPushButton;
class QToolButton;

// An in-window message (errors from the server, what to try next) with an optional action
// button; never a modal dialog, so the window keeps updating behind it.
class MessageBar : public QFrame
{
    Q_OBJECT

public:
    explicit MessageBar(QWidget *parent = nullptr);

    // actionText empty: no action button. action runs when the button is pressed (the bar
    // hides first), as well as actionTriggered().
    void showError(const QString &text, const QString &actionText = {},
                   std::function<void()> action = {});
    // Something the user should know before trusting the connection (kubeconfig warnings).
    void showWarning(const QString &text);
    void showInfo(const QString &text);
    enum class Severity
    {
        Info,
        Warning,
        Error
    };
    Severity severity() const { return m_severity; }
    QString actionText() const;
    QString text() const;

signals:
    void actionTriggered();

private:
    void showMessage(Severity severity, const QString &text, const QString &actionText,
                     std::function<void()> action);
    void onAction();

    QLabel *m_label;       // Owned (child).
    QPushButton *m_action; // Owned (child).
    QToolButton *m_close;  // Owned (child).
    std::function<void()> m_onAction;
    Severity m_severity = Severity::Info;
};
