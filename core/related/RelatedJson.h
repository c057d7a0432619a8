#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <utility>

// Reads what the Related tab needs from objects and lists (simdjson): a list of pods can be
// thousands of items.
class RelatedJson
{
public:
    using Labels = QList<std::pair<QString, QString>>;

    struct OwnerRef
    {
        QString kind;
        QString name;
    };
    // A name another object refers to: ("ConfigMap", "app-config").
    struct Reference
    {
        QString kind;
        QString name;
        bool operator==(const Reference &other) const
        {
            return kind == other.kind && name == other.name;
        }
    };
    struct Object
    {
        QString namespaceName;
        QString name;
        QString uid;
        Labels labels;
        QList<OwnerRef> owners;
        QStringList ownerUids;
        // Service: spec.selector; workloads: spec.selector.matchLabels (empty when it has
        // matchExpressions, which a plain label selector string cannot narrow safely).
        Labels selector;
        QString nodeName;        // Pod: spec.nodeName
        QList<Reference> uses;   // Pod: PVCs, ConfigMaps, Secrets (names only), ServiceAccount
        QStringList readyPods;   // EndpointSlice: the pods of its ready endpoints
        QStringList unreadyPods; // EndpointSlice: the pods of the others
        QByteArray raw;          // the object itself, for the health rules
    };

    RelatedJson();
    ~RelatedJson();
    RelatedJson(const RelatedJson &) = delete;
    RelatedJson &operator=(const RelatedJson &) = delete;

    // One object; false when json is not one.
    bool readObject(const QByteArray &json, Object *out);
    // The items of a list body; false when it is not a list.
    bool readList(const QByteArray &json, QList<Object> *out);

    // "k1=v1,k2=v2": kubectl's syntax for a map selector.
    static QString labelSelector(const Labels &selector);
    // A map selector selects the objects carrying all its labels; an empty one selects nothing
    // (a Service without a selector has its endpoints managed by hand).
    static bool selects(const Labels &selector, const Labels &labels);

private:
    struct Parser;
    std::unique_ptr<Parser> m_parser;
};
