#pragma once

class QThreadPool;

// Kubeglass's own pool for work off the GUI and network threads: list pages decoded, the
// table's sorts. Not Qt's global pool: Qt Gui 6.4's raster engine splits a large fill over
// QThreadPool::globalInstance() and waits for it on the GUI thread, so work queued there ahead
// of a fill stalls painting (800 ms while the lists of four clusters were decoded at once).
QThreadPool *workPool();
