#pragma once

#include "core/problems/Problem.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <memory>
#include <optional>

// The health rules of the Problems view, one object at a time, from its JSON:
// - pods: CrashLoopBackOff, ImagePullBackOff/ErrImagePull, last termination OOMKilled or Error,
//   phase not Running/Succeeded, Running with containers not ready (restartable init
//   containers, the sidecars, counted as kubectl counts them), restarts in the last hour
//   ("5 restarts in 10 min" when when they happened is known, see RestartLog, else the total);
// - Deployments, StatefulSets, ReplicaSets, DaemonSets: fewer available, then fewer updated,
//   replicas than desired;
// - nodes: NotReady, then memory/disk/PID pressure;
// - jobs: the Failed condition.
// Healthy objects and other kinds have no problem. Keep one instance: it reuses its parser and
// remembers restarts.
class ProblemRules
{
public:
    ProblemRules();
    ~ProblemRules();
    ProblemRules(const ProblemRules &) = delete;
    ProblemRules &operator=(const ProblemRules &) = delete;

    // kind: "Pod", "Deployment", ...; nowMs: wall clock, ms since the epoch. trackingKey: the
    // object's identity across calls, under which its restarts are remembered (empty: the
    // object is seen for the first time, and nothing is kept).
    std::optional<Problem> evaluate(QStringView kind, const QByteArray &json, qint64 nowMs,
                                    const QString &trackingKey = {});
    // The object of trackingKey is gone: its restarts are forgotten.
    void forget(const QString &trackingKey);

    // A Warning Event's object ("Pod default/web-1"), message and time (ms since the epoch);
    // nothing for Normal events and anything unreadable.
    struct Warning
    {
        QString objectKey;
        QString message;
        qint64 timeMs = 0;
    };
    std::optional<Warning> warningOf(const QByteArray &eventJson);

    // "45s", "4m", "3h", "2d"
    static QString shortDuration(qint64 ms);

private:
    struct Parser;
    std::unique_ptr<Parser> m_parser;
};
