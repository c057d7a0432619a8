#include "ui/window/AboutBox.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QMessageBox>

namespace AboutBox {

QString promise()
{
    return QCoreApplication::translate(
        "AboutBox", "Kubeglass is read-only: it never changes your cluster. It only reads (GET, "
                    "list and watch) and asks the server what you may read (access reviews). "
                    "Where you would act, copy the kubectl command from a row's menu.");
}

QMessageBox *open(QWidget *parent)
{
    const QString version = QCoreApplication::applicationVersion();
    auto *box = new QMessageBox(parent);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowTitle(QCoreApplication::translate("AboutBox", "About Kubeglass"));
    box->setAccessibleName(box->windowTitle());
    box->setTextFormat(Qt::PlainText);
    box->setText(version.isEmpty()
                     ? QStringLiteral("Kubeglass")
                     : QCoreApplication::translate("AboutBox", "Kubeglass %1").arg(version));
    box->setInformativeText(
        QCoreApplication::translate("AboutBox", "Watches Kubernetes resources live.\n\n") +
        promise());
    box->setIconPixmap(parent ? parent->windowIcon().pixmap(64) : QPixmap());
    box->setStandardButtons(QMessageBox::Ok);
    box->button(QMessageBox::Ok)->setAccessibleName(QCoreApplication::translate("AboutBox", "OK"));
    box->open();
    return box;
}

} // namespace AboutBox
