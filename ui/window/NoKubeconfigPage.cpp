#include "ui/window/NoKubeconfigPage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

NoKubeconfigPage::NoKubeconfigPage(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("noKubeconfigPage"));
    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    auto *title = new QLabel(tr("No kubeconfig found"), this);
    title->setObjectName(QStringLiteral("noKubeconfigTitle"));
    title->setAccessibleDescription(tr("Heading"));
    QFont font = title->font();
    font.setPointSizeF(font.pointSizeF() * 1.8);
    font.setBold(true);
    title->setFont(font);
    title->setAlignment(Qt::AlignCenter);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("noKubeconfigDetails"));
    m_details->setAccessibleDescription(tr("Where kubeglass looked"));
    m_details->setAlignment(Qt::AlignCenter);
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *demo = new QPushButton(tr("Open the &demo cluster"), this);
    demo->setObjectName(QStringLiteral("startDemoButton"));
    demo->setAccessibleName(tr("Open the demo cluster"));
    demo->setToolTip(tr("Starts a simulated cluster inside kubeglass (Alt+D)"));
    demo->setDefault(true);
    connect(demo, &QPushButton::clicked, this, &NoKubeconfigPage::demoRequested);
    layout->addWidget(title);
    layout->addWidget(m_details);
    layout->addSpacing(16);
    layout->addWidget(demo, 0, Qt::AlignCenter);
    layout->addStretch(2);
}

void NoKubeconfigPage::setDetails(const QString &details)
{
    m_details->setText(details);
    m_details->setAccessibleName(details);
}
