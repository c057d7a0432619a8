// TLS, authentication and the simulated RBAC of the simulated API server.
#include "sim/SimServerThread.h"
#include "sim/SimTls.h"

#include "tests/sim/SimTestClient.h"

#include <QFile>
#include <QSslKey>
#include <QTemporaryDir>
#include <QTest>

class TestSimAuth : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void shouldServeHttpsWithGeneratedCa();
    void shouldAnswerUnauthorizedWithoutCredentials();
    void shouldAcceptBearerToken();
    void shouldAcceptClientCertificateAsItsCommonName();
    void shouldRejectCertificateFromAnotherCa();
    void shouldForbidClusterWideReadsOfChosenResources();
    void shouldAnswerAccessReviewsConsistently();
    void shouldAnswerRulesReviewsConsistently();

private:
    QSslConfiguration clientTls(bool withCertificate) const;
    static QByteArray read(const QString &path);

    QTemporaryDir m_dir;
    SimConfig m_config;
    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};

QByteArray TestSimAuth::read(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestSimAuth::initTestCase()
{
    // Certificates are generated once (openssl) and shared by every test's fresh server.
    QVERIFY(m_dir.isValid());
    QString error;
    QVERIFY2(SimTls::generate(m_dir.filePath("tls"), &m_config, &error), qPrintable(error));
    m_config.pods = 6;
    m_config.bearerToken = QStringLiteral("s3cret");
    m_config.clientCertAuth = true;
    m_config.userName = QStringLiteral("alice");
    m_config.forbiddenClusterWide = {QStringLiteral("pods"), QStringLiteral("secrets")};
    m_config.allowedNamespaces = {QStringLiteral("default")};
}

void TestSimAuth::init()
{
    const QUrl url = m_sim.start(m_config);
    QVERIFY2(url.isValid(), qPrintable(m_sim.errorString()));
    QCOMPARE(url.scheme(), QStringLiteral("https"));
    m_client = std::make_unique<SimTestClient>(url);
    m_client->setTls(clientTls(false));
}

void TestSimAuth::cleanup()
{
    m_client.reset();
    m_sim.stop();
}

QSslConfiguration TestSimAuth::clientTls(bool withCertificate) const
{
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setCaCertificates(QSslCertificate::fromData(read(m_sim.caFile())));
    if (withCertificate) {
        tls.setLocalCertificate(QSslCertificate(read(m_dir.filePath("tls/client.crt"))));
        tls.setPrivateKey(QSslKey(read(m_dir.filePath("tls/client.key")), QSsl::Ec));
    }
    return tls;
}

void TestSimAuth::shouldServeHttpsWithGeneratedCa()
{
    // Given a client trusting only the generated CA, with the token
    m_client->setBearerToken("s3cret");
    // When it asks for the version over https
    const auto reply = m_client->get("/version");
    // Then the handshake verifies and the request is served
    QCOMPARE(reply.error, QNetworkReply::NoError);
    QCOMPARE(reply.status, 200);
    // And a client trusting nothing fails the handshake
    SimTestClient untrusting(m_client->url({}));
    untrusting.setTls(QSslConfiguration::defaultConfiguration());
    QCOMPARE(untrusting.get("/version").error, QNetworkReply::SslHandshakeFailedError);
}

void TestSimAuth::shouldAnswerUnauthorizedWithoutCredentials()
{
    // When a request carries no credentials
    const auto reply = m_client->get("/api/v1/namespaces/default/pods");
    // Then the apiserver's exact 401 Status answers
    QCOMPARE(reply.status, 401);
    QCOMPARE(
        reply.body,
        QByteArray(
            R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Unauthorized","reason":"Unauthorized","code":401})"));
    // And a wrong token is no better
    m_client->setBearerToken("wrong");
    QCOMPARE(m_client->get("/api/v1/namespaces/default/pods").status, 401);
    // While the control API needs no credentials
    QCOMPARE(m_client->get("/_sim/state?resource=pods").status, 200);
}

void TestSimAuth::shouldAcceptBearerToken()
{
    // When the right token is sent
    m_client->setBearerToken("s3cret");
    // Then requests are served
    QCOMPARE(m_client->get("/api/v1/namespaces/default/pods").status, 200);
    QCOMPARE(m_client->get("/api").status, 200);
}

void TestSimAuth::shouldAcceptClientCertificateAsItsCommonName()
{
    // Given a client presenting the generated client certificate
    m_client->setTls(clientTls(true));
    // Then it is authenticated, and 403 messages name its CN
    QCOMPARE(m_client->get("/api/v1/namespaces/default/pods").status, 200);
    const auto denied = m_client->get("/api/v1/namespaces/ns-3/pods");
    QCOMPARE(denied.status, 403);
    QVERIFY(denied.json().value("message").toString().contains("User \"kubeglass-client\""));
}

void TestSimAuth::shouldRejectCertificateFromAnotherCa()
{
    // Given a certificate signed by another CA
    QTemporaryDir other;
    SimConfig otherConfig;
    QString error;
    QVERIFY2(SimTls::generate(other.path(), &otherConfig, &error), qPrintable(error));
    QSslConfiguration tls = clientTls(false);
    tls.setLocalCertificate(QSslCertificate(read(other.filePath("client.crt"))));
    tls.setPrivateKey(QSslKey(read(other.filePath("client.key")), QSsl::Ec));
    m_client->setTls(tls);
    // Then it does not authenticate
    QCOMPARE(m_client->get("/api/v1/namespaces/default/pods").status, 401);
}

void TestSimAuth::shouldForbidClusterWideReadsOfChosenResources()
{
    m_client->setBearerToken("s3cret");
    // When listing and watching pods cluster-wide
    const auto list = m_client->get("/api/v1/pods");
    const auto watch = m_client->get("/api/v1/pods?watch=true");
    // Then both are Forbidden with the apiserver's message
    QCOMPARE(list.status, 403);
    QCOMPARE(
        list.body,
        QByteArray(
            R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods is forbidden: User \"alice\" cannot list resource \"pods\" in API group \"\" at the cluster scope","reason":"Forbidden","details":{"kind":"pods"},"code":403})"));
    QCOMPARE(watch.status, 403);
    QVERIFY(watch.json().value("message").toString().contains("cannot watch resource \"pods\""));
    // And namespaced reads pass only in allowed namespaces
    QCOMPARE(m_client->get("/api/v1/namespaces/default/pods").status, 200);
    const auto other = m_client->get("/api/v1/namespaces/kube-system/secrets");
    QCOMPARE(other.status, 403);
    QVERIFY(other.json().value("message").toString().endsWith("in the namespace \"kube-system\""));
    // And other resources are unaffected
    QCOMPARE(m_client->get("/api/v1/configmaps").status, 200);
}

void TestSimAuth::shouldAnswerAccessReviewsConsistently()
{
    m_client->setBearerToken("s3cret");
    const auto review = [&](const QString &ns, const QString &resource) {
        const QByteArray body =
            QJsonDocument(QJsonObject{{"kind", "SelfSubjectAccessReview"},
                                      {"apiVersion", "authorization.k8s.io/v1"},
                                      {"spec", QJsonObject{{"resourceAttributes",
                                                            QJsonObject{{"namespace", ns},
                                                                        {"verb", "list"},
                                                                        {"resource", resource}}}}}})
                .toJson();
        const auto r =
            m_client->post("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", body);
        return r.status == 201 ? r.json().value("status").toObject().value("allowed").toBool()
                               : false;
    };
    // Then reviews agree with what lists answer
    QVERIFY(!review("", "pods"));
    QVERIFY(review("default", "pods"));
    QVERIFY(!review("ns-3", "secrets"));
    QVERIFY(review("", "configmaps"));
    QCOMPARE(
        m_client->post("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", "junk").status,
        400);
}

void TestSimAuth::shouldAnswerRulesReviewsConsistently()
{
    m_client->setBearerToken("s3cret");
    const auto resources = [&](const QString &ns) {
        const QByteArray body = QJsonDocument(QJsonObject{{"kind", "SelfSubjectRulesReview"},
                                                          {"apiVersion", "authorization.k8s.io/v1"},
                                                          {"spec", QJsonObject{{"namespace", ns}}}})
                                    .toJson();
        const auto r =
            m_client->post("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews", body);
        QStringList out;
        for (const QJsonValue &rule :
             r.json().value("status").toObject().value("resourceRules").toArray())
            for (const QJsonValue &res : rule.toObject().value("resources").toArray())
                out << res.toString();
        return out;
    };
    // Then pods and secrets are readable in default only
    QVERIFY(resources("default").contains("pods"));
    QVERIFY(!resources("ns-3").contains("pods"));
    QVERIFY(!resources("ns-3").contains("secrets"));
    QVERIFY(resources("ns-3").contains("configmaps"));
}

QTEST_MAIN(TestSimAuth)
#include "tst_simauth.moc"
