#pragma once

#include <QString>

#include <string_view>

// simdjson hands out strings as std::string_view over its UTF-8 buffer: this copies one into a
// QString, one spelling for every parser instead of a copy in each.
inline QString qStringFromUtf8View(std::string_view utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}
