// How many log lines per second the engine side of the Logs tab takes on one thread: kubelet
// bytes in 16 KiB chunks through LogLineDecoder, LogSeam, and LogMerger over several pods.
// The bar is one pod writing 10,000 lines/s.
#include "core/base/Clock.h"
#include "core/logs/LogLineDecoder.h"
#include "core/logs/LogMerger.h"
#include "core/logs/LogSeam.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>

#include <cstdio>

namespace {

// A stream of kubelet lines as the simulator writes them, `pods` streams of `lines` each.
QByteArray kubeletStream(int pod, int lines)
{
    QByteArray out;
    out.reserve(qsizetype(lines) * 130);
    const qint64 base = QDateTime(QDate(2026, 12, 4), QTime(12, 0), Qt::UTC).toSecsSinceEpoch();
    for (int i = 0; i < lines; ++i) {
        const qint64 ns = i * 100'000LL + pod * 7; // 10,000 lines/s, pods offset a little
        out.append(QDateTime::fromSecsSinceEpoch(base + ns / 1'000'000'000, Qt::UTC)
                       .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss"))
                       .toLatin1());
        out.append('.').append(QByteArray::number(ns % 1'000'000'000).rightJustified(9, '0'));
        out.append("Z level=info pod=web-").append(QByteArray::number(pod));
        out.append(" container=app seq=").append(QByteArray::number(i));
        out.append(" msg=\"handled GET /api/items in 3ms\"\n");
    }
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int pods = argc > 1 ? QByteArray(argv[1]).toInt() : 20;
    const int linesPerPod = argc > 2 ? QByteArray(argv[2]).toInt() : 50'000;
    if (pods <= 0 || linesPerPod <= 0) {
        std::fprintf(stderr, "usage: bench_log_decode [pods] [lines-per-pod]\n");
        return 2;
    }
    QList<QByteArray> streams;
    qint64 bytes = 0;
    qsizetype longest = 0;
    for (int p = 0; p < pods; ++p) {
        streams << kubeletStream(p, linesPerPod);
        bytes += streams.last().size();
        longest = qMax(longest, streams.last().size());
    }
    constexpr qsizetype kChunk = 16 * 1024;

    // One pod: decode and seam only (the single-pod view).
    QElapsedTimer timer;
    timer.start();
    qint64 shown = 0;
    {
        LogLineDecoder decoder(true);
        LogSeam seam;
        QList<LogLine> lines;
        const QByteArray &s = streams.first();
        for (qsizetype at = 0; at < s.size(); at += kChunk) {
            lines.clear();
            decoder.feed(QByteArrayView(s).sliced(at, qMin(kChunk, s.size() - at)), &lines);
            for (const LogLine &l : std::as_const(lines))
                shown += seam.accept(l);
        }
    }
    const double oneSeconds = timer.nsecsElapsed() / 1e9;
    std::printf("one pod: %lld lines in %.3f s: %.0f lines/s\n", static_cast<long long>(shown),
                oneSeconds, shown / oneSeconds);

    // All pods: decode, seam, and merge by time, chunks taken round-robin.
    timer.restart();
    qint64 merged = 0;
    {
        LogMerger merger(Clock::system(), 500);
        QList<LogLineDecoder> decoders(pods, LogLineDecoder(true));
        QList<LogSeam> seams(pods);
        for (int p = 0; p < pods; ++p)
            merger.open(p);
        QList<LogLine> lines;
        QList<LogLine> accepted;
        for (qsizetype at = 0; at < longest; at += kChunk) {
            for (int p = 0; p < pods; ++p) {
                const QByteArray &s = streams[p];
                if (at >= s.size())
                    continue;
                lines.clear();
                accepted.clear();
                decoders[p].feed(QByteArrayView(s).sliced(at, qMin(kChunk, s.size() - at)), &lines);
                for (const LogLine &l : std::as_const(lines)) {
                    if (seams[p].accept(l))
                        accepted.append(l);
                }
                merger.add(p, accepted);
                merged += merger.take().size();
            }
        }
        for (int p = 0; p < pods; ++p)
            merger.close(p);
        merged += merger.take().size();
    }
    const double allSeconds = timer.nsecsElapsed() / 1e9;
    std::printf("%d pods merged: %lld lines (%.1f MB) in %.3f s: %.0f lines/s\n", pods,
                static_cast<long long>(merged), bytes / 1e6, allSeconds, merged / allSeconds);
    return merged == qint64(pods) * linesPerPod ? 0 : 1;
}
