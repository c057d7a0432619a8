#include "core/net/CredentialProvider.h"
#include "core/net/RestCall.h"
#include "core/net/RestClient.h"

#include "tests/core/SimHarness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace {
// Hands out a wrong token first and the right one after invalidate().
class RotatingProvider : public CredentialProvider
{
public:
    int fetches = 0;
    int invalidations = 0;
    void fetch(Callback callback) override
    {
        ++fetches;
        Credentials credentials;
        credentials.bearerToken = invalidations == 0 ? "stale" : "s3cret-token";
        callback(credentials, QString());
    }
    void invalidate() override { ++invalidations; }
};

const QString kReviewPath =
    QStringLiteral("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews");

QByteArray reviewBody(const QString &ns)
{
    return QJsonDocument(QJsonObject{{"kind", "SelfSubjectAccessReview"},
                                     {"apiVersion", "authorization.k8s.io/v1"},
                                     {"spec", QJsonObject{{"resourceAttributes",
                                                           QJsonObject{{"namespace", ns},
                                                                       {"verb", "list"},
                                                                       {"resource", "pods"}}}}}})
        .toJson(QJsonDocument::Compact);
}
} // namespace

// RestClient::post(): a JSON body, the same credentials and 401 retry as get().
class TestRestPost : public QObject
{
    Q_OBJECT

private:
    struct Answer
    {
        int status = -1;
        QJsonObject body;
        ApiError error;
    };

    static Answer post(RestClient &client, const QByteArray &body)
    {
        Answer answer;
        std::unique_ptr<RestCall> call(client.post(kReviewPath, body, "application/json"));
        QSignalSpy finished(call.get(), &RestCall::finished);
        if (!finished.wait(10000))
            return answer;
        answer.status = call->error().isNull() ? call->httpStatus() : call->error().httpStatus;
        answer.body = QJsonDocument::fromJson(call->readAll()).object();
        answer.error = call->error();
        return answer;
    }

private slots:
    void shouldPostJsonBodyAndReadTheAnswer()
    {
        // Given a sim where pods may be read only in "default"
        SimConfig config;
        config.forbiddenClusterWide = {QStringLiteral("pods")};
        config.allowedNamespaces = {QStringLiteral("default")};
        SimHarness sim(config);
        QVERIFY2(sim.isRunning(), qPrintable(sim.errorString()));
        RestClient client(sim.restConfig());

        // When reviews are posted for an allowed and a denied namespace
        const Answer allowed = post(client, reviewBody(QStringLiteral("default")));
        const Answer denied = post(client, reviewBody(QStringLiteral("kube-system")));

        // Then the server read the bodies and answered each accordingly
        QCOMPARE(allowed.status, 201);
        QCOMPARE(allowed.body.value("status").toObject().value("allowed").toBool(), true);
        QCOMPARE(denied.status, 201);
        QCOMPARE(denied.body.value("status").toObject().value("allowed").toBool(), false);
        const QJsonArray requests = sim.requests();
        QCOMPARE(requests.size(), 2);
        QCOMPARE(requests.at(0).toObject().value("method").toString(), QStringLiteral("POST"));
    }

    void shouldReportRejectedBodyAsApiError()
    {
        // Given a sim
        SimHarness sim;
        RestClient client(sim.restConfig());

        // When something that is not a review is posted
        const Answer answer = post(client, "{\"kind\":\"Pod\"}");

        // Then the 400 Status reaches the caller as an error
        QCOMPARE(answer.status, 400);
        QVERIFY2(answer.error.message.contains(QStringLiteral("SelfSubjectAccessReview")),
                 qPrintable(answer.error.toString()));
    }

    void shouldRetryPostOnceWithFreshCredentialsAfter401()
    {
        // Given a sim that wants a token the provider hands out only after an invalidation
        SimConfig config;
        config.bearerToken = QStringLiteral("s3cret-token");
        SimHarness sim(config);
        RestConfig rest = sim.restConfig();
        auto provider = std::make_shared<RotatingProvider>();
        rest.credentialProvider = provider;
        RestClient client(rest);

        // When a review is posted
        const Answer answer = post(client, reviewBody(QStringLiteral("default")));

        // Then the 401 was retried once, with the same body, and succeeded
        QCOMPARE(answer.status, 201);
        QCOMPARE(answer.body.value("kind").toString(), QStringLiteral("SelfSubjectAccessReview"));
        QCOMPARE(provider->invalidations, 1);
        QCOMPARE(provider->fetches, 2);
        const QJsonArray requests = sim.requests();
        QCOMPARE(requests.size(), 2);
        QCOMPARE(requests.at(0).toObject().value("status").toInt(), 401);
        QCOMPARE(requests.at(1).toObject().value("status").toInt(), 201);
    }
};

QTEST_GUILESS_MAIN(TestRestPost)
#include "tst_restpost.moc"
