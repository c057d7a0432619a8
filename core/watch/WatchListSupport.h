#pragma once

#include <QHash>
#include <QMutex>
#include <QString>

class QUrl;
struct WatchTarget;

// Resource types whose server does not finish streaming lists (the k8s.io/initial-events-end
// bookmark never comes), remembered for the life of the process, so that every reflector of
// such a type, restarted or new, lists and watches instead (docs/protocol.md). Thread-safe:
// reflectors run on several threads.
class WatchListSupport
{
public:
    // The one every reflector consults unless given another (tests use their own).
    static WatchListSupport *global();

    // One resource type on one server: "https://host:6443 apps/deployments".
    static QString keyFor(const QUrl &server, const WatchTarget &target);

    void markUnsupported(const QString &key, const QString &reason);
    bool isUnsupported(const QString &key) const;
    // Why key was marked; empty when it was not.
    QString reason(const QString &key) const;

private:
    mutable QMutex m_mutex;
    QHash<QString, QString> m_unsupported;
};
