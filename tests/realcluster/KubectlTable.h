#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

// What `kubectl get` prints as a table: its header titles and each row's cells. kubectl pads
// every column to its widest cell (tabwriter), so each column starts where its title does; a
// cell may hold a single space ("False (MissingEndpoints)"), a title too ("NOMINATED NODE"),
// which is why the line is cut at the titles' offsets rather than split on blanks.
struct KubectlTable
{
    QStringList headers;
    QList<QStringList> rows;

    static KubectlTable parse(const QByteArray &output);
    // The column titled title (case-insensitive), or -1.
    int column(const QString &title) const;
};

// kubectl's (and Kubeglass's) human durations ("5m3s", "2d4h", "3y45d", "45s"): seconds, or -1
// when text is not one. granularity: the seconds of its smallest unit (what the printer
// dropped is less than that).
qint64 parseHumanDuration(const QString &text, qint64 *granularity = nullptr);
