#include "sim/SimContinueToken.h"

#include "sim/SimJson.h"

#include <QJsonDocument>
#include <QJsonObject>

QByteArray SimContinueToken::encode(quint64 rv, const QByteArray &lastKey)
{
    const QByteArray json = R"({"v":"meta.k8s.io/v1","rv":)" + QByteArray::number(rv) +
                            R"(,"start":)" + SimJson::quoted(lastKey + '\0') + '}';
    return json.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

bool SimContinueToken::decode(const QByteArray &token, quint64 *rv, QByteArray *lastKey)
{
    const auto decoded = QByteArray::fromBase64Encoding(
        token, QByteArray::Base64UrlEncoding | QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return false;
    const QJsonObject o = QJsonDocument::fromJson(*decoded).object();
    const QString start = o.value(QLatin1String("start")).toString();
    const qint64 version = o.value(QLatin1String("rv")).toInteger(-1);
    if (o.value(QLatin1String("v")).toString() != QLatin1String("meta.k8s.io/v1") || version <= 0 ||
        !start.endsWith(QChar(0)))
        return false;
    *rv = quint64(version);
    *lastKey = start.chopped(1).toUtf8();
    return true;
}
