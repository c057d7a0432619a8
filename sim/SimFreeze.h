#pragma once

#include "sim/SimHttpRequest.h"

#include <QList>
#include <QPair>
#include <QPointer>

class SimHttpConnection;
class SimWatch;

// The server as a SIGSTOPped apiserver looks from outside (/_sim/freeze, /_sim/thaw): new
// connections are still accepted (the kernel does that for a stopped process) and open ones stay
// open, but no API request is answered and no watch sends a byte, bookmarks included. Control
// calls go on. On thaw the held requests are served in their order and the watches go on.
class SimFreeze
{
public:
    using Held = QList<QPair<QPointer<SimHttpConnection>, SimHttpRequest>>;

    bool isFrozen() const { return m_frozen; }
    // While frozen, keeps an API request (not a /_sim/ call) unanswered; true if it did.
    bool hold(SimHttpConnection *connection, const SimHttpRequest &request);
    void freeze(const QList<QPointer<SimWatch>> &watches);
    // Ends the freeze; returns the held requests, oldest first, to be served now.
    Held thaw(const QList<QPointer<SimWatch>> &watches);

private:
    bool m_frozen = false;
    Held m_held;
};
