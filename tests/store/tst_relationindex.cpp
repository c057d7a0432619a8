#include "core/store/ObjectStore.h"

#include <QRandomGenerator>
#include <QTest>

// The store's relation index (owner uid -> keys, node -> pod keys) under every way the store
// changes: upserts, removals, relists, previews and Table columns that move.
class TestRelationIndex : public QObject
{
    Q_OBJECT

private:
    // A pod row as a metadata-only Table watch holds it: ownerReferences in raw, node in a cell.
    static StoredObjectPtr row(const QString &name, const QString &owner, const QString &node,
                               const QString &rv = QStringLiteral("1"))
    {
        auto record = std::make_shared<StoredObject>();
        record->setName(QStringLiteral("ns"), name);
        record->resourceVersion = ResourceVersion(rv);
        record->uid = ObjectUid(QStringLiteral("uid-") + name);
        const QString owners =
            owner.isEmpty()
                ? QString()
                : QStringLiteral(R"(,"ownerReferences":[{"kind":"ReplicaSet","name":"%1",)"
                                 R"("uid":"%1","controller":true}])")
                      .arg(owner);
        record->raw = QStringLiteral(R"({"kind":"PartialObjectMetadata","metadata":{"name":"%1",)"
                                     R"("namespace":"ns"%2}})")
                          .arg(name, owners)
                          .toUtf8();
        record->cells = TableCells(
            QList<QVariant>{name, QStringLiteral("Running"), node.isEmpty() ? "<none>" : node});
        return record;
    }
    // A pod as a plain watch holds it: the node in spec.nodeName, no cells.
    static StoredObjectPtr whole(const QString &name, const QString &node)
    {
        auto record = std::make_shared<StoredObject>();
        record->setName(QStringLiteral("ns"), name);
        record->resourceVersion = ResourceVersion(QStringLiteral("1"));
        record->raw = QStringLiteral(R"({"kind":"Pod","metadata":{"name":"%1"},)"
                                     R"("spec":{"nodeName":"%2"}})")
                          .arg(name, node)
                          .toUtf8();
        return record;
    }
    static TableColumn column(const char *name)
    {
        TableColumn column;
        column.name = QLatin1String(name);
        return column;
    }
    static QList<TableColumn> columns()
    {
        return {column("Name"), column("Status"), column("Node")};
    }
    static QSet<QString> keys(std::initializer_list<const char *> names)
    {
        QSet<QString> out;
        for (const char *name : names)
            out.insert(QStringLiteral("ns/") + QLatin1String(name));
        return out;
    }
    const RelationIndex &index() const { return *m_store->relations(); }

    std::unique_ptr<ObjectStore> m_store;

private slots:
    void init()
    {
        m_store = std::make_unique<ObjectStore>();
        m_store->setColumns(columns());
        m_store->indexRelations();
    }

    void shouldListPodsOnTheirNodeAndUnderTheirOwner()
    {
        // Given pods on two nodes, two of them owned by rs-a, one not yet scheduled
        m_store->upsert(row("p1", "rs-a", "node-1"));
        m_store->upsert(row("p2", "rs-a", "node-2"));
        m_store->upsert(row("p3", "", "node-1"));
        m_store->upsert(row("p4", "rs-b", ""));
        // Then each node lists its pods, each owner its children, "<none>" is no node
        QCOMPARE(index().onNode("node-1"), keys({"p1", "p3"}));
        QCOMPARE(index().onNode("node-2"), keys({"p2"}));
        QCOMPARE(index().onNode("<none>"), QSet<QString>());
        QCOMPARE(index().ownedBy("rs-a"), keys({"p1", "p2"}));
        QCOMPARE(index().ownedBy("rs-b"), keys({"p4"}));
    }

    void shouldMovePodToNewNodeWhenItsNodeChanges()
    {
        // Given a pending pod
        m_store->upsert(row("p1", "rs-a", ""));
        QVERIFY(index().onNode("node-1").isEmpty());
        // When it is scheduled, then moved (a new version under the same key)
        m_store->upsert(row("p1", "rs-a", "node-1", "2"));
        QCOMPARE(index().onNode("node-1"), keys({"p1"}));
        m_store->upsert(row("p1", "rs-a", "node-2", "3"));
        // Then it is on the new node only
        QVERIFY(index().onNode("node-1").isEmpty());
        QCOMPARE(index().onNode("node-2"), keys({"p1"}));
    }

    void shouldMoveChildToNewOwnerWhenItsOwnerReferenceChanges()
    {
        // Given a pod owned by rs-a
        m_store->upsert(row("p1", "rs-a", "node-1"));
        // When it is orphaned, then adopted by rs-b
        m_store->upsert(row("p1", "", "node-1", "2"));
        QVERIFY(index().ownedBy("rs-a").isEmpty());
        m_store->upsert(row("p1", "rs-b", "node-1", "3"));
        // Then only rs-b owns it
        QVERIFY(index().ownedBy("rs-a").isEmpty());
        QCOMPARE(index().ownedBy("rs-b"), keys({"p1"}));
    }

    void shouldHoldTheKeyOfTheVersionStoredNotOfTheOneItReplaced()
    {
        // Given a pod indexed
        m_store->upsert(row("p1", "rs-a", "node-1"));
        // When a new version, with its own key string, replaces it without moving it
        const StoredObjectPtr next = row("p1", "rs-a", "node-1", "2");
        m_store->upsert(next);
        // Then the index holds the new version's key string: the old one is freed with its
        // object, not kept alive by the index for as long as the pod lives
        QCOMPARE(index().onNode("node-1").begin()->constData(), next->key.constData());
        QCOMPARE(index().ownedBy("rs-a").begin()->constData(), next->key.constData());
    }

    void shouldLeaveACopyOfASetAsItWasWhenTheIndexTakesANewKeyString()
    {
        // Given a pod indexed, and a copy of its node's set kept (as an answer may keep one)
        const StoredObjectPtr first = row("p1", "rs-a", "node-1");
        m_store->upsert(first);
        const QSet<QString> kept = index().onNode("node-1");
        // When a new version, with its own key string, replaces it without moving it
        const StoredObjectPtr next = row("p1", "rs-a", "node-1", "2");
        m_store->upsert(next);
        // Then the index holds the new string, and the copy still the one it was taken with: the
        // index never writes into a set it shares
        QCOMPARE(index().onNode("node-1").begin()->constData(), next->key.constData());
        QCOMPARE(kept.begin()->constData(), first->key.constData());
    }

    void shouldForgetRemovedObjects()
    {
        // Given two pods of one owner on one node
        m_store->upsert(row("p1", "rs-a", "node-1"));
        m_store->upsert(row("p2", "rs-a", "node-1"));
        // When one is deleted, and a missing key is removed too
        m_store->remove("ns/p1");
        m_store->remove("ns/missing");
        // Then only the other is left
        QCOMPARE(index().onNode("node-1"), keys({"p2"}));
        QCOMPARE(index().ownedBy("rs-a"), keys({"p2"}));
    }

    void shouldDropWhatARelistLeftOutAndMoveWhatItChanged()
    {
        // Given three pods from a first list
        m_store->replace(
            {row("p1", "rs-a", "node-1"), row("p2", "rs-a", "node-1"), row("p3", "rs-b", "node-2")},
            "10");
        QCOMPARE(index().onNode("node-1"), keys({"p1", "p2"}));
        // When a relist drops p1, moves p2 to node-2 and keeps p3 as it was
        m_store->replace({row("p2", "rs-a", "node-2", "11"), row("p3", "rs-b", "node-2")}, "11");
        // Then the index is the relist's
        QVERIFY(index().onNode("node-1").isEmpty());
        QCOMPARE(index().onNode("node-2"), keys({"p2", "p3"}));
        QCOMPARE(index().ownedBy("rs-a"), keys({"p2"}));
    }

    void shouldIndexAPreviewedListAndForgetItWhenDropped()
    {
        // Given a first list previewed while it arrives
        m_store->beginPreview();
        std::vector<StoredObjectPtr> page{row("p1", "rs-a", "node-1"), row("p2", "", "node-1")};
        m_store->preview(page);
        QCOMPARE(index().onNode("node-1"), keys({"p1", "p2"}));
        // When the list fails
        m_store->dropPreview();
        // Then nothing of it is left
        QVERIFY(index().onNode("node-1").isEmpty());
        QVERIFY(index().ownedBy("rs-a").isEmpty());
    }

    void shouldIndexObjectsStoredBeforeIndexingStarted()
    {
        // Given a store filled before anyone asked for relations
        m_store = std::make_unique<ObjectStore>();
        m_store->setColumns(columns());
        m_store->replace({row("p1", "rs-a", "node-1"), row("p2", "rs-a", "node-2")}, "5");
        QCOMPARE(m_store->relations(), nullptr);
        // When indexing starts
        m_store->indexRelations();
        // Then the objects already there are in
        QCOMPARE(index().ownedBy("rs-a"), keys({"p1", "p2"}));
        QCOMPARE(index().onNode("node-2"), keys({"p2"}));
    }

    void shouldReadNodesAgainWhenTheNodeColumnMoves()
    {
        // Given pods indexed with the node in the third cell
        m_store->upsert(row("p1", "", "node-1"));
        // When the server's columns change so that the third cell is no longer the node
        m_store->setColumns({column("Name")});
        // Then no node is read from it any more
        QVERIFY(index().onNode("node-1").isEmpty());
    }

    void shouldMoveAPodWhoseOwnerChangedWhileTheNodeColumnWasAway()
    {
        // Given a pod indexed under its owner and node
        m_store->upsert(row("p1", "rs-a", "node-1"));
        // When the node column goes, the pod changes owner and node, and the column comes back
        m_store->setColumns({column("Name")});
        m_store->upsert(row("p1", "rs-b", "node-2", "2"));
        QVERIFY(index().onNode("node-2").isEmpty());
        m_store->setColumns(columns());
        // Then it is filed under its new owner and node only, and its removal leaves nothing
        QVERIFY(index().ownedBy("rs-a").isEmpty());
        QCOMPARE(index().ownedBy("rs-b"), keys({"p1"}));
        QVERIFY(index().onNode("node-1").isEmpty());
        QCOMPARE(index().onNode("node-2"), keys({"p1"}));
        m_store->remove("ns/p1");
        QVERIFY(index().ownedBy("rs-b").isEmpty());
        QVERIFY(index().onNode("node-2").isEmpty());
    }

    void shouldReadTheNodeFromSpecWhenRowsAreWhole()
    {
        // Given a store of whole pods (a plain watch: no columns)
        m_store = std::make_unique<ObjectStore>();
        m_store->indexRelations();
        // When pods arrive
        m_store->upsert(whole("p1", "node-7"));
        // Then their spec.nodeName places them
        QCOMPARE(index().onNode("node-7"), keys({"p1"}));
    }

    void shouldEqualAFullScanAfterRandomChurn()
    {
        // Given random upserts, moves, re-owning, removals and relists over 300 keys
        QRandomGenerator random(32);
        const auto pick = [&random](const char *prefix, int count) {
            const int n = int(random.bounded(count + 1));
            return n == count ? QString() : QLatin1String(prefix) + QString::number(n);
        };
        for (int step = 0; step < 5000; ++step) {
            const QString name = QStringLiteral("p") + QString::number(random.bounded(300));
            const int what = int(random.bounded(100));
            if (what < 70) {
                m_store->upsert(
                    row(name, pick("rs-", 8), pick("node-", 12), QString::number(step)));
            } else if (what < 99) {
                m_store->remove("ns/" + name);
            } else {
                QList<StoredObjectPtr> list = m_store->objects();
                list.removeIf(
                    [&random](const StoredObjectPtr &) { return random.bounded(10) == 0; });
                m_store->replace(list, QString::number(step));
            }
        }
        // Then the index says what a pass over every object says
        QHash<QString, QSet<QString>> byNode;
        QHash<QString, QSet<QString>> byOwner;
        for (const StoredObjectPtr &object : m_store->objects()) {
            const QString node = object->cells.at(2).toString();
            if (node != u"<none>")
                byNode[node].insert(object->key);
            const int at = int(object->raw.indexOf("\"uid\":\""));
            if (at >= 0) {
                const int from = at + 7;
                byOwner[object->raw.mid(from, object->raw.indexOf('"', from) - from)].insert(
                    object->key);
            }
        }
        QVERIFY2(m_store->size() > 50, qPrintable(QString::number(m_store->size())));
        for (int n = 0; n < 12; ++n) {
            const QString node = QStringLiteral("node-") + QString::number(n);
            QCOMPARE(index().onNode(node), byNode.value(node));
        }
        for (int n = 0; n < 8; ++n) {
            const QString owner = QStringLiteral("rs-") + QString::number(n);
            QCOMPARE(index().ownedBy(owner), byOwner.value(owner));
        }
    }
};

QTEST_GUILESS_MAIN(TestRelationIndex)
#include "tst_relationindex.moc"
