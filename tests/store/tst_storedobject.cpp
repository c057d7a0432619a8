#include "core/store/ObjectUid.h"
#include "core/store/ResourceVersion.h"
#include "core/store/StoredObject.h"

#include <QTest>

class TestStoredObject : public QObject
{
    Q_OBJECT

private slots:
    void shouldReadTheNameBackFromTheKey()
    {
        // Given a namespaced and a cluster-scoped object
        StoredObject pod, node;
        pod.setName(QStringLiteral("kube-system"), u"coredns-5d8f7-x2x9q");
        node.setName(QString(), u"worker-1");
        // Then the key and the name read back as the server named them
        QCOMPARE(pod.key, QStringLiteral("kube-system/coredns-5d8f7-x2x9q"));
        QCOMPARE(pod.namespaceName, QStringLiteral("kube-system"));
        QCOMPARE(pod.name(), QStringLiteral("coredns-5d8f7-x2x9q"));
        QCOMPARE(node.key, QStringLiteral("worker-1"));
        QCOMPARE(node.name(), QStringLiteral("worker-1"));
    }

    void shouldReadUidsBackExactly_data()
    {
        QTest::addColumn<QString>("uid");
        QTest::newRow("canonical UUID") << QStringLiteral("05795d3d-8931-600e-97e5-c13477995e62");
        QTest::newRow("upper-case UUID") << QStringLiteral("05795D3D-8931-600E-97E5-C13477995E62");
        QTest::newRow("braced UUID") << QStringLiteral("{05795d3d-8931-600e-97e5-c13477995e62}");
        QTest::newRow("nil UUID") << QStringLiteral("00000000-0000-0000-0000-000000000000");
        QTest::newRow("not a UUID") << QStringLiteral("uid-a");
        QTest::newRow("UUID-sized, not hex")
            << QStringLiteral("05795d3d-8931-600e-97e5-c13477995e6g");
        QTest::newRow("non-ASCII") << QStringLiteral("ünïcode-uid");
        QTest::newRow("empty") << QString();
    }

    void shouldReadUidsBackExactly()
    {
        QFETCH(QString, uid);
        // When a uid is held, from UTF-16 or from the UTF-8 the decoder sees
        const ObjectUid fromText(uid);
        const QByteArray utf8 = uid.toUtf8();
        const ObjectUid fromUtf8(QUtf8StringView(utf8.constData(), utf8.size()));
        // Then it reads back exactly, and equal uids compare equal
        QCOMPARE(fromText.toString(), uid);
        QCOMPARE(fromUtf8.toString(), uid);
        QVERIFY(fromText == fromUtf8);
        QCOMPARE(fromText.isEmpty(), uid.isEmpty());
    }

    void shouldTellDifferentUidsApart()
    {
        const ObjectUid a(QStringLiteral("05795d3d-8931-600e-97e5-c13477995e62"));
        const ObjectUid b(QStringLiteral("05795d3d-8931-600e-97e5-c13477995e63"));
        const ObjectUid upper(QStringLiteral("05795D3D-8931-600E-97E5-C13477995E62"));
        QVERIFY(a != b);
        QVERIFY(a != upper); // uids are compared as the text the server sent
        QVERIFY(a != ObjectUid());
    }

    void shouldReadResourceVersionsBackExactly_data()
    {
        QTest::addColumn<QString>("resourceVersion");
        QTest::newRow("etcd revision") << QStringLiteral("123456789");
        QTest::newRow("zero") << QStringLiteral("0");
        QTest::newRow("largest held inline") << QStringLiteral("9999999999999999999");
        QTest::newRow("too long for 64 bits") << QStringLiteral("18446744073709551616");
        QTest::newRow("leading zero") << QStringLiteral("0123");
        QTest::newRow("signed") << QStringLiteral("+5");
        QTest::newRow("not a number") << QStringLiteral("rv-7a");
        QTest::newRow("non-ASCII digits") << QStringLiteral("١٢٣");
        QTest::newRow("empty") << QString();
    }

    void shouldReadResourceVersionsBackExactly()
    {
        QFETCH(QString, resourceVersion);
        // When a resourceVersion is held, from UTF-16 or from the UTF-8 the decoder sees
        const ResourceVersion fromText(resourceVersion);
        const QByteArray utf8 = resourceVersion.toUtf8();
        const ResourceVersion fromUtf8(QUtf8StringView(utf8.constData(), utf8.size()));
        // Then it reads back exactly as the server wrote it, and equal ones compare equal
        QCOMPARE(fromText.toString(), resourceVersion);
        QCOMPARE(fromUtf8.toString(), resourceVersion);
        QVERIFY(fromText == fromUtf8);
        QCOMPARE(fromText.isEmpty(), resourceVersion.isEmpty());
    }

    void shouldCompareResourceVersionsAsTheTextTheServerSent()
    {
        const ResourceVersion seven(QStringLiteral("7"));
        QVERIFY(seven == ResourceVersion(QStringLiteral("7")));
        QVERIFY(seven != ResourceVersion(QStringLiteral("8")));
        QVERIFY(seven != ResourceVersion(QStringLiteral("07"))); // opaque: not compared as numbers
        QVERIFY(seven != ResourceVersion());
        QVERIFY(ResourceVersion(QStringLiteral("0")) != ResourceVersion());
        QVERIFY(ResourceVersion(QStringLiteral("a")) != ResourceVersion(QStringLiteral("b")));
    }

    void shouldHoldTableCellsOnlyWhenThereAreSome()
    {
        // Given an object of a plain list, and a Table row with cells
        const TableCells none;
        const TableCells row(QVariantList{QStringLiteral("web-1"), qint64(3), true});
        // Then the first has none, and the second reads its cells back in order
        QVERIFY(none.isEmpty());
        QCOMPARE(none.size(), 0);
        QVERIFY(none.begin() == none.end());
        QVERIFY(none.list().isEmpty());
        QVERIFY(TableCells(QVariantList()) == none); // an empty row holds nothing either
        QCOMPARE(row.size(), 3);
        QCOMPARE(row.at(0).toString(), QStringLiteral("web-1"));
        QCOMPARE(row.at(1).toLongLong(), qint64(3));
        QCOMPARE(QVariantList(row.begin(), row.end()), row.list());
        // And copies share the cells, while equal cells held apart still compare equal
        const TableCells copy = row;
        QCOMPARE(copy.list().constData(), row.list().constData());
        QVERIFY(copy == TableCells(QVariantList{QStringLiteral("web-1"), qint64(3), true}));
        QVERIFY(row != none);
    }

    void shouldStayWithinTheMallocSizeClassOfAShareableRecord()
    {
        // A record lives in a std::make_shared block (its reference counts take 16 bytes on a
        // 64-bit platform) and malloc adds 8 and rounds up to 16. At 136 bytes the block is 152
        // and takes a 160-byte chunk; one pointer more, and every object takes 176.
        if (sizeof(void *) != 8)
            QSKIP("the size classes are those of a 64-bit platform");
        QVERIFY2(sizeof(StoredObject) <= 136, QByteArray::number(qulonglong(sizeof(StoredObject))));
    }
};

QTEST_GUILESS_MAIN(TestStoredObject)
#include "tst_storedobject.moc"
