#include "core/yaml/YamlRenderer.h"

#include "core/yaml/GoYamlEmitter.h"

#include <QJsonDocument>
#include <QJsonObject>

// `kubectl get -o yaml` is sigs.k8s.io/yaml's JSONToYAML: go-yaml v2 decodes the object's JSON
// and encodes the result again (yaml.Marshal of a map[string]interface{}). GoYamlEmitter and
// GoYamlScalars reproduce go-yaml v2's choices, so the text is kubectl's, byte for byte: keys
// sorted, a string quoted exactly when go-yaml would read it back as another type, long
// scalars folded at 80 columns, multi-line strings as `|` blocks. yaml-cpp's emitter makes
// other choices on all of these, so it cannot give kubectl's text.

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
    const QLatin1String apiVersion("apiVersion");
    const QLatin1String kind("kind");
    // As kubectl does for the items of a list: both from the resource when both are missing.
    if (!object.contains(apiVersion) && !object.contains(kind)) {
        if (!options.apiVersion.isEmpty())
            object.insert(apiVersion, options.apiVersion);
        if (!options.kind.isEmpty())
            object.insert(kind, options.kind);
    }
    QJsonObject metadata = object.value(QLatin1String("metadata")).toObject();
    if (!options.showManagedFields && metadata.contains(QLatin1String("managedFields"))) {
        metadata.remove(QLatin1String("managedFields"));
        object.insert(QLatin1String("metadata"), metadata);
    }
    const bool secret = object.value(kind).toString() == QLatin1String("Secret");
    if (secret && !options.revealSecretData) {
        for (const QLatin1String field : {QLatin1String("data"), QLatin1String("stringData")}) {
            QJsonObject data = object.value(field).toObject();
            for (auto it = data.begin(); it != data.end(); ++it)
                it.value() = QStringLiteral("••••••••");
            if (object.contains(field))
                object.insert(field, data);
        }
    }
    return QString::fromStdString(GoYamlEmitter::document(object));
}
