#pragma once

#include <QByteArray>
#include <QString>

// Renders one object's JSON as YAML, byte for byte as `kubectl get -o yaml` prints it.
// Parsing one object with QJsonDocument is fine here: it is a single object, not a stream.
class YamlRenderer
{
public:
    struct Options
    {
        bool showManagedFields = false;
        bool revealSecretData = false;
        // The resource's apiVersion ("v1", "apps/v1") and kind ("Pod"): list items carry
        // neither, and kubectl fills both in from the list when both are missing.
        QString apiVersion;
        QString kind;
    };

    // The YAML text, or a one-line explanation when json is not an object.
    static QString render(const QByteArray &json, const Options &options);
    // True when the object is a Secret (its data is masked unless revealed).
    static bool isSecret(const QByteArray &json);
};
