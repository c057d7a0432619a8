// bench_history_record [--pods N] [--rate EVENTS_PER_SECOND] [--seconds S]
// Feeds a HistoryRecorder the way the window does (one StoreDelta per 16 ms frame) with pods of
// realistic size (about 3 KB of JSON: two containers, statuses, conditions, labels) whose
// restart count, a label and a condition change at each event, and prints the CPU time per
// event, the share of one core at the given rate, and the history's memory against its budget.
#include "core/base/Clock.h"
#include "core/history/ChangeHistory.h"
#include "core/history/HistoryRecorder.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>

#include <cstdio>

namespace {

QByteArray podJson(int index, int revision)
{
    const QString name = QStringLiteral("web-%1").arg(index);
    const QString ready = revision % 2 ? QStringLiteral("False") : QStringLiteral("True");
    return QStringLiteral(
               R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"%1","namespace":"ns-%2",)"
               R"("uid":"00000000-0000-4000-8000-%3","resourceVersion":"%4","generation":1,)"
               R"("creationTimestamp":"2026-12-01T10:00:00Z","labels":{"app":"web","pod-template-hash":"5d8f7c9b6d",)"
               R"("sim.kubeglass.io/revision":"%5"},"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet",)"
               R"("name":"web-5d8f7c9b6d","uid":"11111111-0000-4000-8000-000000000001","controller":true}],)"
               R"("managedFields":[{"manager":"kubelet","operation":"Update","time":"2026-12-01T10:00:%6Z"}]},)"
               R"("spec":{"nodeName":"node-%7","serviceAccountName":"default","containers":[)"
               R"({"name":"app","image":"registry.example.com/web:1.7","ports":[{"name":"http","containerPort":8080}],)"
               R"("env":[{"name":"MODE","value":"production"},{"name":"LOG_LEVEL","value":"info"}],)"
               R"("resources":{"requests":{"cpu":"100m","memory":"128Mi"},"limits":{"memory":"256Mi"}}},)"
               R"({"name":"proxy","image":"registry.example.com/proxy:2.3","args":["--port=15001","--admin=15000"]}]},)"
               R"("status":{"phase":"Running","podIP":"10.0.%8.%9","hostIP":"192.168.0.%7",)"
               R"("conditions":[{"type":"Initialized","status":"True"},{"type":"Ready","status":"%10"},)"
               R"({"type":"ContainersReady","status":"%10"},{"type":"PodScheduled","status":"True"}],)"
               R"("containerStatuses":[{"name":"app","ready":true,"restartCount":%5,"image":"registry.example.com/web:1.7",)"
               R"("state":{"running":{"startedAt":"2026-12-01T10:00:05Z"}}},)"
               R"({"name":"proxy","ready":true,"restartCount":0,"image":"registry.example.com/proxy:2.3",)"
               R"("state":{"running":{"startedAt":"2026-12-01T10:00:04Z"}}}]}})")
        .arg(name)
        .arg(index % 50)
        .arg(index, 12, 10, QLatin1Char('0'))
        .arg(1000000 + qint64(index) * 100 + revision)
        .arg(revision)
        .arg(revision % 60, 2, 10, QLatin1Char('0'))
        .arg(index % 200)
        .arg((index / 250) % 250)
        .arg(index % 250)
        .arg(ready)
        .toUtf8();
}

StoredObjectPtr pod(int index, int revision)
{
    auto object = std::make_shared<StoredObject>();
    object->setName(QStringLiteral("ns-%1").arg(index % 50), QStringLiteral("web-%1").arg(index));
    object->uid = ObjectUid(
        QStringLiteral("00000000-0000-4000-8000-%1").arg(index, 12, 10, QLatin1Char('0')));
    object->resourceVersion =
        ResourceVersion(QString::number(1000000 + qint64(index) * 100 + revision));
    object->raw = podJson(index, revision);
    return object;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("pods"), QStringLiteral("Pods watched."), QStringLiteral("N"),
                      QStringLiteral("100000")});
    parser.addOption({QStringLiteral("rate"), QStringLiteral("Events a second."),
                      QStringLiteral("N"), QStringLiteral("5000")});
    parser.addOption({QStringLiteral("seconds"), QStringLiteral("Seconds of events."),
                      QStringLiteral("S"), QStringLiteral("60")});
    parser.process(app);
    const int pods = parser.value(QStringLiteral("pods")).toInt();
    const int rate = parser.value(QStringLiteral("rate")).toInt();
    const int seconds = parser.value(QStringLiteral("seconds")).toInt();
    if (pods <= 0 || rate <= 0 || seconds <= 0) {
        std::fprintf(stderr, "--pods, --rate and --seconds must be positive\n");
        return 2;
    }

    ChangeHistory history;
    HistoryRecorder recorder(&history, Clock::system());
    recorder.reset(QString(), QStringLiteral("pods"));
    std::vector<int> revisions(size_t(pods), 0);
    StoreDelta initial;
    for (int i = 0; i < pods; ++i)
        initial.added.append(pod(i, 0));
    recorder.apply(initial);
    initial = {};

    // The events of one second are built before timing it: only the recording is measured.
    const int perFrame = qMax(1, rate * 16 / 1000);
    QRandomGenerator random(42);
    qint64 recordNs = 0;
    qint64 events = 0;
    qint64 peakBytes = 0;
    for (int second = 0; second < seconds; ++second) {
        std::vector<StoreDelta> frames;
        for (int done = 0; done < rate; done += perFrame) {
            StoreDelta frame;
            for (int k = 0; k < qMin(perFrame, rate - done); ++k) {
                const int index = int(random.bounded(pods));
                frame.updated.append(pod(index, ++revisions[size_t(index)]));
            }
            frames.push_back(std::move(frame));
        }
        QElapsedTimer timer;
        timer.start();
        for (const StoreDelta &frame : frames) {
            recorder.apply(frame);
            events += frame.updated.size();
        }
        recordNs += timer.nsecsElapsed();
        peakBytes = qMax(peakBytes, history.bytesUsed());
    }
    const double perEventUs = double(recordNs) / 1000.0 / double(events);
    std::printf("pods %d, %d events/s for %d s (%lld events, %d per frame)\n", pods, rate, seconds,
                static_cast<long long>(events), perFrame);
    std::printf("record: %.1f us per event, %.1f%% of one core at %d events/s\n", perEventUs,
                perEventUs * rate / 1e4, rate);
    std::printf("history: %lld entries of %lld objects, %.1f MB (peak %.1f MB) of %.1f MB budget, "
                "%lld dropped\n",
                static_cast<long long>(history.entryCount()),
                static_cast<long long>(history.objectCount()), double(history.bytesUsed()) / 1e6,
                double(peakBytes) / 1e6, double(history.bytesBudget()) / 1e6,
                static_cast<long long>(history.droppedCount()));
    return 0;
}
