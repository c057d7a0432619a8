#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>
#include <QString>

// A parsed labelSelector plus fieldSelector, matched against objects like the apiserver does.
// Labels: =, ==, !=, in (..), notin (..), key (exists), !key. Fields: metadata.name,
// metadata.namespace, for pods status.phase and spec.nodeName, for events involvedObject.*,
// reason, type and source (see SimObject::eventField), with =, ==, !=.
class SimSelector
{
public:
    // Parses both selectors; on error returns false and sets error (for a 400 BadRequest).
    bool parse(const QByteArray &labelSelector, const QByteArray &fieldSelector,
               SimResourceType::Id type, QString *error);
    bool isEmpty() const { return m_requirements.isEmpty(); }
    // Off: events can be selected by metadata fields only, like a server (or aggregated API)
    // without the apiserver's event field set. Call before parse().
    void setEventFieldsSupported(bool supported) { m_eventFields = supported; }
    bool matches(const SimObject &o) const;

private:
    struct Requirement
    {
        enum Op
        {
            Equals,
            NotEquals,
            In,
            NotIn,
            Exists,
            NotExists
        };
        bool field = false;
        QByteArray key;
        Op op = Equals;
        QList<QByteArray> values;
    };

    bool parseLabels(const QByteArray &text, QString *error);
    bool parseFields(const QByteArray &text, SimResourceType::Id type, QString *error);
    static QByteArray fieldValue(const SimObject &o, const QByteArray &field);

    QList<Requirement> m_requirements;
    bool m_eventFields = true;
};
