#pragma once

#include "core/config/Kubeconfig.h"
#include "core/config/KubeconfigLoader.h"
#include "core/config/KubeconfigWatcher.h"

#include <QObject>

class MainWindow;

// Keeps the window on the kubeconfig files as they are on disk (kubectl config, an editor, a
// rotated token or exec setup): when they change, loads them again, offers the new contexts in
// the Contexts picker (added ones appear, removed ones go), and reconnects each shown context
// whose connection the files now describe differently, saying so in the message bar. Edits
// that leave the shown contexts' connections as they were disturb nothing.
class KubeconfigFollower : public QObject
{
    Q_OBJECT

public:
    // A child of window. loader: how kubeconfig was loaded; its candidate files are watched.
    // kubeconfig: what the window shows now. clock: not owned; Clock::system() when null.
    KubeconfigFollower(MainWindow *window, const KubeconfigLoader &loader,
                       const Kubeconfig &kubeconfig, Clock *clock = nullptr);

private:
    void reload();

    MainWindow *m_window; // Not owned: the parent.
    KubeconfigLoader m_loader;
    Kubeconfig m_kubeconfig;
    KubeconfigWatcher m_watcher;
};
