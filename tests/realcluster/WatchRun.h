#pragma once

#include "tests/support/FileCapturedProcess.h"

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// One kubeglass-watch child with --snapshot, its JSON output lines parsed as they arrive.
class WatchRun
{
public:
    WatchRun();
    ~WatchRun();

    // Starts kubeglass-watch with arguments plus --snapshot; false if it did not start.
    bool start(const QStringList &arguments);
    QProcess &process() { return m_child->process(); }
    // Output lines parsed so far.
    const QList<QJsonObject> &lines();
    // Lines from index `from` on that have the key (and value, if given).
    int count(const QString &key, const QString &value = QString(), int from = 0);
    // The index of the first line from `from` on with the key (and value), else -1.
    int indexOf(const QString &key, const QString &value, int from = 0);
    QByteArray standardError();
    // The "objects" of the snapshot file: {"ns/name": "resourceVersion"}.
    QJsonObject snapshotObjects() const;
    // Stops the child (SIGTERM, then SIGKILL) and waits for it.
    void stop();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<FileCapturedProcess> m_child;
    QString m_snapshot;
    QList<QJsonObject> m_lines;
    QByteArray m_pending;
    QByteArray m_stderr;
};
