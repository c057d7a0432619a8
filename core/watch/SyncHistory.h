#pragma once

#include <QString>

// What a Reflector keeps across its states from start() to stop(), as client-go does: whether
// a list was applied, whether the last resourceVersion can be read again (client-go's
// isLastSyncResourceVersionUnavailable), and whether a list or a watch is the first one.
class SyncHistory
{
public:
    // start(): nothing happened yet.
    void reset();
    // A list or streaming list begins; true when it is not the first (client-go: a relist).
    bool beginSync();
    bool hasSynced() const { return m_hasSynced; }
    void setSynced() { m_hasSynced = true; }
    // A watch begins (a streaming list's stream going on as one too); true when it is not the
    // first (a watch restart).
    bool beginWatch();
    // After Expired or TooLarge, until a list is applied: lists read the newest state.
    void setResourceVersionUnavailable(bool unavailable) { m_unavailable = unavailable; }
    // client-go's relistResourceVersion(): a consistent read after Expired/TooLarge, "0" (any
    // cached state) before the first sync, else at least as new as lastSync.
    QString relistResourceVersion(const QString &lastSync) const;
    // client-go's rewatchResourceVersion(): a streaming list after Expired/TooLarge, or before
    // any sync, asks for the newest state.
    QString rewatchResourceVersion(const QString &lastSync) const;

private:
    bool m_hasSynced = false;
    bool m_unavailable = false;
    bool m_listedOnce = false;
    bool m_watchedOnce = false;
};
