#include "core/config/KubeconfigWatcher.h"

#include "core/Logging.h"
#include "core/base/Clock.h"

#include <QFileInfo>

KubeconfigWatcher::KubeconfigWatcher(Clock *clock, QObject *parent)
    : QObject(parent)
    , m_clock(clock ? clock : Clock::system())
{
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &KubeconfigWatcher::onEvent);
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, &KubeconfigWatcher::onEvent);
}

KubeconfigWatcher::~KubeconfigWatcher()
{
    if (m_pending)
        m_clock->cancel(m_pending);
}

void KubeconfigWatcher::watch(const QStringList &files)
{
    const QStringList watched = m_watcher.files() + m_watcher.directories();
    if (!watched.isEmpty())
        m_watcher.removePaths(watched);
    m_states.clear();
    for (const QString &file : files)
        m_states.insert(QFileInfo(file).absoluteFilePath(), stateOf(file));
    rewatch();
}

KubeconfigWatcher::FileState KubeconfigWatcher::stateOf(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        return {};
    return {true, info.size(), info.lastModified()};
}

void KubeconfigWatcher::rewatch()
{
    for (auto it = m_states.cbegin(); it != m_states.cend(); ++it) {
        const QString dir = QFileInfo(it.key()).absolutePath();
        if (!m_watcher.directories().contains(dir) && QFileInfo(dir).isDir())
            m_watcher.addPath(dir);
        // A replaced file loses its watch; adding it again is harmless when it still has one.
        if (it->exists && !m_watcher.files().contains(it.key()))
            m_watcher.addPath(it.key());
    }
}

void KubeconfigWatcher::onEvent()
{
    if (m_pending)
        return;
    m_pending = m_clock->callAfter(DebounceMs, this, [this] {
        m_pending = 0;
        check();
    });
}

void KubeconfigWatcher::check()
{
    bool differs = false;
    for (auto it = m_states.begin(); it != m_states.end(); ++it) {
        const FileState now = stateOf(it.key());
        if (!(now == *it)) {
            *it = now;
            differs = true;
        }
    }
    rewatch();
    if (differs) {
        qCDebug(lcConfig) << "kubeconfig changed on disk";
        emit changed();
    }
}
