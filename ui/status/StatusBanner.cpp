#include "ui/status/StatusBanner.h"

StatusBanner::StatusBanner(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("staleBanner"));
    setAccessibleDescription(tr("Says whether the table is loading or out of date"));
    setWordWrap(true);
    setMargin(6);
    setAutoFillBackground(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    hide();
}

void StatusBanner::showMessage(Kind kind, const QString &text)
{
    m_kind = kind;
    setText(text);
    setAccessibleName(text);
    applyColours();
    show();
}

void StatusBanner::applyColours()
{
    const QColor fill = m_kind == Kind::Stale ? QColor(196, 110, 0) : QColor(40, 110, 200);
    QPalette p = palette();
    p.setColor(QPalette::Window, fill);
    p.setColor(QPalette::WindowText, Qt::white);
    setPalette(p);
}
