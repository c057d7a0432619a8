#pragma once

#include <QByteArray>

// The legacy (non-aggregated) discovery documents: /version, /api, /apis, and the
// APIResourceList of each served group version.
class SimDiscovery
{
public:
    static QByteArray version();
    static QByteArray apiVersions(const QByteArray &serverAddress);
    static QByteArray apiGroupList();
    // The APIResourceList for "v1" or "<group>/<version>"; empty when not served.
    static QByteArray resourceList(const QByteArray &groupVersion);
};
