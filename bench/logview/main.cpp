// bench_logview: the Logs page following one pod that writes N lines/s (default 10,000) for
// S seconds: the longest event-loop stall (the window's worst unresponsive moment), the lines
// shown and the frame batches. Run under a real display or Xvfb; not a test.
#include "core/session/ClusterConnection.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/logs/LogView.h"
#include "ui/logs/LogsPanel.h"

#include "bench/gui/StallMonitor.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <cstdio>

namespace {

StoredObjectPtr firstRunningPod(const QUrl &base)
{
    QNetworkAccessManager manager;
    QNetworkReply *reply = manager.get(QNetworkRequest(base.resolved(QUrl("/api/v1/pods"))));
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray body = reply->readAll();
    delete reply;
    for (const QJsonValue &v : QJsonDocument::fromJson(body).object().value("items").toArray()) {
        const QJsonObject o = v.toObject();
        if (o.value("status").toObject().value("phase").toString() != "Running")
            continue;
        const QJsonObject meta = o.value("metadata").toObject();
        auto pod = std::make_shared<StoredObject>();
        pod->setName(meta.value("namespace").toString(), meta.value("name").toString());
        pod->uid = ObjectUid(meta.value("uid").toString());
        pod->raw = QJsonDocument(o).toJson(QJsonDocument::Compact);
        return pod;
    }
    return nullptr;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const auto option = [&](const QString &name, double fallback) {
        const qsizetype i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args[i + 1].toDouble() : fallback;
    };
    const double rate = option(QStringLiteral("--rate"), 10000);
    const int seconds = int(option(QStringLiteral("--seconds"), 10));

    SimConfig config;
    config.pods = 4;
    config.logLinesPerSecond = rate;
    SimServerThread sim;
    const QUrl url = sim.start(config);
    if (url.isEmpty()) {
        std::fprintf(stderr, "sim: %s\n", qPrintable(sim.errorString()));
        return 1;
    }
    RestConfig rest;
    rest.server = url;
    ClusterConnection connection(QStringLiteral("bench"), rest);
    LogsPanel panel;
    panel.resize(1000, 700);
    panel.setConnection(&connection);
    panel.show();
    const StoredObjectPtr pod = firstRunningPod(url);
    if (!pod) {
        std::fprintf(stderr, "no running pod\n");
        return 1;
    }
    StallMonitor stalls;
    QElapsedTimer clock;
    clock.start();
    panel.showObject(QStringLiteral("Pod"), pod);
    // The first second fills the tail; the measurement is the steady stream after it.
    qint64 rowsAtStart = 0;
    QTimer::singleShot(1000, &app, [&] {
        stalls.reset();
        rowsAtStart = panel.view()->model()->rowCount() + panel.view()->model()->droppedCount();
        clock.restart();
    });
    QTimer::singleShot(1000 + seconds * 1000, &app, [&] {
        const qint64 rows =
            panel.view()->model()->rowCount() + panel.view()->model()->droppedCount();
        const double shownPerSecond = double(rows - rowsAtStart) * 1000.0 / double(clock.elapsed());
        std::printf("{\"rate\":%.0f,\"seconds\":%d,\"linesShownPerSecond\":%.0f,"
                    "\"longestStallMs\":%lld,\"rowsKept\":%d,\"dropped\":%lld,\"pending\":%lld}\n",
                    rate, seconds, shownPerSecond, static_cast<long long>(stalls.longestStallMs()),
                    panel.view()->model()->rowCount(),
                    static_cast<long long>(panel.view()->model()->droppedCount()),
                    static_cast<long long>(panel.view()->pendingLines()));
        app.quit();
    });
    return app.exec();
}
