#pragma once

#include <QString>

// Why name is not a valid Kubernetes namespace name (an RFC 1123 DNS label), or an empty string
// when it is. Hand-typed names are checked before they reach a URL or the settings.
QString namespaceNameError(const QString &name);
