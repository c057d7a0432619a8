// The kubeglass-sim executable: its first stdout line, --help, flags and a clean exit on a stop
// request (SIGTERM, Ctrl+Break).
#include "tests/core/StopSignalSender.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTest>
#include <QTimer>

class TestSimExe : public QObject
{
    Q_OBJECT

private slots:
    void shouldPrintListeningUrlThenServe();
    void shouldExitCleanlyOnStopRequest();
    void shouldPrintHelp();
    void shouldRejectBadArguments();

private:
    // Starts the simulator with args and returns the URL from its first stdout line.
    QUrl start(QProcess &process, const QStringList &args);
    int get(const QUrl &url, QByteArray *body = nullptr);
};

QUrl TestSimExe::start(QProcess &process, const QStringList &args)
{
    StopSignalSender::prepare(process);
    process.start(QStringLiteral(KUBEGLASS_SIM_EXE), args);
    if (!process.waitForStarted(10000))
        return {};
    while (!process.canReadLine() && process.waitForReadyRead(20000)) {
    }
    const QString line = QString::fromUtf8(process.readLine()).trimmed();
    if (!line.startsWith(QLatin1String("kubeglass-sim listening on http://127.0.0.1:")))
        return {};
    return QUrl(line.section(' ', -1));
}

int TestSimExe::get(const QUrl &url, QByteArray *body)
{
    QNetworkAccessManager manager;
    QNetworkReply *reply = manager.get(QNetworkRequest(url));
    QEventLoop loop;
    connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    loop.exec();
    if (body)
        *body = reply->readAll();
    reply->deleteLater();
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
}

void TestSimExe::shouldPrintListeningUrlThenServe()
{
    // Given the simulator started with cluster-shape flags
    QProcess sim;
    const QUrl url = start(sim, {"--port", "0", "--pods", "7", "--namespaces", "2", "--seed", "9",
                                 "--fault", "fail?count=1&code=429"});
    QVERIFY(url.isValid());
    // Then the startup fault applies first, then the pods are served
    QCOMPARE(get(url.resolved(QUrl("/api/v1/pods"))), 429);
    QByteArray body;
    QCOMPARE(get(url.resolved(QUrl("/api/v1/pods")), &body), 200);
    QCOMPARE(QJsonDocument::fromJson(body).object().value("items").toArray().size(), 7);
    sim.kill();
    QVERIFY(sim.waitForFinished(10000));
}

void TestSimExe::shouldExitCleanlyOnStopRequest()
{
    if (const QString reason = StopSignalSender::unsupportedReason(); !reason.isEmpty())
        QSKIP(qPrintable(reason));
    // Given a running simulator
    QProcess sim;
    QVERIFY(start(sim, {"--pods", "1"}).isValid());
    // When it is asked to stop
    QVERIFY(StopSignalSender::send(sim));
    // Then it exits normally with status 0
    QVERIFY(sim.waitForFinished(10000));
    QCOMPARE(sim.exitStatus(), QProcess::NormalExit);
    QCOMPARE(sim.exitCode(), 0);
}

void TestSimExe::shouldPrintHelp()
{
    QProcess sim;
    sim.start(QStringLiteral(KUBEGLASS_SIM_EXE), {"--help"});
    QVERIFY(sim.waitForFinished(10000));
    const QString help = QString::fromUtf8(sim.readAllStandardOutput());
    for (const char *flag : {"--port", "--pods", "--churn", "--seed", "--managed-fields",
                             "--bookmark-interval", "--history", "--fault", "--tls-generate",
                             "--token", "--client-cert-auth", "--forbid-cluster-wide"})
        QVERIFY2(help.contains(QLatin1String(flag)), flag);
}

void TestSimExe::shouldRejectBadArguments()
{
    // When a number flag is not a number, Then the simulator refuses to start
    QProcess sim;
    sim.start(QStringLiteral(KUBEGLASS_SIM_EXE), {"--pods", "lots"});
    QVERIFY(sim.waitForFinished(10000));
    QCOMPARE(sim.exitCode(), 2);
    QVERIFY(sim.readAllStandardError().contains("--pods"));
}

QTEST_MAIN(TestSimExe)
#include "tst_simexe.moc"
