// The namespace names the picker offers, kept from the namespaces session's deltas.
#include "ui/clusters/NamespaceList.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>

class TestNamespaceList : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<NamespaceList> m_list;

    static StoredObjectPtr namespaceObject(const QString &name)
    {
        auto object = std::make_shared<StoredObject>();
        object->key = name;
        return object;
    }

    static StoreDelta added(const QStringList &names)
    {
        StoreDelta delta;
        for (const QString &name : names)
            delta.added.append(namespaceObject(name));
        return delta;
    }

private slots:
    void init() { m_list = std::make_unique<NamespaceList>(); }

    void shouldOfferNamesSortedAsTheyArrive()
    {
        // When namespaces arrive out of order
        QSignalSpy changed(m_list.get(), &NamespaceList::namesChanged);
        m_list->applyDelta(added({"web", "default", "kube-system"}));

        // Then they are offered sorted, announced once
        QCOMPARE(m_list->names(), QStringList({"default", "kube-system", "web"}));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toStringList(), m_list->names());
    }

    void shouldDropRemovedNamesAndStayQuietOnUpdates()
    {
        // Given two namespaces
        m_list->applyDelta(added({"a", "b"}));
        QSignalSpy changed(m_list.get(), &NamespaceList::namesChanged);

        // When one is updated, nothing is announced
        StoreDelta update;
        update.updated.append(namespaceObject("a"));
        m_list->applyDelta(update);
        QCOMPARE(changed.size(), 0);

        // When one is deleted and another created in the same delta
        StoreDelta swap = added({"c"});
        swap.removed.append("b");
        m_list->applyDelta(swap);

        // Then the list says so once
        QCOMPARE(changed.size(), 1);
        QCOMPARE(m_list->names(), QStringList({"a", "c"}));
    }

    void shouldOfferReadableNamesBesideListedOnesAndKeepThemOnClear()
    {
        // Given listed namespaces
        m_list->applyDelta(added({"b", "c"}));
        QSignalSpy changed(m_list.get(), &NamespaceList::namesChanged);

        // When names known readable arrive, one of them listed too
        m_list->setReadable({"a", "b", ""});

        // Then both are offered once each, sorted, the empty name never
        QCOMPARE(m_list->names(), QStringList({"a", "b", "c"}));
        QCOMPARE(changed.size(), 1);
        // and the same readable names again change nothing
        m_list->setReadable({"b", "a"});
        QCOMPARE(changed.size(), 1);

        // When the namespaces watch starts again, the readable names stay
        m_list->clear();
        QCOMPARE(m_list->names(), QStringList({"a", "b"}));
        QCOMPARE(changed.size(), 2);
    }

    void shouldEmptyOnClear()
    {
        m_list->applyDelta(added({"a"}));
        QSignalSpy changed(m_list.get(), &NamespaceList::namesChanged);
        m_list->clear();
        QCOMPARE(m_list->names(), QStringList());
        QCOMPARE(changed.size(), 1);
        m_list->clear();
        QCOMPARE(changed.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestNamespaceList)
#include "tst_namespacelist.moc"
