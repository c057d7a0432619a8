// bench_logview: the Logs page following one pod that writes N lines/s (default 10,000): once
// the line cap is full (the oldest lines dropped every frame), S seconds (default 30) of the
// event loop's stalls: the longest, the 99th percentile of the 1 ms ticks' lateness, and how
// many went over 16 and 50 ms; with the GUI thread's CPU time in the longest stall and the
// most CPU time in any one (a stall with little CPU is waiting for a core, not work), and the
// thread's involuntary and voluntary context switches in the longest. --baseline
// also feeds every line to a QPlainTextEdit capped like the model, as the Logs page did before it
// painted only the lines in sight. Run under a real display or Xvfb; not a test.
#include "core/session/ClusterConnection.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/detail/logs/LogView.h"
#include "ui/detail/logs/LogsPanel.h"

#include "bench/logview/GapRecorder.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
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
    const int seconds = int(option(QStringLiteral("--seconds"), 30));
    const bool baseline = args.contains(QStringLiteral("--baseline"));

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
    LogLineModel *model = panel.view()->model();
    // The old view, fed each frame's lines in one append as LogView did.
    QPlainTextEdit old;
    if (baseline) {
        old.setReadOnly(true);
        old.setLineWrapMode(QPlainTextEdit::NoWrap);
        old.setUndoRedoEnabled(false);
        old.setMaximumBlockCount(model->lineCap());
        old.resize(1000, 700);
        old.show();
        QObject::connect(model, &QAbstractItemModel::rowsInserted, &old,
                         [&](const QModelIndex &, int first, int last) {
                             QStringList text;
                             for (int row = first; row <= last; ++row)
                                 text << LogLineModel::render(model->line(row), true);
                             old.appendPlainText(text.join(QLatin1Char('\n')));
                         });
    }
    const StoredObjectPtr pod = firstRunningPod(url);
    if (!pod) {
        std::fprintf(stderr, "no running pod\n");
        return 1;
    }
    GapRecorder gaps;
    QElapsedTimer clock;
    clock.start();
    panel.showObject(QStringLiteral("Pod"), pod);
    // Filling the cap takes cap/rate seconds; the measurement starts at the first dropped line.
    qint64 rowsAtStart = 0;
    qint64 fillMs = 0;
    QTimer poll;
    const auto report = [&] {
        const qint64 rows = model->rowCount() + model->droppedCount();
        const double shownPerSecond = double(rows - rowsAtStart) * 1000.0 / double(clock.elapsed());
        std::printf("{\"view\":\"%s\",\"rate\":%.0f,\"fillSeconds\":%.1f,\"seconds\":%d,"
                    "\"linesShownPerSecond\":%.0f,\"longestStallMs\":%.1f,\"cpuInLongestMs\":%.1f,"
                    "\"preemptionsInLongest\":%lld,\"blocksInLongest\":%lld,"
                    "\"longestCpuMs\":%.1f,\"p99StallMs\":%.2f,"
                    "\"stallsOver16ms\":%lld,\"stallsOver50ms\":%lld,\"rowsKept\":%d,"
                    "\"dropped\":%lld,\"pending\":%lld}\n",
                    baseline ? "LogTextView + QPlainTextEdit baseline" : "LogTextView", rate,
                    double(fillMs) / 1000.0, seconds, shownPerSecond, gaps.longestMs(),
                    gaps.longestGapCpuMs(), static_cast<long long>(gaps.longestGapPreemptions()),
                    static_cast<long long>(gaps.longestGapBlocks()), gaps.longestCpuMs(),
                    gaps.percentileMs(0.99), static_cast<long long>(gaps.countOver(16)),
                    static_cast<long long>(gaps.countOver(50)), model->rowCount(),
                    static_cast<long long>(model->droppedCount()),
                    static_cast<long long>(panel.view()->pendingLines()));
        app.quit();
    };
    QObject::connect(&poll, &QTimer::timeout, &app, [&] {
        if (model->droppedCount() == 0) {
            if (clock.elapsed() > 120000) {
                std::fprintf(stderr, "the cap did not fill in 120 s\n");
                app.exit(1);
            }
            return;
        }
        poll.stop();
        fillMs = clock.elapsed();
        gaps.reset();
        rowsAtStart = model->rowCount() + model->droppedCount();
        clock.restart();
        QTimer::singleShot(seconds * 1000, &app, report);
    });
    poll.start(50);
    return app.exec();
}
