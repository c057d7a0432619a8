#include "core/metrics/MetricsState.h"

const char *MetricsState::kindName(Kind kind)
{
    switch (kind) {
    case Waiting:
        return "waiting";
    case Ok:
        return "ok";
    case NoApi:
        return "noApi";
    case NotReady:
        return "notReady";
    case Forbidden:
        return "forbidden";
    case Error:
        return "error";
    }
    return "error";
}
