#include "tests/support/LocalKubectl.h"

#include <QDebug>
#include <QProcess>
#include <QStandardPaths>

QString LocalKubectl::path()
{
    return QStandardPaths::findExecutable(QStringLiteral("kubectl"));
}

QByteArray LocalKubectl::run(const QStringList &arguments, const QString &home)
{
    QProcess kubectl;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("KUBECONFIG"));
    environment.insert(QStringLiteral("HOME"), home);
    kubectl.setProcessEnvironment(environment);
    kubectl.start(path(), arguments);
    if (!kubectl.waitForFinished(30000) || kubectl.exitCode() != 0) {
        qWarning() << "kubectl" << arguments << "failed:" << kubectl.readAllStandardError();
        return {};
    }
    return kubectl.readAllStandardOutput();
}
