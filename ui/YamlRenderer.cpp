#include "ui/YamlRenderer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <yaml-cpp/yaml.h>

namespace {

void emitValue(YAML::Emitter &out, const QJsonValue &value);

void emitString(YAML::Emitter &out, const QString &text)
{
    const std::string s = text.toStdString();
    if (text.contains(u'\n'))
        out << YAML::Literal << s;
    else
        out << s;
}

void emitObject(YAML::Emitter &out, const QJsonObject &object)
{
    if (object.isEmpty()) {
        out << YAML::Flow << YAML::BeginMap << YAML::EndMap;
        return;
    }
    out << YAML::BeginMap;
    for (auto it = object.begin(); it != object.end(); ++it) {
        out << YAML::Key << it.key().toStdString() << YAML::Value;
        emitValue(out, it.value());
    }
    out << YAML::EndMap;
}

void emitValue(YAML::Emitter &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Object:
        emitObject(out, value.toObject());
        break;
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        if (array.isEmpty()) {
            out << YAML::Flow << YAML::BeginSeq << YAML::EndSeq;
            break;
        }
        out << YAML::BeginSeq;
        for (const QJsonValue &item : array)
            emitValue(out, item);
        out << YAML::EndSeq;
        break;
    }
    case QJsonValue::String:
        emitString(out, value.toString());
        break;
    case QJsonValue::Double: {
        const double d = value.toDouble();
        if (d == double(qint64(d)))
            out << qint64(d);
        else
            out << d;
        break;
    }
    case QJsonValue::Bool:
        out << value.toBool();
        break;
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out << YAML::Null;
        break;
    }
}

} // namespace

bool YamlRenderer::isSecret(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object().value(QLatin1String("kind")).toString() ==
           QLatin1String("Secret");
}

QString YamlRenderer::render(const QByteArray &json, const Options &options)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (!document.isObject())
        return QObject::tr("# The object could not be shown: %1").arg(error.errorString());
    QJsonObject object = document.object();
    QJsonObject metadata = object.value(QLatin1String("metadata")).toObject();
    if (!options.showManagedFields && metadata.contains(QLatin1String("managedFields"))) {
        metadata.remove(QLatin1String("managedFields"));
        object.insert(QLatin1String("metadata"), metadata);
    }
    const bool secret = object.value(QLatin1String("kind")).toString() == QLatin1String("Secret");
    if (secret && !options.revealSecretData) {
        for (const QLatin1String field : {QLatin1String("data"), QLatin1String("stringData")}) {
            QJsonObject data = object.value(field).toObject();
            for (auto it = data.begin(); it != data.end(); ++it)
                it.value() = QStringLiteral("••••••••");
            if (object.contains(field))
                object.insert(field, data);
        }
    }
    YAML::Emitter out;
    out.SetIndent(2);
    out.SetNullFormat(YAML::LowerNull); // "null", as kubectl prints it
    emitObject(out, object);
    return QString::fromStdString(out.c_str());
}
