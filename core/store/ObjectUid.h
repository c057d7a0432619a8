#pragma once

#include "core/store/InlineOrText.h"

#include <QUuid>

// metadata.uid. Apiservers write it as a canonical lowercase UUID, which is held in 16 bytes
// inline instead of a 96-byte heap string (about 8 MB over 100,000 pods).
struct ObjectUidCodec
{
    using Inline = QUuid; // null: not a canonical lowercase UUID (the nil UUID is kept as text)
    static QUuid encode(QStringView text);
    static QUuid encode(QUtf8StringView text);
    static QString decode(const QUuid &uuid) { return uuid.toString(QUuid::WithoutBraces); }
};

using ObjectUid = InlineOrText<ObjectUidCodec>;
