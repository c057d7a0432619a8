#pragma once

#include "sim/SimServerThread.h"

#include "tests/sim/SimTestClient.h"

#include <QObject>
#include <QSet>

#include <memory>

// What the simulator's protocol test suites share: before each test a fresh simulator (3
// namespaces, 30 pods, 3 deployments, 2 nodes, a history of 1000 versions) and a client for it,
// and the helpers they read lists with. Qt Test finds init() and cleanup() here by name.
class SimProtocolTest : public QObject
{
    Q_OBJECT

protected slots:
    void init();
    void cleanup();

protected:
    // The Accept header of a kubectl-style Table request.
    static inline const QByteArray kTable =
        "application/json;as=Table;v=v1;g=meta.k8s.io, application/json";

    // Replaces the running simulator (and the client) with one configured as given.
    void startServer(const SimConfig &config);
    // A small cluster with every workload kind: Deployments, the StatefulSet "db" with its
    // Service, a DaemonSet, Jobs (SimConfig::moreWorkloads).
    void startWithWorkloads();
    // The items of a GET of path.
    QJsonArray list(const QString &path);
    QByteArray listRv(const QString &path);
    static QJsonArray items(const QJsonObject &list);
    static QString meta(const QJsonObject &o, const char *field);
    // "namespace/name" of each item.
    static QSet<QString> names(const QJsonObject &list);

    SimServerThread m_sim;
    std::unique_ptr<SimTestClient> m_client;
};
