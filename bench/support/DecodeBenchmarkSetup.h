#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

// The set-up the decode benchmarks share: --pods and --rounds, and a response body of a
// kubeglass-sim run in process with that many pods and no churn, so that the figures are the
// decoder's alone.
struct DecodeBenchmarkSetup
{
    int pods = 0;
    int rounds = 0;

    // Parses --pods and --rounds; roundsHelp says what a round is.
    static DecodeBenchmarkSetup fromArguments(const QCoreApplication &app, int defaultPods,
                                              const QString &roundsHelp, int defaultRounds);
    // GETs path?query from the simulator; empty when it cannot start (said on stderr).
    QByteArray fetch(const QString &path, const QString &query) const;
};
