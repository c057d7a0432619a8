// bench_list_decode: what decoding a first list costs on one thread, without the network, next
// to simdjson alone over the same bytes in the same run. It fetches the pod list from an
// in-process kubeglass-sim, then decodes it ROUNDS times, fed in 1 MB pieces as a reply
// delivers them, and prints the fastest round of each:
//  - simdjson's DOM parser over the whole list at once (the parser alone: no pieces, nothing
//    kept, every value parsed);
//  - JsonSplitter alone (stage 1 in pieces and the cut into items), as the page decoder runs it;
//  - JsonSplitter and ObjectDecoder, the page decoder's whole work: every item a StoredObject
//    with its JSON kept, all of them held until the round ends, as a store holds them.
// The page faults of each row's fastest round are printed too: the DOM parser keeps its buffers
// from round to round, while the objects a round keeps are freed at its end and glibc gives
// most of that memory back, so each round of the page decoder faults in its objects as a first
// sync in a fresh process does. Not a test.
//
//   bench_list_decode [--pods 100000] [--rounds 3]
#include "core/store/StoredObject.h"
#include "core/watch/DecodedObject.h"
#include "core/watch/JsonSplitter.h"
#include "core/watch/ObjectDecoder.h"
#include "core/watch/PaddedJson.h"

#include "bench/support/DecodeBenchmarkSetup.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <simdjson.h>
#include <sys/resource.h>

namespace {
constexpr qsizetype kPiece = 1 << 20; // what one read from a reply delivers at most
constexpr qint64 kMaxItemBytes = 64ll << 20;

long minorFaults()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

struct Row
{
    const char *what;
    double seconds = std::numeric_limits<double>::max(); // of the fastest round; < 0: failed
    long faults = 0;                                     // in that round
    qint64 items = 0;
};

// Runs work rounds times into row; work returns the items it saw (0: failed).
void runFastest(int rounds, const std::function<qint64()> &work, Row &row)
{
    for (int round = 0; round < rounds; ++round) {
        const long faultsBefore = minorFaults();
        QElapsedTimer timer;
        timer.start();
        row.items = work();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        if (row.items <= 0) {
            row.seconds = -1;
            return;
        }
        if (seconds < row.seconds) {
            row.seconds = seconds;
            row.faults = minorFaults() - faultsBefore;
        }
    }
}

qint64 simdjsonDom(const QByteArray &list, simdjson::dom::parser &parser)
{
    simdjson::dom::array items;
    if (parser.parse(list.constData(), size_t(list.size()), false)["items"].get(items))
        return 0;
    return qint64(items.size());
}

// Feeds the list to a JsonSplitter in pieces, as a reply delivers it; onItem gets each item.
// False when the list does not split or onItem refused an item (said on stderr).
bool splitInPieces(const QByteArray &list, const JsonSplitter::Sink &onItem)
{
    JsonSplitter splitter(JsonSplitter::Mode::ListItems, kMaxItemBytes);
    for (qsizetype at = 0; at < list.size(); at += kPiece) {
        const QByteArrayView piece(list.constData() + at, std::min(kPiece, list.size() - at));
        if (!splitter.feed(piece, onItem))
            break;
    }
    if (!splitter.failed() && splitter.finish())
        return true;
    std::fprintf(stderr, "split error: %s\n", qPrintable(splitter.error()));
    return false;
}

qint64 splitOnly(const QByteArray &list)
{
    qint64 items = 0;
    return splitInPieces(list, [&](QByteArrayView) { return ++items > 0; }) ? items : 0;
}

qint64 splitAndDecode(const QByteArray &list)
{
    ObjectDecoder decoder;
    QList<StoredObjectPtr> kept;
    QString error;
    const bool ok = splitInPieces(list, [&](QByteArrayView item) {
        DecodedObject decoded;
        if (!decoder.decodeListItem(PaddedJson{item}, false, decoded, &error)) {
            std::fprintf(stderr, "decode error: %s\n", qPrintable(error));
            return false;
        }
        kept.append(std::move(decoded.object));
        return true;
    });
    return ok ? qint64(kept.size()) : 0;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const DecodeBenchmarkSetup setup = DecodeBenchmarkSetup::fromArguments(
        app, 100000, QStringLiteral("Decodes of the list; the fastest counts."), 3);
    QByteArray list = setup.fetch(QStringLiteral("/api/v1/pods"), QString());
    if (list.isEmpty())
        return 1;
    const int pods = setup.pods;
    const int rounds = setup.rounds;
    const qsizetype bytes = list.size();
    list.reserve(bytes +
                 qsizetype(simdjson::SIMDJSON_PADDING)); // the DOM parser reads past the end

    simdjson::dom::parser domParser;
    Row rows[] = {{"simdjson DOM parser, whole list at once (reference)"},
                  {"JsonSplitter alone, 1 MB pieces"},
                  {"JsonSplitter + ObjectDecoder, objects kept (the page decoder)"}};
    runFastest(
        rounds, [&] { return simdjsonDom(list, domParser); }, rows[0]);
    runFastest(
        rounds, [&] { return splitOnly(list); }, rows[1]);
    runFastest(
        rounds, [&] { return splitAndDecode(list); }, rows[2]);

    std::printf("simdjson kernel: %s\n\n", simdjson::get_active_implementation()->name().c_str());
    std::printf(
        "| pods | list MB | decoder | items | seconds | MB/s | vs simdjson | page faults |\n");
    std::printf("| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |\n");
    bool ok = true;
    for (const Row &row : rows) {
        ok = ok && row.seconds > 0;
        std::printf("| %d | %.1f | %s | %lld | %.3f | %.0f | %.1fx | %ld |\n", pods,
                    double(bytes) / 1e6, row.what, row.items, row.seconds,
                    double(bytes) / 1e6 / row.seconds, row.seconds / rows[0].seconds, row.faults);
    }
    return ok ? 0 : 1;
}
