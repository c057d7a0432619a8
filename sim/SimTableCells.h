#pragma once

#include <QByteArray>
#include <QByteArrayView>

struct SimObject;

// The cells of an object's row in a Table response (the server-side printer kubectl shows).
namespace SimTableCells {

// Fills o.cells, each a JSON value, from the object's simulated state.
void render(SimObject &o);
// A widget's spec.color, chosen by its name so that the object and its row agree.
QByteArrayView widgetColor(QByteArrayView name);
// A healthy component's condition message, as 1.20 reports it ("ok", etcd's own JSON).
QByteArray componentMessage(QByteArrayView name);

} // namespace SimTableCells
