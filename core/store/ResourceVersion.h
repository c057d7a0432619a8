#pragma once

#include "core/store/InlineOrText.h"

// metadata.resourceVersion of a stored object. Clients must treat it as opaque, but apiservers
// backed by etcd write a decimal revision, which is held inline in 8 bytes instead of a 48-byte
// heap string (about 5 MB over 100,000 pods).
struct ResourceVersionCodec
{
    // The revision plus one when the text is a decimal number as etcd writes it ("0" or no
    // leading zero, at most 19 digits); 0 otherwise.
    using Inline = quint64;
    static quint64 encode(QStringView text);
    static quint64 encode(QUtf8StringView text);
    static QString decode(quint64 revisionPlusOne) { return QString::number(revisionPlusOne - 1); }
};

using ResourceVersion = InlineOrText<ResourceVersionCodec>;
