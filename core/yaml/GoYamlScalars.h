#pragma once

#include <QStringList>

#include <string>
#include <string_view>

class QJsonObject;
class QJsonValue;

// The choices go-yaml v2 makes for scalars and keys when kubectl prints YAML (resolve.go,
// sorter.go, encode.go; kubectl's encoder is sigs.k8s.io/yaml over go-yaml v2).
namespace GoYamlScalars {

// True when go-yaml v2 quotes this string: written plain, it would read back as a bool,
// null, int, float or timestamp (YAML 1.1 words such as yes/on/y included), or it is a
// YAML 1.1 base 60 number ("1:20").
bool needsQuotes(std::string_view text);

// A JSON number as kubectl prints it after its JSON -> int64/float64 -> JSON -> YAML trip:
// integers as integers, other floats as Go's strconv.FormatFloat(f, 'g', -1, 64).
std::string number(const QJsonValue &value);

// The object's keys in go-yaml v2's order: letters before other characters, runs of digits
// compared as numbers ("a2" before "a10").
QStringList sortedKeys(const QJsonObject &object);

} // namespace GoYamlScalars
