#pragma once

#include <QByteArray>
#include <QByteArrayView>

// The legacy (non-aggregated) discovery documents: /version, /api, /apis, and the
// APIResourceList of each served group version.
class SimDiscovery
{
public:
    static QByteArray version();
    static QByteArray apiVersions(const QByteArray &serverAddress);
    // extraGroups: APIGroup entries appended after the built-in and custom groups, as the
    // aggregator lists aggregated APIs (metrics.k8s.io); comma-separated JSON objects.
    static QByteArray apiGroupList(QByteArrayView extraGroups = {});
    // The APIResourceList for "v1" or "<group>/<version>"; empty when not served.
    static QByteArray resourceList(const QByteArray &groupVersion);
};
