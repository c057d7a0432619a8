#pragma once

#include <QSslConfiguration>
#include <QString>

struct SimConfig;

// TLS material for the simulator: generated with the openssl CLI on demand, loaded into a
// server-side QSslConfiguration.
class SimTls
{
public:
    // Writes ca.crt/ca.key, server.crt/server.key (SAN 127.0.0.1, localhost) and
    // client.crt/client.key (CN "kubeglass-client", O "system:masters") into dir, and points
    // config's TLS files at them. Returns false with error set on failure.
    static bool generate(const QString &dir, SimConfig *config, QString *error);
    // A server configuration from config's files; false with error set when unreadable.
    static bool load(const SimConfig &config, QSslConfiguration *out, QString *error);
};
