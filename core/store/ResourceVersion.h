#pragma once

#include "core/store/CompactText.h"

#include <QString>
#include <QStringView>
#include <QUtf8StringView>

// metadata.resourceVersion of a stored object. Clients must treat it as opaque, but apiservers
// backed by etcd write a decimal revision, which is held here inline in 8 bytes instead of a
// 48-byte heap string (about 5 MB over 100,000 pods); any other text is kept as it came, so the
// value always reads back exactly as the server sent it.
class ResourceVersion
{
public:
    ResourceVersion() = default;
    explicit ResourceVersion(QStringView text);
    explicit ResourceVersion(QUtf8StringView text);

    bool isEmpty() const { return m_revisionPlusOne == 0 && !m_text; }
    QString toString() const;

    friend bool operator==(const ResourceVersion &a, const ResourceVersion &b)
    {
        return a.m_revisionPlusOne == b.m_revisionPlusOne && a.m_text == b.m_text;
    }
    friend bool operator!=(const ResourceVersion &a, const ResourceVersion &b) { return !(a == b); }

private:
    template <typename Text> void assign(Text text);

    // The revision plus one when the text is a decimal number as etcd writes it ("0" or no
    // leading zero, at most 19 digits); 0 otherwise.
    quint64 m_revisionPlusOne = 0;
    FallbackText m_text; // any other non-empty text; shared by copies
};
