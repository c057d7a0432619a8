#pragma once

#include <QString>
#include <QStringList>

// Everything that shapes a simulated cluster: its size, its churn, its transport security and
// its permissions. Defaults give a small plain-HTTP cluster without auth.
struct SimConfig
{
    // Cluster shape. Namespaces are "default", "kube-system", then "ns-3", "ns-4", ...
    int namespaces = 3;
    int pods = 40;
    int deployments = 8; // pods are spread over deployments (each with a replicaset)
    int nodes = 3;
    int widgetsPerNamespace = 2; // the custom resource demo.kubeglass.io/v1 widgets
    quint32 seed = 1;
    bool managedFields = false;   // add metadata.managedFields (bigger objects)
    bool troubledObjects = false; // crash-looping, OOMKilled, NotReady objects (SimTrouble)
    // In each namespace a CronJob with its finished Job and that Job's pod, a StatefulSet "db"
    // of 2 pods (one not ready) with their PersistentVolumeClaims and a Service, a DaemonSet
    // with a pod on every node; and an EndpointSlice for every Service. Their pods add to
    // `pods`.
    bool moreWorkloads = false;
    // Every Nth pod made gets an init container "init-config" and a sidecar
    // "log-shipper" (0: none).
    int sidecarEvery = 0;

    // Live behaviour.
    double churnPerSecond = 0; // pod add / modify / delete events per second
    int bookmarkIntervalMs = 60000;
    int historyWindow = 10000;       // events kept for watch resume and consistent pages
    bool eventFieldSelectors = true; // false: events only by metadata.name/namespace (400)
    double logLinesPerSecond = 1;    // synthetic log lines per container per second (sim/SimLogs.h)
    bool paginateRv0 = false; // honour limit on resourceVersion=0 lists (the cache ignores it)
    // metrics.k8s.io/v1beta1 as metrics-server serves it (sim/SimMetrics.h): on, and how long
    // each sample's window is (the "window" field; one new sample per window).
    bool metricsApi = true;
    int metricsWindowMs = 15000;

    // TLS: serve https when a certificate is given or generated.
    QString tlsCertFile;
    QString tlsKeyFile;
    QString tlsClientCaFile; // CA that signs accepted client certificates
    QString tlsGenerateDir;  // generate ca.crt, server.*, client.* here with the openssl CLI

    // Authentication (off when both are unset): a request passes with the bearer token or with
    // a client certificate signed by tlsClientCaFile (the user is then the certificate's CN).
    QString bearerToken;
    bool clientCertAuth = false;
    QString userName = QStringLiteral("kubeglass"); // the token user, named in 403 messages

    // Authorization: cluster-wide list/watch of these resources (plural names) is forbidden;
    // their namespaced requests are allowed only in allowedNamespaces.
    QStringList forbiddenClusterWide;
    QStringList allowedNamespaces;

    // Control calls applied at startup, e.g. "fail?count=3&code=503" (see sim/CONTROL.md).
    QStringList startupFaults;
};
