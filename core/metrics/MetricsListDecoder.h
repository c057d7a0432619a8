#pragma once

#include "core/metrics/MetricsSample.h"
#include "core/metrics/MetricsSnapshot.h"
#include "core/watch/JsonSplitter.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>

// Decodes a PodMetricsList, NodeMetricsList or NodeList while it arrives: JsonSplitter cuts
// the items out of the bytes as they come and simdjson On Demand parses each where it lies, so
// a cluster-wide list of 100,000 pods (tens of MB, every window) is never held whole, nor
// indexed whole (simdjson's index of a whole document takes four bytes a byte). Each pod's
// containers are summed exactly.
class MetricsListDecoder
{
public:
    struct Result
    {
        bool ok = false;
        QString error;
        qint64 windowMs = 0;    // the largest item window (0: no items)
        qint64 timestampMs = 0; // the newest item timestamp (0: no items)
        qsizetype items = 0;
    };

    // Pods go into samples as "namespace/name", nodes as "name". Not owned; outlives the decoder.
    explicit MetricsListDecoder(QHash<QString, MetricsSample> *samples);
    // A NodeList's status.allocatable cpu and memory by node name (kubectl top node's
    // divisors); a node without them is left out. windowMs and timestampMs stay 0.
    explicit MetricsListDecoder(QHash<QString, NodeAllocatable> *allocatable);
    ~MetricsListDecoder();
    MetricsListDecoder(const MetricsListDecoder &) = delete;
    MetricsListDecoder &operator=(const MetricsListDecoder &) = delete;

    // Decodes the items the bytes so far complete; false once the body cannot be decoded
    // (finish() then says why).
    bool feed(QByteArrayView data);
    // The same for at most maxBytes that read() writes straight into the splitter's buffer.
    bool feed(qsizetype maxBytes, const JsonSplitter::Reader &read);
    // The body ended.
    Result finish();

    // A whole body at once.
    static Result decode(QByteArrayView body, QHash<QString, MetricsSample> &into);
    static Result decodeAllocatable(QByteArrayView body, QHash<QString, NodeAllocatable> &into);
    // RFC 3339 ("2026-01-01T00:00:15Z", with optional fraction and offset) in ms since the
    // epoch; 0 when it is not one.
    static qint64 parseTimestampMs(QByteArrayView text);

private:
    struct State;
    std::unique_ptr<State> m_state;
};
