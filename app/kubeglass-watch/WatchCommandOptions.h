#pragma once

#include <QString>
#include <QStringList>

// kubeglass-watch's command line, parsed (see main.cpp for the flags).
struct WatchCommandOptions
{
    QString kubeconfig;
    // Kubeconfig contexts, one cluster each; empty: the current context. With several, every
    // output line names its context.
    QStringList contexts;
    QString server;
    QString token;
    QString certificateAuthority;
    bool insecureSkipTlsVerify = false;
    QString namespaceName;
    bool allNamespaces = false;
    QString labelSelector;
    QString fieldSelector;
    bool watchList = false;
    // Give up a streaming list whose initial events do not end (no initial-events-end bookmark)
    // after this many seconds without an event; -1: the reflector's default (30). Above 60 it
    // is clamped to 60 (WatchCommand says so on stderr).
    qint64 initialEventsTimeoutSeconds = -1;
    int pageSize = 0;
    qint64 resyncSeconds = 0;
    qint64 maxInternalErrorRetrySeconds = 0;
    // Silence before a watch's connection is checked; -1: the reflector's default; 0: never.
    qint64 stallTimeoutSeconds = -1;
    bool table = false;
    bool events = false;
    // One file per cluster, in the order of contexts.
    QStringList snapshotFiles;
    bool exitAfterSync = false;
    double durationSeconds = 0; // 0: run until signalled
    // Poll metrics.k8s.io instead of watching: RESOURCE is then pods or nodes (or absent:
    // both), as kubectl top takes them.
    bool metrics = false;
    QString resource;
};
