#pragma once

#include <QDateTime>
#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QStringList>

class Clock;

// Tells the app when a kubeconfig file it loaded (or could load) changed on disk, e.g. after
// "kubectl config use-context", so it can load again. Watches the files and their directories
// (editors and kubectl may replace files by rename), debounces bursts of writes, and ignores
// changes to unrelated files in those directories.
class KubeconfigWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr qint64 DebounceMs = 300;

    // clock: not owned; Clock::system() when null.
    explicit KubeconfigWatcher(Clock *clock = nullptr, QObject *parent = nullptr);
    ~KubeconfigWatcher() override;

    // Typically KubeconfigLoader::candidateFiles(); missing files are watched for creation.
    void watch(const QStringList &files);

signals:
    void changed();

private:
    struct FileState
    {
        bool exists = false;
        qint64 size = -1;
        QDateTime modified;
        bool operator==(const FileState &) const = default;
    };

    static FileState stateOf(const QString &path);
    void onEvent();
    void check();
    void rewatch();

    Clock *m_clock; // Not owned.
    QFileSystemWatcher m_watcher;
    QHash<QString, FileState> m_states;
    quint64 m_pending = 0;
};
