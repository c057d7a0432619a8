#include "ui/status/MessageBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

MessageBar::MessageBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
    , m_action(new QPushButton(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setAccessibleName(tr("Messages"));
    setAccessibleDescription(tr("Errors from the cluster and what to try"));
    setAutoFillBackground(true);
    setFrameShape(QFrame::StyledPanel);
    m_label->setObjectName(QStringLiteral("messageText"));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setAccessibleDescription(tr("Message text"));
    m_action->setObjectName(QStringLiteral("messageAction"));
    m_close->setObjectName(QStringLiteral("messageClose"));
    m_close->setText(QStringLiteral("✕"));
    m_close->setAccessibleName(tr("Dismiss message"));
    m_close->setToolTip(tr("Dismiss (Esc in the message bar)"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_action);
    layout->addWidget(m_close);
    connect(m_action, &QPushButton::clicked, this, &MessageBar::onAction);
    connect(m_close, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

void MessageBar::showError(const QString &text, const QString &actionText,
                           std::function<void()> action)
{
    showMessage(Severity::Error, text, actionText, std::move(action));
}

void MessageBar::showWarning(const QString &text)
{
    showMessage(Severity::Warning, text, {}, {});
}

void MessageBar::showInfo(const QString &text)
{
    showMessage(Severity::Info, text, {}, {});
}

QString MessageBar::text() const
{
    return m_label->text();
}

QString MessageBar::actionText() const
{
    return m_action->isVisibleTo(this) ? m_action->text() : QString();
}

void MessageBar::showMessage(Severity severity, const QString &text, const QString &actionText,
                             std::function<void()> action)
{
    m_severity = severity;
    m_onAction = std::move(action);
    m_label->setText(text);
    m_label->setAccessibleName(text);
    m_action->setText(actionText);
    m_action->setAccessibleName(actionText);
    m_action->setVisible(!actionText.isEmpty());
    // Saturated fills with white text read well in light and dark themes alike.
    QColor fill(40, 110, 200);
    if (severity == Severity::Warning)
        fill = QColor(190, 110, 0);
    else if (severity == Severity::Error)
        fill = QColor(200, 50, 50);
    QPalette p = palette();
    p.setColor(QPalette::Window, fill);
    p.setColor(QPalette::WindowText, Qt::white);
    setPalette(p);
    m_label->setPalette(p);
    show();
}

void MessageBar::onAction()
{
    // Copied first: the action may show another message, replacing m_onAction.
    const std::function<void()> action = m_onAction;
    hide();
    if (action)
        action();
    emit actionTriggered();
}
