#include "core/store/ObjectUid.h"
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
};

QTEST_GUILESS_MAIN(TestStoredObject)
#include "tst_storedobject.moc"
