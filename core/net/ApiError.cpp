#include "core/net/ApiError.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

ApiError ApiError::fromStatusJson(const QByteArray &json, int httpStatus)
{
    ApiError error;
    error.httpStatus = httpStatus;
    // Status bodies are small; QJsonDocument is fine off the hot path.
    const QJsonObject status = QJsonDocument::fromJson(json).object();
    if (status.value(QLatin1String("kind")).toString() != QLatin1String("Status")) {
        error.message = QString::fromUtf8(json.left(300)).trimmed();
        return error;
    }
    error.isStatus = true;
    if (error.httpStatus == 0)
        error.httpStatus = status.value(QLatin1String("code")).toInt();
    error.reason = status.value(QLatin1String("reason")).toString();
    error.message = status.value(QLatin1String("message")).toString();
    const QJsonArray causes =
        status.value(QLatin1String("details")).toObject().value(QLatin1String("causes")).toArray();
    for (const QJsonValue &cause : causes) {
        error.causeReasons.append(cause.toObject().value(QLatin1String("reason")).toString());
        error.causeMessages.append(cause.toObject().value(QLatin1String("message")).toString());
    }
    return error;
}

bool ApiError::isExpired() const
{
    return httpStatus == 410 || reason == QLatin1String("Expired") ||
           reason == QLatin1String("Gone");
}

bool ApiError::isTooLargeResourceVersion() const
{
    static const QLatin1String text("Too large resource version");
    if (causeReasons.contains(QLatin1String("ResourceVersionTooLarge")))
        return true;
    if (message.contains(text, Qt::CaseInsensitive))
        return true;
    for (const QString &causeMessage : causeMessages) {
        if (causeMessage.contains(text, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

QString ApiError::toString() const
{
    if (httpStatus == 0)
        return message;
    QString text = QString::number(httpStatus);
    if (!reason.isEmpty())
        text += QLatin1Char(' ') + reason;
    if (!message.isEmpty())
        text += QLatin1String(": ") + message;
    return text;
}
