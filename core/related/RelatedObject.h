#pragma once

#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

// One object related to the selected one, as plain values handed from the network thread.
struct RelatedObject
{
    // The groups of the Related tab, in the order they are shown.
    enum class Relation
    {
        OwnedBy,
        Owns,
        Node,
        PodsOnNode,
        SelectedPods,
        SelectedBy,
        Uses
    };

    Relation relation = Relation::OwnedBy;
    QString kind;          // "ReplicaSet"
    QString namespaceName; // empty for cluster-scoped kinds
    QString name;
    QString status; // in words, as the Problems view says it; empty when unknown

    // Unique within one result: an object may appear under two relations.
    QString key() const
    {
        return QString::number(int(relation)) + u'|' + kind + u'|' + namespaceName + u'/' + name;
    }
};

// What one round of queries found about the selected object.
struct RelatedResult
{
    QList<RelatedObject> objects;
    // Relations whose query was refused (403), with what was refused: "list pods".
    QList<std::pair<RelatedObject::Relation, QString>> notPermitted;
};

Q_DECLARE_METATYPE(RelatedResult)
