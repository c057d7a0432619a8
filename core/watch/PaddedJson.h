#pragma once

#include <QByteArrayView>

// JSON text followed in memory by SIMDJSON_PADDING (64) readable bytes, the first of them '\0',
// as JsonSplitter hands out its units: simdjson parses it where it lies, without a copy.
struct PaddedJson
{
    QByteArrayView text;
};
