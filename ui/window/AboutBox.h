#pragma once

#include <QString>

class QMessageBox;
class QWidget;

// The About box: the version, and the promise that Kubeglass never changes a cluster.
namespace AboutBox {

// The read-only promise in plain words (the README says the same).
QString promise();
// Opens the box over parent (window-modal, without blocking) and returns it; it deletes
// itself when closed.
QMessageBox *open(QWidget *parent);

} // namespace AboutBox
