#include "core/net/RestClient.h"
#include "core/net/RestConfig.h"
#include "core/related/RelatedObjectsFinder.h"

#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <memory>

// The finder's lifetime against its client's: at teardown the RestClient (which deletes the
// calls it made) may go before a finder whose queries are still out.
class TestRelatedObjectsFinder : public QObject
{
    Q_OBJECT

private slots:
    void shouldGoAfterItsClientWithQueriesStillOut()
    {
        // Given a server that takes connections and never answers
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QList<QTcpSocket *> accepted;
        connect(&server, &QTcpServer::newConnection, this, [&] {
            while (QTcpSocket *socket = server.nextPendingConnection())
                accepted.append(socket);
        });
        RestConfig config;
        config.server = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort()));
        auto client = std::make_unique<RestClient>(config);
        auto finder = std::make_unique<RelatedObjectsFinder>(client.get());
        // And a pod's relations being looked for (its node, its owner, the Services)
        finder->find(QStringLiteral("Pod"),
                     R"({"kind":"Pod","metadata":{"name":"web-1","namespace":"default",
                        "uid":"u1","ownerReferences":[{"kind":"ReplicaSet","name":"web",
                        "uid":"u0"}]},"spec":{"nodeName":"node-1"}})");
        QTRY_VERIFY_WITH_TIMEOUT(!accepted.isEmpty(), 10000);
        // When the client goes first, then the finder
        client.reset();
        finder.reset();
        // Then neither touches what the other freed (AddressSanitizer would say so), and the
        // server saw the finder's GETs
        QVERIFY(!accepted.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRelatedObjectsFinder)
#include "tst_relatedobjectsfinder.moc"
