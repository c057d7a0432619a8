#pragma once

#include "core/store/CompactText.h"

#include <QString>
#include <QStringView>
#include <QUtf8StringView>
#include <QUuid>

// metadata.uid. Apiservers write it as a canonical lowercase UUID, which is held here in 16
// bytes inline instead of a 96-byte heap string (about 8 MB over 100,000 pods); any other text
// is kept as it came, so the value always reads back exactly as the server sent it.
class ObjectUid
{
public:
    ObjectUid() = default;
    explicit ObjectUid(QStringView text);
    explicit ObjectUid(QUtf8StringView text);

    bool isEmpty() const { return m_uuid.isNull() && !m_text; }
    QString toString() const;

    friend bool operator==(const ObjectUid &a, const ObjectUid &b)
    {
        return a.m_uuid == b.m_uuid && a.m_text == b.m_text;
    }
    friend bool operator!=(const ObjectUid &a, const ObjectUid &b) { return !(a == b); }

private:
    template <typename Text> void assign(Text text);

    QUuid m_uuid;        // null unless the uid is a canonical lowercase UUID
    FallbackText m_text; // any other non-empty uid; shared by copies
};
