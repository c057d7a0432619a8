#include "core/metrics/MetricsListDecoder.h"

#include "core/base/Utf8View.h"
#include "core/metrics/GoDuration.h"
#include "core/metrics/KubeQuantity.h"

#include <QDateTime>

#include <simdjson.h>

using namespace simdjson;

namespace {

QByteArrayView view(std::string_view s)
{
    return QByteArrayView(s.data(), qsizetype(s.size()));
}

// Every item of one sample carries the same timestamp and window: parse each text once.
struct Memo
{
    std::string lastTimestamp;
    qint64 timestampMs = 0;
    std::string lastWindow;
    qint64 windowMs = 0;

    qint64 timestamp(std::string_view s)
    {
        if (s != lastTimestamp) {
            lastTimestamp = s;
            timestampMs = MetricsListDecoder::parseTimestampMs(view(s));
        }
        return timestampMs;
    }
    qint64 window(std::string_view s)
    {
        if (s != lastWindow) {
            lastWindow = s;
            windowMs = GoDuration::parseMs(view(s)).value_or(0);
        }
        return windowMs;
    }
};

// Adds a usage object's cpu and memory to the sums.
error_code addUsage(ondemand::object usage, KubeQuantity &cpu, KubeQuantity &memory)
{
    for (auto field : usage) {
        std::string_view key;
        std::string_view value;
        if (auto e = field.unescaped_key().get(key))
            return e;
        if (key != "cpu" && key != "memory")
            continue;
        if (auto e = field.value().get_string().get(value))
            return e;
        const auto q = KubeQuantity::parse(view(value));
        if (!q)
            return INCORRECT_TYPE;
        KubeQuantity &sum = key == "cpu" ? cpu : memory;
        sum = sum + *q;
    }
    return SUCCESS;
}

error_code decodeItem(ondemand::object item, Memo &memo, QString *key, MetricsSample *sample)
{
    std::string_view name, ns;
    KubeQuantity cpu, memory;
    for (auto field : item) {
        std::string_view k;
        if (auto e = field.unescaped_key().get(k))
            return e;
        if (k == "metadata") {
            ondemand::object metadata;
            if (auto e = field.value().get_object().get(metadata))
                return e;
            for (auto m : metadata) {
                std::string_view mk;
                if (auto e = m.unescaped_key().get(mk))
                    return e;
                if (mk == "name" && m.value().get_string().get(name))
                    return INCORRECT_TYPE;
                if (mk == "namespace" && m.value().get_string().get(ns))
                    return INCORRECT_TYPE;
            }
            *key = ns.empty()
                       ? qStringFromUtf8View(name)
                       : qStringFromUtf8View(ns) + QLatin1Char('/') + qStringFromUtf8View(name);
        } else if (k == "timestamp") {
            std::string_view s;
            if (auto e = field.value().get_string().get(s))
                return e;
            sample->timestampMs = memo.timestamp(s);
        } else if (k == "window") {
            std::string_view s;
            if (auto e = field.value().get_string().get(s))
                return e;
            sample->windowMs = memo.window(s);
        } else if (k == "usage") { // a node
            ondemand::object usage;
            if (auto e = field.value().get_object().get(usage))
                return e;
            if (auto e = addUsage(usage, cpu, memory))
                return e;
        } else if (k == "containers") { // a pod: kubectl top sums its containers
            ondemand::array containers;
            if (auto e = field.value().get_array().get(containers))
                return e;
            for (auto c : containers) {
                ondemand::object container;
                if (auto e = c.get_object().get(container))
                    return e;
                ondemand::object usage;
                if (auto e = container.find_field_unordered("usage").get_object().get(usage))
                    return e;
                if (auto e = addUsage(usage, cpu, memory))
                    return e;
            }
        }
    }
    if (name.empty())
        return NO_SUCH_FIELD;
    sample->cpuNanocores = cpu.nanoValue();
    sample->memoryBytes = memory.value();
    return SUCCESS;
}

} // namespace

namespace {

// A quantity's MilliValue(), or an error for text that is not one.
error_code milliOf(ondemand::value value, qint64 *milli)
{
    std::string_view text;
    if (auto e = value.get_string().get(text))
        return e;
    const auto q = KubeQuantity::parse(view(text));
    if (!q)
        return INCORRECT_TYPE;
    *milli = q->milliValue();
    return SUCCESS;
}

error_code decodeNode(ondemand::object node, QString *name, NodeAllocatable *allocatable,
                      bool *found)
{
    for (auto field : node) {
        std::string_view key;
        if (auto e = field.unescaped_key().get(key))
            return e;
        if (key == "metadata") {
            std::string_view text;
            if (auto e = field.value().find_field_unordered("name").get_string().get(text))
                return e;
            *name = QString::fromUtf8(text.data(), qsizetype(text.size()));
        } else if (key == "status") {
            ondemand::object resources;
            if (field.value().find_field_unordered("allocatable").get_object().get(resources))
                continue; // a node not yet reporting: no divisor
            bool cpu = false, memory = false;
            for (auto resource : resources) {
                std::string_view name;
                if (auto e = resource.unescaped_key().get(name))
                    return e;
                if (name == "cpu") {
                    if (auto e = milliOf(resource.value(), &allocatable->cpuMilli))
                        return e;
                    cpu = true;
                } else if (name == "memory") {
                    if (auto e = milliOf(resource.value(), &allocatable->memoryMilli))
                        return e;
                    memory = true;
                }
            }
            *found = cpu && memory;
        }
    }
    return name->isEmpty() ? NO_SUCH_FIELD : SUCCESS;
}

} // namespace

// A metrics item is a few hundred bytes and a Node rarely above a hundred KB: a larger one is
// no list of theirs.
constexpr qint64 kMaxItemBytes = 16 << 20;

struct MetricsListDecoder::State
{
    JsonSplitter splitter{JsonSplitter::Mode::ListItems, kMaxItemBytes};
    ondemand::parser parser; // reused: its capacity is the largest item's, not the list's
    Memo memo;
    Result result;
    QHash<QString, MetricsSample> *samples = nullptr;       // Not owned.
    QHash<QString, NodeAllocatable> *allocatable = nullptr; // Not owned.

    bool fail(const QString &why)
    {
        result.error = QStringLiteral("cannot decode the metrics list: %1").arg(why);
        return false;
    }
    bool fail(error_code e) { return fail(QString::fromUtf8(error_message(e))); }

    // One item, as the splitter hands it out: padded, parsed where it lies.
    bool decode(QByteArrayView unit)
    {
        ondemand::document doc;
        ondemand::object item;
        if (auto e = parser
                         .iterate(padded_string_view(unit.data(), size_t(unit.size()),
                                                     size_t(unit.size() + JsonSplitter::kPadding)))
                         .get(doc))
            return fail(e);
        if (auto e = doc.get_object().get(item))
            return fail(e);
        if (auto e = samples ? decodeSample(item) : decodeAllocatable(item))
            return fail(e);
        ++result.items;
        return true;
    }

    error_code decodeSample(ondemand::object item)
    {
        QString key;
        MetricsSample sample;
        if (auto e = decodeItem(item, memo, &key, &sample))
            return e;
        result.windowMs = qMax(result.windowMs, sample.windowMs);
        result.timestampMs = qMax(result.timestampMs, sample.timestampMs);
        samples->insert(key, sample);
        return SUCCESS;
    }

    error_code decodeAllocatable(ondemand::object item)
    {
        QString name;
        NodeAllocatable divisors;
        bool found = false;
        if (auto e = decodeNode(item, &name, &divisors, &found))
            return e;
        if (found)
            allocatable->insert(name, divisors);
        return SUCCESS;
    }

    // Feeds the splitter through feedIt (one of its feed() overloads, given the item sink).
    template <typename FeedIt> bool feedSplitter(FeedIt feedIt)
    {
        if (!result.error.isEmpty())
            return false;
        const bool fed = feedIt([this](QByteArrayView unit) { return decode(unit); });
        if (!fed && result.error.isEmpty())
            fail(splitter.error());
        return fed;
    }
};

MetricsListDecoder::MetricsListDecoder(QHash<QString, MetricsSample> *samples)
    : m_state(std::make_unique<State>())
{
    m_state->samples = samples;
}

MetricsListDecoder::MetricsListDecoder(QHash<QString, NodeAllocatable> *allocatable)
    : m_state(std::make_unique<State>())
{
    m_state->allocatable = allocatable;
}

MetricsListDecoder::~MetricsListDecoder() = default;

bool MetricsListDecoder::feed(QByteArrayView data)
{
    return m_state->feedSplitter(
        [&](const JsonSplitter::Sink &sink) { return m_state->splitter.feed(data, sink); });
}

bool MetricsListDecoder::feed(qsizetype maxBytes, const JsonSplitter::Reader &read)
{
    return m_state->feedSplitter([&](const JsonSplitter::Sink &sink) {
        return m_state->splitter.feed(maxBytes, read, sink);
    });
}

MetricsListDecoder::Result MetricsListDecoder::finish()
{
    State &s = *m_state;
    if (s.result.error.isEmpty()) {
        if (!s.splitter.finish())
            s.fail(s.splitter.error());
        else if (!s.splitter.itemsStarted())
            s.fail(QStringLiteral("it has no items"));
    }
    s.result.ok = s.result.error.isEmpty();
    return s.result;
}

MetricsListDecoder::Result MetricsListDecoder::decode(QByteArrayView body,
                                                      QHash<QString, MetricsSample> &into)
{
    MetricsListDecoder decoder(&into);
    decoder.feed(body);
    return decoder.finish();
}

MetricsListDecoder::Result
MetricsListDecoder::decodeAllocatable(QByteArrayView body, QHash<QString, NodeAllocatable> &into)
{
    MetricsListDecoder decoder(&into);
    decoder.feed(body);
    return decoder.finish();
}

qint64 MetricsListDecoder::parseTimestampMs(QByteArrayView s)
{
    // The common form, "2026-01-01T00:00:15Z", by hand: QDateTime's parser is slow per item.
    const auto num = [s](qsizetype at, qsizetype n) {
        int v = 0;
        for (qsizetype i = at; i < at + n; ++i) {
            if (s[i] < '0' || s[i] > '9')
                return -1;
            v = v * 10 + (s[i] - '0');
        }
        return v;
    };
    if (s.size() == 20 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' &&
        s[16] == ':' && s[19] == 'Z') {
        const int y = num(0, 4), mo = num(5, 2), d = num(8, 2), h = num(11, 2), mi = num(14, 2),
                  sec = num(17, 2);
        if (y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h >= 0 && mi >= 0 && sec >= 0) {
            // Days from the civil date (H. Hinnant's days_from_civil).
            const int yy = y - (mo <= 2);
            const int era = (yy >= 0 ? yy : yy - 399) / 400;
            const int yoe = yy - era * 400;
            const int doy = (153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5 + d - 1;
            const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
            const qint64 days = qint64(era) * 146097 + doe - 719468;
            return ((days * 24 + h) * 60 + mi) * 60000 + qint64(sec) * 1000;
        }
    }
    const QDateTime time = QDateTime::fromString(QString::fromUtf8(s), Qt::ISODateWithMs);
    return time.isValid() ? time.toMSecsSinceEpoch() : 0;
}
