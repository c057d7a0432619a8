#pragma once

#include "core/net/ApiError.h"
#include "core/watch/DecodedObject.h"

#include <QString>

// One decoded event of a watch stream.
struct WatchEvent
{
    enum class Type
    {
        Added,
        Modified,
        Deleted,
        Bookmark,
        Error
    };

    Type type = Type::Added;
    DecodedObject object; // unset for Error
    ApiError status;      // Error: the Status carried; httpStatus is its code (0 if the object
                          // was not a Status)
    QByteArray rawObject; // Error: the object as received, for messages

    static QString typeName(Type type);
};
