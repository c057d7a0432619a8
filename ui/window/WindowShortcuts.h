#pragma once

class ClusterSet;
class DetailPane;
class MainToolBar;
class QDockWidget;
class QMainWindow;
class QTableView;

// The window's keyboard shortcuts (listed in the README): focus a toolbar field or open its
// picker, focus the table, toggle the detail pane (F3) and the status dock (F4), cancel loading,
// quit. Each is a window-wide QAction owned by the window.
class WindowShortcuts
{
public:
    static void install(QMainWindow *window, MainToolBar *toolBar, QTableView *table,
                        DetailPane *detail, ClusterSet *clusters, QDockWidget *statusDock);
};
