#pragma once

#include "core/store/SharedList.h"

#include <QVariant>

// A Table row's cells, as the server computed them for ObjectStore::columns(); none for the
// objects of a plain list or watch, which then hold a null pointer. A row that has cells pays
// one small block for the pointer's target.
using TableCells = SharedList<QVariant>;
