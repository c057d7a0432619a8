#include "ui/window/KubeconfigFollower.h"

#include "ui/common/UiLogging.h"
#include "ui/status/MessageBar.h"
#include "ui/window/MainWindow.h"

KubeconfigFollower::KubeconfigFollower(MainWindow *window, const KubeconfigLoader &loader,
                                       const Kubeconfig &kubeconfig, Clock *clock)
    : QObject(window)
    , m_window(window)
    , m_loader(loader)
    , m_kubeconfig(kubeconfig)
    , m_watcher(clock)
{
    connect(&m_watcher, &KubeconfigWatcher::changed, this, &KubeconfigFollower::reload);
    m_watcher.watch(m_loader.candidateFiles());
}

void KubeconfigFollower::reload()
{
    const Kubeconfig after = m_loader.load();
    if (!after.isValid()) {
        // Mid-edit, or broken: what is shown goes on with what was read before.
        m_window->messageBar()->showWarning(
            tr("kubeconfig changed but cannot be read; going on with what was read before:\n%1")
                .arg(after.errorString()));
        return;
    }
    const QStringList shown = m_window->clusters()->names();
    const QStringList changed = Kubeconfig::changedContexts(m_kubeconfig, after, shown);
    m_kubeconfig = after;
    qCInfo(lcUi) << "kubeconfig changed; contexts to reconnect:" << changed;
    m_window->offerContexts(after);
    if (changed.isEmpty())
        return;
    m_window->showContexts(shown);
    m_window->messageBar()->showInfo(
        tr("kubeconfig changed: reconnected context %1").arg(changed.join(QStringLiteral(", "))));
}
