#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

class ObjectStore;

// Keeps a file equal to the store: {"resourceVersion":"..","objects":{"key":"rv",..}}, the
// shape of the simulator's /_sim/state. Rewritten atomically (QSaveFile) at most every 100 ms
// after a change, and on demand (exit).
class SnapshotWriter : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMinIntervalMs = 100;

    // store: not owned.
    SnapshotWriter(ObjectStore *store, const QString &path, QObject *parent = nullptr);

    // Something changed: write within kMinIntervalMs.
    void schedule();
    // Writes now; false (with a message on stderr) if the file cannot be written.
    bool writeNow();

private:
    ObjectStore *m_store; // Not owned.
    QString m_path;
    QTimer m_timer;
};
