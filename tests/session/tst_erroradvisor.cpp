// The window's error-to-hint policy, rule by rule.
#include "core/net/ApiError.h"
#include "core/session/ErrorAdvisor.h"

#include <QTest>

class TestErrorAdvisor : public QObject
{
    Q_OBJECT

private:
    ErrorAdvisor::Situation m_situation;

    static ApiError errorWithStatus(int status)
    {
        ApiError error;
        error.httpStatus = status;
        error.message = QStringLiteral("refused");
        return error;
    }

private slots:
    void init()
    {
        m_situation = {};
        m_situation.server = QStringLiteral("https://cluster.example:6443");
        m_situation.resource = QStringLiteral("deployments");
        m_situation.groupVersion = QStringLiteral("apps/v1");
        m_situation.tableRequested = true;
    }

    void shouldFallBackToBuiltInColumnsSilentlyWhenTableIsRefused()
    {
        // Given a watch that asked for Table output
        // When the server answers 406
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(406), m_situation);

        // Then the window watches again with its own columns and shows nothing
        QCOMPARE(advice.action, ErrorAdvice::Action::FallBackToBuiltInColumns);
        QVERIFY(advice.hint.isEmpty());
    }

    void shouldNameTheServerWhenItCannotBeReached()
    {
        // When the connection itself fails (no HTTP status)
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(0), m_situation);

        // Then the hint names the address and promises a retry
        QVERIFY(advice.hint.startsWith("Cannot reach https://cluster.example:6443."));
        QVERIFY(advice.hint.contains("retries automatically"));
        QCOMPARE(advice.action, ErrorAdvice::Action::None);
    }

    void shouldAskForFreshCredentialsOn401()
    {
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(401), m_situation);
        QVERIFY(advice.hint.contains("did not accept your credentials"));
        QCOMPARE(advice.action, ErrorAdvice::Action::None);
    }

    void shouldNameTheResourceOn403()
    {
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(403), m_situation);
        QVERIFY(advice.hint.startsWith("You may not list or watch deployments here."));
    }

    void shouldRecheckResourceTypesOn404()
    {
        // When the resource is not served
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(404), m_situation);

        // Then discovery is asked again, and the hint says so with the group version
        QCOMPARE(advice.action, ErrorAdvice::Action::RecheckResourceTypes);
        QVERIFY(advice.hint.contains("does not serve deployments (apps/v1)"));
    }

    void shouldPointAtTheSelectorOn400WithALabelSelector()
    {
        // Given a label selector
        m_situation.labelSelectorSet = true;

        // When the server answers 400
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(400), m_situation);

        // Then the hint is about its syntax
        QVERIFY(advice.hint.startsWith("Check the label selector syntax"));
    }

    void shouldPointAtTheFieldSelectorOn400WithAFieldSelector()
    {
        // Given a field selector (spec.nodeName=... left on while deployments are shown)
        m_situation.fieldSelectorSet = true;

        // When the server answers 400
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(400), m_situation);

        // Then the hint says the kind may not be selected by that field
        QVERIFY2(advice.hint.startsWith("Check the field selector"), qPrintable(advice.hint));
        QVERIFY(advice.hint.contains("deployments"));
    }

    void shouldPromiseRetryForOtherErrors()
    {
        // Given no label selector, a 400 is like any other error
        for (int status : {400, 410, 500, 503}) {
            const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(status), m_situation);
            QVERIFY2(advice.hint.contains("press F5"), qPrintable(QString::number(status)));
            QCOMPARE(advice.action, ErrorAdvice::Action::None);
        }
    }

    void shouldNotFallBackOn406WithoutTableRequest()
    {
        // Given a watch with the built-in columns already
        m_situation.tableRequested = false;
        const ErrorAdvice advice = ErrorAdvisor::advise(errorWithStatus(406), m_situation);
        QCOMPARE(advice.action, ErrorAdvice::Action::None);
        QVERIFY(!advice.hint.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestErrorAdvisor)
#include "tst_erroradvisor.moc"
