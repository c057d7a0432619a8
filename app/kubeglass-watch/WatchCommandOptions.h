#pragma once

#include <QString>

// kubeglass-watch's command line, parsed (see main.cpp for the flags).
struct WatchCommandOptions
{
    QString kubeconfig;
    QString context;
    QString server;
    QString token;
    QString certificateAuthority;
    bool insecureSkipTlsVerify = false;
    QString namespaceName;
    bool allNamespaces = false;
    QString labelSelector;
    QString fieldSelector;
    bool watchList = false;
    int pageSize = 0;
    qint64 resyncSeconds = 0;
    qint64 maxInternalErrorRetrySeconds = 0;
    qint64 stallTimeoutSeconds = -1; // -1: the reflector's default; 0: off
    bool table = false;
    bool events = false;
    QString snapshotFile;
    bool exitAfterSync = false;
    double durationSeconds = 0; // 0: run until signalled
    QString resource;
};
