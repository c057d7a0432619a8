#include "core/store/ObjectIndex.h"

#include <QTest>

#include <algorithm>

class TestObjectIndex : public QObject
{
    Q_OBJECT

private:
    static StoredObjectPtr object(const QString &ns, const QString &name, const QString &rv)
    {
        auto record = std::make_shared<StoredObject>();
        record->setName(ns, name);
        record->resourceVersion = ResourceVersion(rv);
        return record;
    }

    ObjectIndex m_index;

private slots:
    void init() { m_index = ObjectIndex(); }

    void shouldFindObjectsByTheKeyTheyHold()
    {
        // Given two objects of the same name in two namespaces
        const StoredObjectPtr a = object("ns1", "web", "1");
        const StoredObjectPtr b = object("ns2", "web", "2");
        // When both are put in
        QVERIFY(!m_index.insert(a));
        QVERIFY(!m_index.insert(b));
        // Then each is found by its own key, and nothing by another
        QCOMPARE(m_index.size(), 2);
        QCOMPARE(m_index.value(QStringLiteral("ns1/web")), a);
        QCOMPARE(m_index.value(QStringLiteral("ns2/web")), b);
        QVERIFY(m_index.contains(QStringLiteral("ns2/web")));
        QVERIFY(!m_index.contains(QStringLiteral("web")));
        QVERIFY(!m_index.value(QStringLiteral("ns3/web")));
    }

    void shouldReplaceAnObjectByANewVersionUnderTheSameKey()
    {
        // Given an object
        const StoredObjectPtr old = object("ns", "web", "1");
        m_index.insert(old);
        // When a new version of it is put in
        const StoredObjectPtr newer = object("ns", "web", "2");
        // Then the old one is handed back and the new one is found, once
        QCOMPARE(m_index.insert(newer), old);
        QCOMPARE(m_index.size(), 1);
        QCOMPARE(m_index.value(QStringLiteral("ns/web")), newer);
    }

    void shouldTakeObjectsOutByKey()
    {
        // Given three objects
        for (const char *name : {"a", "b", "c"})
            m_index.insert(object("ns", name, "1"));
        // When one is taken out, and a missing key too
        const StoredObjectPtr taken = m_index.take(QStringLiteral("ns/b"));
        // Then the taken one comes back, the others stay, and a missing key takes nothing
        QVERIFY(taken);
        QCOMPARE(taken->key, QStringLiteral("ns/b"));
        QVERIFY(!m_index.take(QStringLiteral("ns/b")));
        QStringList keys = m_index.keys();
        keys.sort();
        QCOMPARE(keys, (QStringList{"ns/a", "ns/c"}));
        int visited = 0;
        m_index.forEach([&visited](const StoredObjectPtr &object) {
            QVERIFY(object->key != QStringLiteral("ns/b"));
            ++visited;
        });
        QCOMPARE(visited, 2);
    }

    void shouldHandOutEveryObjectAndEmptyOnClear()
    {
        // Given three objects, one of them replaced by a newer version
        for (const char *name : {"a", "b", "c"})
            m_index.insert(object("ns", name, "1"));
        const StoredObjectPtr newer = object("ns", "b", "2");
        m_index.insert(newer);
        // When all of them are asked for
        const QList<StoredObjectPtr> values = m_index.values();
        // Then each key comes once, with its latest version
        QCOMPARE(values.size(), 3);
        QStringList keys;
        for (const StoredObjectPtr &value : values)
            keys.append(value->key);
        keys.sort();
        QCOMPARE(keys, QStringList({"ns/a", "ns/b", "ns/c"}));
        QVERIFY(values.contains(newer));
        // And when the index is cleared, nothing is left to find
        m_index.clear();
        QVERIFY(m_index.isEmpty());
        QVERIFY(!m_index.contains(QStringLiteral("ns/a")));
        QVERIFY(m_index.values().isEmpty());
    }

    void shouldStayConsistentThroughManyInsertionsAndRemovals()
    {
        // Given 10,000 objects put in (the set grows and rehashes on the way)
        for (int i = 0; i < 10000; ++i)
            m_index.insert(object("ns", QString::number(i), "1"));
        // When every other one is taken out
        for (int i = 0; i < 10000; i += 2)
            QVERIFY(m_index.take(QString("ns/%1").arg(i)));
        // Then exactly the odd ones are found
        QCOMPARE(m_index.size(), 5000);
        for (int i = 0; i < 10000; ++i)
            QCOMPARE(m_index.contains(QString("ns/%1").arg(i)), i % 2 == 1);
    }
};

QTEST_GUILESS_MAIN(TestObjectIndex)
#include "tst_objectindex.moc"
