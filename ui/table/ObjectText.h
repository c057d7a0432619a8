#pragma once

#include "core/store/StoredObject.h"

#include <QString>

// What the Filter box's text matches in a row: the object's name, namespace and labels.
namespace ObjectText {

// Lowercased "name\nnamespace\nk=v\nk=v" (expressions match it).
QString searchText(const StoredObject &object);
// Whether searchText(object) holds needle, ignoring case, without building it.
bool contains(const StoredObject &object, const QString &needle);

} // namespace ObjectText
