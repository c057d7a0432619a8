#pragma once

#include "core/config/KubeconfigDocument.h"

#include <QByteArray>
#include <QString>

// Reads one kubeconfig file's YAML into a KubeconfigDocument with kubectl's decoding rules:
// unknown fields are ignored, wrong types and duplicate names are errors, relative file paths
// resolve against the file's directory. Never throws; garbage gives an error naming the line.
class KubeconfigParser
{
public:
    // Larger files are refused: no kubeconfig is this big and yaml-cpp would take ages.
    static constexpr qint64 MaxFileBytes = 32 * 1024 * 1024;

    // On failure returns an empty document and sets *error to "file:line: field: problem".
    static KubeconfigDocument parse(const QByteArray &data, const QString &path, QString *error);
    static KubeconfigDocument parseFile(const QString &path, QString *error);
};
