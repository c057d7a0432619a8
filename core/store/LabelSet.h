#pragma once

#include "core/store/SharedList.h"

#include <QPair>
#include <QString>

using ObjectLabels = QList<QPair<QString, QString>>;

// An object's labels, in the object's order, as StringInterner hands them out: one list per
// distinct set, shared by every object that carries it (the pods of one ReplicaSet). The
// interner's prune drops the sets it alone holds (isDetached()).
using LabelSet = SharedList<QPair<QString, QString>>;
