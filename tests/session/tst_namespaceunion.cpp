// Several clusters' namespaces read as one, as the window's namespace picker lists them.
#include "core/session/NamespaceUnion.h"

#include <QTest>

class TestNamespaceUnion : public QObject
{
    Q_OBJECT

private:
    QList<NamespaceUnion::Cluster> m_clusters;

private slots:
    void init()
    {
        // alpha and beta share default and kube-system; shop is alpha's alone, ci beta's and
        // gamma's.
        m_clusters = {{"alpha", {"shop", "default", "kube-system"}},
                      {"beta", {"ci", "default", "kube-system"}},
                      {"gamma", {"default", "ci"}}};
    }

    void shouldListEveryClustersNamespacesOnceSorted()
    {
        // When the clusters' namespaces are read as one
        // Then each is listed once, sorted
        QCOMPARE(NamespaceUnion(m_clusters).names(),
                 QStringList({"ci", "default", "kube-system", "shop"}));
    }

    void shouldNameTheClustersOfEachNamespaceNotEveryClusterHas()
    {
        // When the partial namespaces are read
        const QHash<QString, QStringList> partial = NamespaceUnion(m_clusters).partial();
        // Then each names the clusters that have it, in the clusters' order; default, which
        // every cluster has, is not among them
        const QHash<QString, QStringList> expected = {
            {"shop", {"alpha"}}, {"ci", {"beta", "gamma"}}, {"kube-system", {"alpha", "beta"}}};
        QCOMPARE(partial, expected);
    }

    void shouldCallEveryNamespacePartialWhileAClusterHasListedNone()
    {
        // Given gamma's namespaces not listed yet
        m_clusters[2].namespaces.clear();
        // When the partial namespaces are read
        const QHash<QString, QStringList> partial = NamespaceUnion(m_clusters).partial();
        // Then every namespace is partial, default with alpha and beta
        QCOMPARE(partial.size(), 4);
        QCOMPARE(partial.value("default"), QStringList({"alpha", "beta"}));
        QCOMPARE(partial.value("ci"), QStringList{"beta"});
    }

    void shouldFindNoPartialNamespaceOnOneCluster()
    {
        // Given alpha alone
        m_clusters = m_clusters.mid(0, 1);
        // Then its namespaces are all listed, and none is partial
        QCOMPARE(NamespaceUnion(m_clusters).names(),
                 QStringList({"default", "kube-system", "shop"}));
        QVERIFY(NamespaceUnion(m_clusters).partial().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestNamespaceUnion)
#include "tst_namespaceunion.moc"
