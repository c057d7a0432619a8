#pragma once

#include <QHash>
#include <QJsonArray>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QUrl>

// What `kubectl top` prints, worked out in tests from a server's own metrics.k8s.io answer
// (CPU rounded up to the millicore, memory truncated to the Mi), to compare the window's cells
// with.
class MetricsExpectation
{
public:
    // The items of the list at path on server (a blocking GET: for tests only).
    static QJsonArray serverItems(const QUrl &server, const QString &path);
    // "namespace/name" -> {CPU, MEMORY} of every pod the server has a sample of.
    static QHash<QString, QPair<QString, QString>> podUsage(const QUrl &server);
    // "namespace/name" -> {%CPU/R, %CPU/L, %MEM/R, %MEM/L} of every pod the server has a sample
    // of, from the containers' requests and limits in its pod list: a dash where a container
    // sets none.
    static QHash<QString, QStringList> podPercents(const QUrl &server);
    // "namespace/name" -> {nanocores, bytes} of every pod the server has a sample of.
    static QHash<QString, QPair<double, double>> podSamples(const QUrl &server);
    // A quantity in the simulator's forms: "123n", "5m", "2" (cores); "123Ki", "4Mi", "100".
    static double number(const QString &quantity);
};
