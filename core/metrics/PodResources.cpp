#include "core/metrics/PodResources.h"

#include "core/metrics/KubeQuantity.h"

#include <QtEndian>

#include <array>
#include <simdjson.h>

using namespace simdjson;

namespace {

// One resource's sum over the containers, and how many containers set it.
struct Sum
{
    KubeQuantity total;
    int count = 0;

    void add(std::string_view text)
    {
        if (const auto q =
                KubeQuantity::parse(QByteArrayView(text.data(), qsizetype(text.size())))) {
            total = total + *q;
            ++count;
        }
    }
    // Requests count as the scheduler counts them: a container without one requests nothing.
    // A limit is the pod's only when every container sets one: one without is unlimited.
    bool holds(int containers, bool everyOne) const
    {
        return everyOne ? containers > 0 && count == containers : count > 0;
    }
    std::optional<qint64> nano(int containers, bool everyOne) const
    {
        return holds(containers, everyOne) ? std::optional(total.nanoValue()) : std::nullopt;
    }
    std::optional<qint64> units(int containers, bool everyOne) const
    {
        return holds(containers, everyOne) ? std::optional(total.value()) : std::nullopt;
    }
};

// Adds one container's requests or limits ({"cpu":"100m","memory":"128Mi",...}).
void addList(ondemand::object list, Sum &cpu, Sum &memory)
{
    for (auto field : list) {
        std::string_view key, value;
        if (field.unescaped_key().get(key) || field.value().get_string().get(value))
            continue;
        if (key == "cpu")
            cpu.add(value);
        else if (key == "memory")
            memory.add(value);
    }
}

} // namespace

PodResources PodResources::fromPodJson(QByteArrayView json)
{
    PodResources out;
    const padded_string padded(json.data(), size_t(json.size()));
    // One parser per thread: a pods watch projects every pod of a list on the pool's threads.
    thread_local ondemand::parser parser;
    ondemand::document doc;
    ondemand::array containers;
    if (parser.iterate(padded).get(doc) || doc.find_field_unordered("spec")
                                               .find_field_unordered("containers")
                                               .get_array()
                                               .get(containers))
        return out;
    Sum cpuRequest, cpuLimit, memoryRequest, memoryLimit;
    int count = 0;
    for (auto value : containers) {
        ondemand::object container;
        if (value.get_object().get(container))
            return {};
        ++count;
        ondemand::object resources;
        if (container.find_field_unordered("resources").get_object().get(resources))
            continue;
        for (auto field : resources) {
            std::string_view key;
            ondemand::object list;
            if (field.unescaped_key().get(key) || field.value().get_object().get(list))
                continue;
            if (key == "requests")
                addList(list, cpuRequest, memoryRequest);
            else if (key == "limits")
                addList(list, cpuLimit, memoryLimit);
        }
    }
    out.cpuRequestNanocores = cpuRequest.nano(count, false);
    out.cpuLimitNanocores = cpuLimit.nano(count, true);
    out.memoryRequestBytes = memoryRequest.units(count, false);
    out.memoryLimitBytes = memoryLimit.units(count, true);
    return out;
}

PodResources::Packed PodResources::pack() const
{
    const auto packed = [](const std::optional<qint64> &value) {
        return value.value_or(-1);
    };
    return {{packed(cpuRequestNanocores), packed(cpuLimitNanocores), packed(memoryRequestBytes),
             packed(memoryLimitBytes)}};
}

PodResources PodResources::unpack(const Packed &packed)
{
    const auto unpacked = [&packed](int i) -> std::optional<qint64> {
        return packed.values[i] < 0 ? std::nullopt : std::optional(packed.values[i]);
    };
    return {unpacked(0), unpacked(1), unpacked(2), unpacked(3)};
}

namespace {
constexpr qsizetype kProjectionBytes = sizeof(PodResources::Packed);
} // namespace

QByteArray PodResources::projectPod(QByteArrayView podJson)
{
    const PodResources resources = fromPodJson(podJson);
    if (resources.isEmpty())
        return {};
    const Packed packed = resources.pack();
    QByteArray bytes(kProjectionBytes, Qt::Uninitialized);
    for (size_t i = 0; i < packed.values.size(); ++i)
        qToLittleEndian<qint64>(packed.values[i], bytes.data() + i * sizeof(qint64));
    return bytes;
}

PodResources PodResources::fromProjection(QByteArrayView bytes)
{
    if (bytes.size() != kProjectionBytes)
        return {};
    Packed packed;
    for (size_t i = 0; i < packed.values.size(); ++i)
        packed.values[i] = qFromLittleEndian<qint64>(bytes.data() + i * sizeof(qint64));
    return unpack(packed);
}
