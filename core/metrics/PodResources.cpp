#include "core/metrics/PodResources.h"

#include "core/metrics/KubeQuantity.h"

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
    std::optional<qint64> nano(int containers) const
    {
        return containers > 0 && count == containers ? std::optional(total.nanoValue())
                                                     : std::nullopt;
    }
    std::optional<qint64> units(int containers) const
    {
        return containers > 0 && count == containers ? std::optional(total.value()) : std::nullopt;
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
    ondemand::parser parser;
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
    out.cpuRequestNanocores = cpuRequest.nano(count);
    out.cpuLimitNanocores = cpuLimit.nano(count);
    out.memoryRequestBytes = memoryRequest.units(count);
    out.memoryLimitBytes = memoryLimit.units(count);
    return out;
}
