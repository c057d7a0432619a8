#include "bench/support/DecodeBenchmarkSetup.h"

#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>

#include <cstdio>

DecodeBenchmarkSetup DecodeBenchmarkSetup::fromArguments(const QCoreApplication &app,
                                                         int defaultPods, const QString &roundsHelp,
                                                         int defaultRounds)
{
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption podsOption(QStringLiteral("pods"), QStringLiteral("Pods."),
                                        QStringLiteral("n"), QString::number(defaultPods));
    const QCommandLineOption roundsOption(QStringLiteral("rounds"), roundsHelp, QStringLiteral("n"),
                                          QString::number(defaultRounds));
    parser.addOptions({podsOption, roundsOption});
    parser.process(app);
    DecodeBenchmarkSetup setup;
    setup.pods = parser.value(podsOption).toInt();
    setup.rounds = qMax(1, parser.value(roundsOption).toInt());
    return setup;
}

QByteArray DecodeBenchmarkSetup::fetch(const QString &path, const QString &query) const
{
    SimConfig config;
    config.pods = pods;
    config.churnPerSecond = 0;
    SimServerThread sim;
    QUrl url = sim.start(config);
    if (url.isEmpty()) {
        std::fprintf(stderr, "cannot start the simulator: %s\n", qPrintable(sim.errorString()));
        return {};
    }
    url.setPath(path);
    url.setQuery(query);
    QNetworkAccessManager manager;
    QNetworkReply *reply = manager.get(QNetworkRequest(url));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    QByteArray body = reply->readAll();
    delete reply;
    sim.stop();
    return body;
}
