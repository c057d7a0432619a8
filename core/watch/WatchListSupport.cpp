#include "core/watch/WatchListSupport.h"

#include "core/watch/WatchTarget.h"

#include <QMutexLocker>
#include <QUrl>

WatchListSupport *WatchListSupport::global()
{
    static WatchListSupport support;
    return &support;
}

QString WatchListSupport::keyFor(const QUrl &server, const WatchTarget &target)
{
    return server.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash) + QLatin1Char(' ') +
           target.group + QLatin1Char('/') + target.resource;
}

void WatchListSupport::markUnsupported(const QString &key, const QString &reason)
{
    const QMutexLocker locker(&m_mutex);
    m_unsupported.insert(key, reason);
}

bool WatchListSupport::isUnsupported(const QString &key) const
{
    const QMutexLocker locker(&m_mutex);
    return m_unsupported.contains(key);
}

QString WatchListSupport::reason(const QString &key) const
{
    const QMutexLocker locker(&m_mutex);
    return m_unsupported.value(key);
}
