// bench_watch_apply: how many watch events per second one thread decodes and applies to an
// ObjectStore, without the network. It captures a real watch stream from an in-process
// kubeglass-sim (synthetic ADDED events for every pod), then replays it ROUNDS times through
// WatchDecoder and ObjectStore::upsert, as the reflector does: the first round adds every pod,
// the others update them. Prints events/s. Not a test.
//
//   bench_watch_apply [--pods 20000] [--rounds 5]
#include "core/store/ObjectStore.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/WatchDecoder.h"

#include "bench/support/DecodeBenchmarkSetup.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const DecodeBenchmarkSetup setup = DecodeBenchmarkSetup::fromArguments(
        app, 20000, QStringLiteral("Replays of the stream."), 5);
    const int pods = setup.pods;
    const int rounds = setup.rounds;
    // The watch stays open until its timeout: long enough for every synthetic ADDED event.
    const QByteArray stream = setup.fetch(
        QStringLiteral("/api/v1/pods"),
        QStringLiteral("watch=true&resourceVersion=0&timeoutSeconds=%1").arg(2 + pods / 10000));
    if (stream.isEmpty())
        return 1;

    ObjectDecoder objectDecoder;
    ObjectStore store;
    qint64 events = 0;
    constexpr qsizetype kChunk = 64 * 1024; // about what a socket read delivers
    QElapsedTimer timer;
    timer.start();
    for (int round = 0; round < rounds; ++round) {
        WatchDecoder decoder(&objectDecoder, 64ll * 1024 * 1024);
        for (qsizetype at = 0; at < stream.size(); at += kChunk) {
            const bool ok = decoder.feed(
                QByteArrayView(stream.constData() + at, qMin(kChunk, stream.size() - at)),
                [&](WatchEvent &event) {
                    if (event.object.object) {
                        store.upsert(std::move(event.object.object));
                        ++events;
                    }
                    return true;
                });
            if (!ok) {
                std::fprintf(stderr, "decode error: %s\n", qPrintable(decoder.error()));
                return 1;
            }
            store.flush(); // the batch a consumer would see
        }
    }
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    std::printf("| pods | stream MB | events applied | seconds | events/s |\n");
    std::printf("| ---: | ---: | ---: | ---: | ---: |\n");
    std::printf("| %d | %.1f | %lld | %.2f | %.0f |\n", pods, double(stream.size()) / 1e6, events,
                seconds, double(events) / seconds);
    return events > 0 ? 0 : 1;
}
