#include "core/access/NamespaceAccessFinder.h"
#include "core/net/RestClient.h"

#include "tests/realcluster/RealCluster.h"

#include <QSignalSpy>
#include <QSslCertificate>
#include <QTest>

#include <memory>

// The window's namespace access check (NamespaceAccessFinder) against a real apiserver's RBAC:
// the viewer may get, list and watch pods in one namespace and nothing else.
class TestRealClusterAccess : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<RealCluster> m_cluster;
    std::unique_ptr<RestClient> m_client;
    std::unique_ptr<NamespaceAccessFinder> m_finder;

    static WatchTarget pods()
    {
        WatchTarget target;
        target.version = QStringLiteral("v1");
        target.resource = QStringLiteral("pods");
        target.kind = QStringLiteral("Pod");
        return target;
    }

    void connectAs(const QString &tokenField)
    {
        RestConfig config;
        config.server = QUrl(m_cluster->value("SERVER"));
        config.caCertificates = QSslCertificate::fromPath(m_cluster->value("CA"));
        config.bearerToken = m_cluster->value(tokenField).toUtf8();
        m_client = std::make_unique<RestClient>(config);
        m_finder = std::make_unique<NamespaceAccessFinder>(m_client.get());
    }

    NamespaceAccessResult run(const QString &contextNamespace, const QStringList &handAdded)
    {
        QSignalSpy finished(m_finder.get(), &NamespaceAccessFinder::finished);
        m_finder->start(pods(), contextNamespace, handAdded);
        if (!finished.wait(30000))
            return {};
        return finished.at(0).at(0).value<NamespaceAccessResult>();
    }

private slots:
    void init()
    {
        m_cluster = std::make_unique<RealCluster>();
        QVERIFY2(m_cluster->isValid(), qPrintable(m_cluster->errorString()));
    }
    void cleanup()
    {
        m_finder.reset();
        m_client.reset();
    }

    void shouldAllowOnlyTheViewersNamespaceAndDenyTheOthers()
    {
        // Given the viewer, who may not list namespaces, in a context on its namespace, with
        // the other namespaces added by hand
        connectAs(QStringLiteral("VIEWER_TOKEN"));
        const QString own = m_cluster->value("VIEWER_NAMESPACE");
        const QStringList others = m_cluster->value("OTHER_NAMESPACES").split(QLatin1Char(','));
        // When the finder checks them
        const NamespaceAccessResult result = run(own, others);
        // Then namespaces could not be listed, the viewer's namespace is allowed, and every
        // other one is denied with a reason
        QVERIFY(result.error.isEmpty());
        QVERIFY(!result.namespacesListed);
        QVERIFY2(result.namespaceListError.contains(QLatin1String("403")),
                 qPrintable(result.namespaceListError));
        QCOMPARE(result.allowedNamespaces(), QStringList{own});
        QCOMPARE(result.namespaces.size(), others.size() + 1);
        for (const NamespaceAccess &access : result.namespaces) {
            if (access.namespaceName == own)
                continue;
            QCOMPARE(access.verdict, NamespaceAccess::Verdict::Denied);
            QVERIFY2(!access.reason.isEmpty(), qPrintable(access.namespaceName));
        }
    }

    void shouldAllowEveryListedNamespaceForTheAdmin()
    {
        // Given the admin (system:masters)
        connectAs(QStringLiteral("ADMIN_TOKEN"));
        // When the finder checks
        const NamespaceAccessResult result = run(QStringLiteral("default"), {});
        // Then it listed the namespaces and allows every one, the seeded ones among them
        QVERIFY(result.namespacesListed);
        QCOMPARE(result.allowedNamespaces().size(), result.namespaces.size());
        for (const QString &name : m_cluster->value("OTHER_NAMESPACES").split(QLatin1Char(',')))
            QVERIFY2(result.allowedNamespaces().contains(name), qPrintable(name));
    }
};

QTEST_GUILESS_MAIN(TestRealClusterAccess)
#include "tst_realcluster_access.moc"
