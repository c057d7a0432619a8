#include "core/platform/KubeHomeDirectory.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace {

QStringList windowsCandidates(const QProcessEnvironment &environment, bool configOrder)
{
    const QString home = environment.value(QStringLiteral("HOME"));
    const QString drivePath = environment.value(QStringLiteral("HOMEDRIVE")).isEmpty() ||
                                      environment.value(QStringLiteral("HOMEPATH")).isEmpty()
                                  ? QString()
                                  : environment.value(QStringLiteral("HOMEDRIVE")) +
                                        environment.value(QStringLiteral("HOMEPATH"));
    const QString profile = environment.value(QStringLiteral("USERPROFILE"));
    // client-go looks for an existing config in HOME, HOMEDRIVE+HOMEPATH, USERPROFILE order, and
    // for a usable folder in HOME, USERPROFILE, HOMEDRIVE+HOMEPATH order.
    QStringList candidates =
        configOrder ? QStringList{home, drivePath, profile} : QStringList{home, profile, drivePath};
    candidates.removeAll(QString());
    return candidates;
}

QString windowsHome(const QProcessEnvironment &environment)
{
    for (const QString &dir : windowsCandidates(environment, true)) {
        if (QFileInfo(QDir(dir).filePath(QStringLiteral(".kube/config"))).isFile())
            return dir;
    }
    const QStringList candidates = windowsCandidates(environment, false);
    for (const QString &dir : candidates) {
        const QFileInfo info(dir);
        if (info.isDir() && info.isWritable())
            return dir;
    }
    for (const QString &dir : candidates) {
        if (QFileInfo(dir).isDir())
            return dir;
    }
    return candidates.value(0);
}

} // namespace

KubeHomeDirectory::Rules KubeHomeDirectory::nativeRules()
{
#ifdef Q_OS_WIN
    return Rules::Windows;
#else
    return Rules::Unix;
#endif
}

QString KubeHomeDirectory::find(const QProcessEnvironment &environment, Rules rules)
{
    if (rules == Rules::Windows)
        return windowsHome(environment);
    return environment.value(QStringLiteral("HOME"));
}

QString KubeHomeDirectory::defaultKubeconfig(const QProcessEnvironment &environment, Rules rules)
{
    const QString home = find(environment, rules);
    if (home.isEmpty())
        return {};
    return QDir(home).filePath(QStringLiteral(".kube/config"));
}
