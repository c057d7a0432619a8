#include "core/store/ObjectStore.h"

#include <QSignalSpy>
#include <QTest>

// The store's diffing and batching, as a UI model consumes them.
class TestObjectStore : public QObject
{
    Q_OBJECT

private:
    static StoredObjectPtr object(const QString &ns, const QString &name, const QString &rv,
                                  const QString &uid = QString())
    {
        auto record = std::make_shared<StoredObject>();
        record->setName(ns, name);
        record->resourceVersion = ResourceVersion(rv);
        record->uid = ObjectUid(uid.isEmpty() ? QStringLiteral("uid-") + name : uid);
        return record;
    }
    static QStringList keysOf(const QList<StoredObjectPtr> &objects)
    {
        QStringList keys;
        for (const auto &o : objects)
            keys << o->key;
        keys.sort();
        return keys;
    }

    std::unique_ptr<ObjectStore> m_store;
    std::unique_ptr<QSignalSpy> m_changed;

    StoreDelta takeOnlyDelta()
    {
        m_store->flush();
        if (m_changed->size() != 1)
            return StoreDelta();
        return m_changed->takeFirst().at(0).value<StoreDelta>();
    }

private slots:
    void initTestCase() { qRegisterMetaType<StoreDelta>(); }
    void init()
    {
        m_store = std::make_unique<ObjectStore>();
        m_changed = std::make_unique<QSignalSpy>(m_store.get(), &ObjectStore::changed);
    }

    void shouldEmitOneBatchPerEventLoopTurn()
    {
        // Given three upserts and a remove in one turn
        m_store->upsert(object("a", "1", "1"));
        m_store->upsert(object("a", "2", "2"));
        m_store->upsert(object("b", "3", "3"));
        m_store->remove(QStringLiteral("a/2"));
        QCOMPARE(m_changed->size(), 0); // nothing synchronously
        // When the event loop turns
        QTRY_COMPARE(m_changed->size(), 1);
        // Then one delta: the add+remove cancelled out
        const StoreDelta delta = m_changed->takeFirst().at(0).value<StoreDelta>();
        QCOMPARE(keysOf(delta.added), (QStringList{"a/1", "b/3"}));
        QVERIFY(delta.updated.isEmpty());
        QVERIFY(delta.removed.isEmpty());
        QVERIFY(!delta.replaced);
    }

    void shouldCoalesceChangesOfOneKey()
    {
        m_store->upsert(object("a", "1", "1"));
        m_store->upsert(object("a", "2", "1"));
        takeOnlyDelta();
        // add-then-modify stays an add of the latest; delete-then-add becomes an update
        m_store->upsert(object("a", "3", "1"));
        m_store->upsert(object("a", "3", "2"));
        m_store->remove(QStringLiteral("a/1"));
        m_store->upsert(object("a", "1", "5"));
        m_store->remove(QStringLiteral("a/2"));
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(delta.added.size(), 1);
        QCOMPARE(delta.added.first()->resourceVersion.toString(), QStringLiteral("2"));
        QCOMPARE(keysOf(delta.updated), (QStringList{"a/1"}));
        QCOMPARE(delta.removed, (QStringList{"a/2"}));
    }

    void shouldRemoveRowsMissingFromRelist()
    {
        // Given a synced store
        m_store->replace({object("a", "1", "1"), object("a", "2", "2"), object("b", "3", "3")},
                         "3");
        QCOMPARE(takeOnlyDelta().added.size(), 3);
        // When a relist no longer has a/2 and b/3 changed
        m_store->replace({object("a", "1", "1"), object("b", "3", "9"), object("c", "4", "10")},
                         "10");
        // Then exactly those rows change, flagged as a replace
        const StoreDelta delta = takeOnlyDelta();
        QVERIFY(delta.replaced);
        QCOMPARE(keysOf(delta.added), (QStringList{"c/4"}));
        QCOMPARE(keysOf(delta.updated), (QStringList{"b/3"}));
        QCOMPARE(delta.removed, (QStringList{"a/2"}));
        QCOMPARE(m_store->size(), 3);
        QCOMPARE(m_store->resourceVersion(), QStringLiteral("10"));
    }

    void shouldEmitNothingForUnchangedRelist()
    {
        m_store->replace({object("a", "1", "1"), object("a", "2", "2")}, "2");
        takeOnlyDelta();
        const StoredObjectPtr kept = m_store->get(QStringLiteral("a/1"));
        // When the same objects come again (new record instances)
        m_store->replace({object("a", "1", "1"), object("a", "2", "2")}, "7");
        m_store->flush();
        QCoreApplication::processEvents();
        // Then nothing is emitted and the old records stay
        QCOMPARE(m_changed->size(), 0);
        QCOMPARE(m_store->get(QStringLiteral("a/1")), kept);
    }

    void shouldTreatRecreatedObjectAsUpdate()
    {
        m_store->replace({object("a", "1", "1", "old")}, "1");
        takeOnlyDelta();
        m_store->replace({object("a", "1", "1", "new")}, "2"); // same RV string, new uid
        QCOMPARE(keysOf(takeOnlyDelta().updated), (QStringList{"a/1"}));
    }

    void shouldEmitTheFirstListAsOneBatchInListOrder()
    {
        // Given an empty store, when the first list arrives
        m_store->replace({object("b", "2", "5"), object("a", "1", "6"), object("", "n", "7")}, "7");
        QCOMPARE(m_changed->size(), 0); // nothing synchronously
        // Then one batch adds every object in list order, flagged as a replace
        QTRY_COMPARE(m_changed->size(), 1);
        const StoreDelta delta = m_changed->takeFirst().at(0).value<StoreDelta>();
        QVERIFY(delta.replaced);
        QCOMPARE(delta.added.size(), 3);
        QCOMPARE(delta.added.at(0)->key, QStringLiteral("b/2"));
        QCOMPARE(delta.added.at(1)->key, QStringLiteral("a/1"));
        QCOMPARE(delta.added.at(2)->key, QStringLiteral("n"));
        QCOMPARE(m_store->keysInNamespace(QStringLiteral("a")), (QSet<QString>{"a/1"}));
        QCOMPARE(m_store->resourceVersion(), QStringLiteral("7"));
    }

    void shouldAddAKeyListedTwiceOnceWithItsLastVersion()
    {
        // Given a first list that (wrongly) carries a/1 twice
        m_store->replace({object("a", "1", "1"), object("a", "2", "2"), object("a", "1", "3"),
                          object("a", "3", "4")},
                         "4");
        // Then every key is added once, a/1 with its later version, still in list order
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(delta.added.size(), 3);
        QCOMPARE(delta.added.at(0)->key, QStringLiteral("a/1"));
        QCOMPARE(delta.added.at(0)->resourceVersion.toString(), QStringLiteral("3"));
        QCOMPARE(delta.added.at(1)->key, QStringLiteral("a/2"));
        QCOMPARE(delta.added.at(2)->key, QStringLiteral("a/3"));
        QVERIFY(delta.updated.isEmpty());
        QCOMPARE(m_store->size(), 3);
    }

    void shouldFoldChangesAfterTheFirstListIntoItsBatch()
    {
        // Given a first list not yet emitted
        m_store->replace({object("a", "1", "1"), object("a", "2", "2"), object("a", "3", "3")},
                         "3");
        // When, in the same turn, one object changes, one goes and one is added
        m_store->upsert(object("a", "2", "8"));
        m_store->remove(QStringLiteral("a/3"));
        m_store->upsert(object("a", "4", "9"));
        // Then one batch adds the survivors, a/2 at its latest version, and nothing else
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(keysOf(delta.added), (QStringList{"a/1", "a/2", "a/4"}));
        QCOMPARE(delta.added.at(1)->resourceVersion.toString(), QStringLiteral("8"));
        QVERIFY(delta.updated.isEmpty());
        QVERIFY(delta.removed.isEmpty());
    }

    void shouldCompleteAPreviewedFirstListByAddingOnlyTheRest()
    {
        // Given the first half of a first list previewed, in two pieces
        const std::vector<StoredObjectPtr> list = {object("a", "1", "1"), object("a", "2", "2"),
                                                   object("b", "3", "3"), object("b", "4", "4")};
        m_store->beginPreview();
        std::vector<StoredObjectPtr> first = {list[0]};
        std::vector<StoredObjectPtr> second = {list[1]};
        m_store->preview(first);
        m_store->preview(second);
        const StoreDelta shown = takeOnlyDelta();
        QCOMPARE(keysOf(shown.added), QStringList({"a/1", "a/2"}));
        QVERIFY(shown.initial);
        // When the whole list replaces the store
        m_store->replace(QList<StoredObjectPtr>(list.cbegin(), list.cend()), QStringLiteral("4"));
        // Then only the rest is added, as part of a replace, and the store equals the list
        const StoreDelta rest = takeOnlyDelta();
        QCOMPARE(keysOf(rest.added), QStringList({"b/3", "b/4"}));
        QVERIFY(rest.updated.isEmpty() && rest.removed.isEmpty() && rest.replaced && rest.initial);
        QCOMPARE(m_store->size(), 4);
        QCOMPARE(m_store->resourceVersion(), QStringLiteral("4"));
    }

    void shouldNotMarkTheNextEventAsAReplaceWhenTheWholeListWasPreviewed()
    {
        // Given a first list previewed whole
        const std::vector<StoredObjectPtr> list = {object("a", "1", "1"), object("a", "2", "2")};
        m_store->beginPreview();
        std::vector<StoredObjectPtr> piece = list;
        m_store->preview(piece);
        takeOnlyDelta();
        // When the list completes, adding nothing, and then a watch event changes a pod
        m_store->replace(QList<StoredObjectPtr>(list.cbegin(), list.cend()), QStringLiteral("2"));
        m_store->upsert(object("a", "1", "3"));
        // Then the event's batch is an update, not part of a replace (history would call it a
        // relist's change otherwise)
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(delta.updated.size(), 1);
        QVERIFY(!delta.replaced);
        QVERIFY(!delta.initial);
    }

    void shouldDiffAgainstAPreviewThatIsNotTheListsBeginning()
    {
        // Given a preview of an attempt whose list was then started over (a fallback list)
        m_store->beginPreview();
        std::vector<StoredObjectPtr> attempt = {object("a", "1", "1"), object("a", "gone", "2")};
        m_store->preview(attempt);
        takeOnlyDelta();
        // When the complete list differs from it
        m_store->replace({object("a", "1", "1"), object("a", "3", "3")}, QStringLiteral("3"));
        // Then the store is diffed: the missing object goes, the unchanged one stays put
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(keysOf(delta.added), QStringList({"a/3"}));
        QCOMPARE(delta.removed, QStringList({"a/gone"}));
        QVERIFY(delta.updated.isEmpty());
        QCOMPARE(m_store->size(), 2);
    }

    void shouldDropAPreviewWhenTheListFails()
    {
        // Given a previewed first list
        m_store->beginPreview();
        std::vector<StoredObjectPtr> piece = {object("a", "1", "1"), object("a", "2", "2")};
        m_store->preview(piece);
        takeOnlyDelta();
        // When the list fails
        m_store->dropPreview();
        // Then its objects go
        const StoreDelta delta = takeOnlyDelta();
        QCOMPARE(delta.removed.size(), 2);
        QCOMPARE(m_store->size(), 0);
    }

    void shouldPassTheListsExpectedSizeOnWithTheNextBatchOnly()
    {
        // Given a first list that will hold 1,000 objects, by its server's count
        m_store->beginPreview();
        m_store->expectSize(1000);
        // When its first piece is previewed, then an event follows
        std::vector<StoredObjectPtr> piece = {object("a", "1", "1")};
        m_store->preview(piece);
        const StoreDelta first = takeOnlyDelta();
        m_store->upsert(object("a", "2", "2"));
        const StoreDelta next = takeOnlyDelta();
        // Then the piece's batch says how many to expect, and the next batch says nothing
        QCOMPARE(first.expectedSize, qsizetype(1000));
        QCOMPARE(next.expectedSize, qsizetype(0));
    }

    void shouldNotTrustAnExpectedSizeBeyondItsLimitOrBelowWhatItHolds()
    {
        // Given a store holding two objects
        m_store->upsert(object("a", "1", "1"));
        m_store->upsert(object("a", "2", "2"));
        takeOnlyDelta();
        // When a server's count is beyond any cluster's, and another is below what is held
        m_store->expectSize(ObjectStore::kMaxExpectedSize + 1);
        m_store->expectSize(1);
        m_store->upsert(object("a", "3", "3"));
        // Then the batch expects nothing
        QCOMPARE(takeOnlyDelta().expectedSize, qsizetype(0));
    }

    void shouldIgnoreAPreviewOnceTheStoreWasReplaced()
    {
        // Given a store that holds a complete list
        m_store->replace({object("a", "1", "1")}, QStringLiteral("1"));
        takeOnlyDelta();
        // When a relist would preview, or drop its preview on failure
        m_store->beginPreview();
        std::vector<StoredObjectPtr> piece = {object("a", "2", "2")};
        m_store->preview(piece);
        m_store->dropPreview();
        m_store->flush();
        // Then the old objects stay until the relist's replace
        QCOMPARE(m_changed->size(), 0);
        QCOMPARE(m_store->size(), 1);
    }

    void shouldIndexByNamespace()
    {
        m_store->upsert(object("a", "1", "1"));
        m_store->upsert(object("a", "2", "1"));
        m_store->upsert(object("", "node1", "1"));
        QCOMPARE(m_store->keysInNamespace(QStringLiteral("a")), (QSet<QString>{"a/1", "a/2"}));
        QCOMPARE(m_store->keysInNamespace(QString()), (QSet<QString>{"node1"}));
        m_store->remove(QStringLiteral("a/1"));
        m_store->remove(QStringLiteral("a/2"));
        QVERIFY(m_store->keysInNamespace(QStringLiteral("a")).isEmpty());
    }

    void shouldSignalResyncWithoutChanges()
    {
        QSignalSpy resynced(m_store.get(), &ObjectStore::resynced);
        m_store->resync();
        QCOMPARE(resynced.size(), 1);
        QCOMPARE(m_changed->size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestObjectStore)
#include "tst_objectstore.moc"
