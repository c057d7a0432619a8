#include "sim/SimJson.h"

#include <cstdio>

void SimJson::appendString(QByteArray &out, QByteArrayView s)
{
    static const char hex[] = "0123456789abcdef";
    out.append('"');
    for (const char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out.append('\\').append(c);
        } else if (u < 0x20) {
            switch (c) {
            case '\n':
                out.append("\\n");
                break;
            case '\r':
                out.append("\\r");
                break;
            case '\t':
                out.append("\\t");
                break;
            default:
                out.append("\\u00").append(hex[u >> 4]).append(hex[u & 15]);
            }
        } else {
            out.append(c);
        }
    }
    out.append('"');
}

void SimJson::appendMembers(QByteArray &out, const QList<QPair<QByteArray, QByteArray>> &map)
{
    for (qsizetype i = 0; i < map.size(); ++i) {
        if (i)
            out.append(',');
        appendString(out, map.at(i).first);
        out.append(':');
        appendString(out, map.at(i).second);
    }
}

QByteArray SimJson::quoted(QByteArrayView s)
{
    QByteArray out;
    out.reserve(s.size() + 2);
    appendString(out, s);
    return out;
}

QByteArray SimJson::timestamp(qint64 msSinceEpoch)
{
    // Hand-formatted: QDateTime::toString dominated the generation of 100k pods.
    // Civil date from days since the epoch (H. Hinnant's days_from_civil inverse).
    qint64 seconds = msSinceEpoch / 1000;
    qint64 days = seconds / 86400;
    qint64 rem = seconds % 86400;
    if (rem < 0) {
        rem += 86400;
        --days;
    }
    days += 719468;
    const qint64 era = (days >= 0 ? days : days - 146096) / 146097;
    const qint64 doe = days - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const qint64 day = doy - (153 * mp + 2) / 5 + 1;
    const qint64 month = mp < 10 ? mp + 3 : mp - 9;
    const qint64 year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ",
                  static_cast<long long>(year), static_cast<long long>(month),
                  static_cast<long long>(day), static_cast<long long>(rem / 3600),
                  static_cast<long long>(rem / 60 % 60), static_cast<long long>(rem % 60));
    return QByteArray(buf);
}

QByteArray SimJson::humanDuration(qint64 seconds)
{
    if (seconds < -1)
        return "<invalid>";
    if (seconds < 0)
        return "0s";
    const auto n = [](qint64 v) {
        return QByteArray::number(v);
    };
    if (seconds < 120)
        return n(seconds) + 's';
    const qint64 minutes = seconds / 60;
    if (minutes < 10) {
        const qint64 s = seconds % 60;
        return s == 0 ? n(minutes) + 'm' : n(minutes) + 'm' + n(s) + 's';
    }
    if (minutes < 180)
        return n(minutes) + 'm';
    const qint64 hours = seconds / 3600;
    if (hours < 8) {
        const qint64 m = minutes % 60;
        return m == 0 ? n(hours) + 'h' : n(hours) + 'h' + n(m) + 'm';
    }
    if (hours < 48)
        return n(hours) + 'h';
    if (hours < 192) {
        const qint64 h = hours % 24;
        return h == 0 ? n(hours / 24) + 'd' : n(hours / 24) + 'd' + n(h) + 'h';
    }
    if (hours < 24 * 365 * 2)
        return n(hours / 24) + 'd';
    if (hours < 24 * 365 * 8) {
        const qint64 d = (hours / 24) % 365;
        return d == 0 ? n(hours / 24 / 365) + 'y' : n(hours / 24 / 365) + 'y' + n(d) + 'd';
    }
    return n(hours / 24 / 365) + 'y';
}

QByteArray SimJson::status(int code, QByteArrayView reason, QByteArrayView message,
                           QByteArrayView detailsJson)
{
    QByteArray out =
        R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":)";
    appendString(out, message);
    out.append(R"(,"reason":)");
    appendString(out, reason);
    if (!detailsJson.isEmpty())
        out.append(R"(,"details":{)").append(detailsJson).append('}');
    out.append(R"(,"code":)").append(QByteArray::number(code)).append('}');
    return out;
}

QByteArray SimJson::reason(int code)
{
    switch (code) {
    case 400:
        return "BadRequest";
    case 401:
        return "Unauthorized";
    case 403:
        return "Forbidden";
    case 404:
        return "NotFound";
    case 405:
        return "MethodNotAllowed";
    case 409:
        return "Conflict";
    case 410:
        return "Expired";
    case 422:
        return "Invalid";
    case 429:
        return "TooManyRequests";
    case 500:
        return "InternalError";
    case 503:
        return "ServiceUnavailable";
    case 504:
        return "Timeout";
    default:
        return "Unknown";
    }
}

QByteArray SimJson::watchNotSupported(QByteArrayView plural)
{
    return status(405, "MethodNotAllowed",
                  "watch is not supported on resources of kind " + quoted(plural),
                  R"("kind":)" + quoted(plural));
}
