#include "sim/SimMetricsUsage.h"

namespace {

constexpr qint64 kMilli = 1000 * 1000; // nanocores in a millicore
constexpr qint64 kMi = 1024 * 1024;

quint64 fnv1a(QByteArrayView data)
{
    quint64 h = 14695981039346656037ULL;
    for (const char c : data) {
        h ^= quint8(c);
        h *= 1099511628211ULL;
    }
    return h;
}

// splitmix64: a well-mixed number from (seed, index), the same on every run and platform.
quint64 mix(quint64 seed, quint64 index)
{
    quint64 z = seed + (index + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// A uniform fraction in [0, 1) drawn from (seed, index).
double unit(quint64 seed, quint64 index)
{
    return double(mix(seed, index) >> 11) / double(1ULL << 53);
}

// Memory as the kubelet reports it: whole KiB (metrics-server prints it as "NKi").
qint64 wholeKi(double bytes)
{
    return qMax<qint64>(1, qint64(bytes / 1024.0)) * 1024;
}

// A quantity that drifts slowly (a 24-sample cycle, triangle-shaped) plus per-sample noise;
// spread is the relative amplitude of each.
qint64 varying(double base, double drift, double noise, quint64 seed, qint64 sampleIndex)
{
    const qint64 phase = (sampleIndex + qint64(seed % 24)) % 24;
    const double triangle = double(phase < 12 ? phase : 24 - phase) / 12.0; // 0..1..0
    const double jitter = unit(seed, quint64(sampleIndex)) * 2.0 - 1.0;     // -1..1
    return qint64(base * (1.0 + drift * (triangle - 0.5) + noise * jitter));
}

} // namespace

bool SimMetricsUsage::podSampled(const SimObject &pod, qint64 sampleMs, qint64 windowMs)
{
    // Containers start 2 s after creation (SimObjectFactory renders startedAt so).
    return pod.phase == "Running" && !pod.deleting && pod.createdMs + 2000 + windowMs <= sampleMs;
}

bool SimMetricsUsage::nodeSampled(const SimObject &node)
{
    return node.trouble != "NotReady";
}

QList<SimMetricsUsage::Usage> SimMetricsUsage::pod(const SimObject &pod, bool withSidecar,
                                                   qint64 sampleIndex)
{
    const quint64 seed = fnv1a(pod.uid);
    const double spread = unit(seed, 0xfffffff0ULL); // where in its range this pod sits
    Usage app{"app", 0, 0};
    if (pod.trouble == "CrashLoopBackOff" || pod.trouble == "OOMKilled") {
        // Leaks until it dies: climbs by a step a sample towards its 256Mi limit, then starts
        // over, a "restart" every 8 samples (offset by its real restarts so that modifying
        // the pod moves it too).
        const qint64 step = (sampleIndex + pod.restarts * 3) % 8;
        const double top = pod.trouble == "OOMKilled" ? 250.0 : 200.0;
        app.bytes = wholeKi((40.0 + (top - 40.0) * double(step) / 7.0) * kMi);
        app.nanocores = varying(60.0 * kMilli, 0.2, 0.3, seed, sampleIndex);
    } else if (seed % 4 == 0) { // busy
        app.nanocores = varying((100.0 + 300.0 * spread) * kMilli, 0.8, 0.3, seed, sampleIndex);
        app.bytes = wholeKi(varying((150.0 + 80.0 * spread) * kMi, 0.1, 0.03, seed, sampleIndex));
    } else { // idle: a few millicores, memory flat to within half a percent
        app.nanocores = varying((1.0 + 3.0 * spread) * kMilli, 0.1, 0.1, seed, sampleIndex);
        app.bytes = wholeKi(varying((20.0 + 100.0 * spread) * kMi, 0.0, 0.005, seed, sampleIndex));
    }
    QList<Usage> out{app};
    if (withSidecar) {
        const quint64 sidecarSeed = seed ^ 0x5bd1e995ULL;
        out.append({"log-shipper", varying(3.0 * kMilli, 0.2, 0.2, sidecarSeed, sampleIndex),
                    wholeKi(varying(14.0 * kMi, 0.0, 0.01, sidecarSeed, sampleIndex))});
    }
    return out;
}

SimMetricsUsage::Usage SimMetricsUsage::nodeOverhead(const SimObject &node, qint64 sampleIndex)
{
    const quint64 seed = fnv1a(node.name);
    const double spread = unit(seed, 0xfffffff0ULL);
    return {{},
            varying((60.0 + 80.0 * spread) * kMilli, 0.2, 0.15, seed, sampleIndex),
            wholeKi(varying((700.0 + 200.0 * spread) * kMi, 0.02, 0.01, seed, sampleIndex))};
}
