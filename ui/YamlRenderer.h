#pragma once

#include <QByteArray>
#include <QString>

// Renders one object's JSON as YAML (yaml-cpp's emitter), the way kubectl -o yaml reads.
// Parsing one object with QJsonDocument is fine here: it is a single object, not a stream.
class YamlRenderer
{
public:
    struct Options
    {
        bool showManagedFields = false;
        bool revealSecretData = false;
    };

    // The YAML text, or a one-line explanation when json is not an object.
    static QString render(const QByteArray &json, const Options &options);
    // True when the object is a Secret (its data is masked unless revealed).
    static bool isSecret(const QByteArray &json);
};
