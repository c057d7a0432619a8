#include "tests/realcluster/RealCluster.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

#include <algorithm>

namespace {

const char kPrefix[] = "KUBEGLASS_REALK8S_";

QByteArray runProcess(const QString &program, const QStringList &arguments, bool *ok, int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, arguments);
    const bool finished = process.waitForStarted(10000) && process.waitForFinished(timeoutMs);
    if (!finished)
        process.kill();
    const bool success =
        finished && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    if (!success)
        qWarning("%s %s failed: %s", qPrintable(program), qPrintable(arguments.value(0)),
                 process.readAllStandardError().left(2000).constData());
    if (ok)
        *ok = success;
    return process.readAllStandardOutput();
}

} // namespace

RealCluster::RealCluster()
{
    const QString path = qEnvironmentVariable("KUBEGLASS_REALK8S_ENV");
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("no env file at $KUBEGLASS_REALK8S_ENV (%1): is the realk8s "
                                 "fixture (realk8s_start) running?")
                      .arg(path);
        return;
    }
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype equals = line.indexOf('=');
        if (line.startsWith(kPrefix) && equals > 0)
            m_values.insert(QString::fromUtf8(line.mid(sizeof kPrefix - 1,
                                                       equals - qsizetype(sizeof kPrefix - 1))),
                            QString::fromUtf8(line.mid(equals + 1)));
    }
}

QByteArray RealCluster::control(const QString &action, const QStringList &arguments, bool *ok) const
{
    const QStringList command = controlCommand(action, arguments);
    return runProcess(command.first(), command.mid(1), ok, 120000);
}

std::unique_ptr<QProcess> RealCluster::startControl(const QString &action) const
{
    const QStringList command = controlCommand(action, {});
    auto process = std::make_unique<QProcess>();
    process->start(command.first(), command.mid(1));
    return process;
}

QStringList RealCluster::controlCommand(const QString &action, const QStringList &arguments) const
{
    // CONTROL is "python3 /path/plane.py": neither path holds a space in our layouts.
    return value(QStringLiteral("CONTROL")).split(QLatin1Char(' ')) +
           QStringList{action, value(QStringLiteral("DIR"))} + arguments;
}

QByteArray RealCluster::kubectl(const QStringList &arguments, bool *ok,
                                const QString &kubeconfig) const
{
    const QString config =
        kubeconfig.isEmpty() ? value(QStringLiteral("ADMIN_KUBECONFIG")) : kubeconfig;
    return runProcess(QStringLiteral("kubectl"), QStringList{"--kubeconfig", config} + arguments,
                      ok, 60000);
}

QJsonObject RealCluster::kubectlObjects(const QString &resource, const QString &namespaceName,
                                        const QString &kubeconfig) const
{
    QStringList arguments{QStringLiteral("get"), resource, QStringLiteral("-o"),
                          QStringLiteral("json")};
    arguments << (namespaceName.isEmpty() ? QStringList{QStringLiteral("-A")}
                                          : QStringList{QStringLiteral("-n"), namespaceName});
    bool ok = false;
    const QByteArray output = kubectl(arguments, &ok, kubeconfig);
    QJsonObject objects;
    if (!ok)
        return objects;
    const QJsonArray items = QJsonDocument::fromJson(output).object().value("items").toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject metadata = item.toObject().value("metadata").toObject();
        const QString name = metadata.value("name").toString();
        const QString ns = metadata.value("namespace").toString();
        objects.insert(ns.isEmpty() ? name : ns + QLatin1Char('/') + name,
                       metadata.value("resourceVersion").toString());
    }
    return objects;
}

int RealCluster::apiserverLogCount(const QList<QByteArray> &parts) const
{
    QFile file(value(QStringLiteral("DIR")) + QStringLiteral("/logs/kube-apiserver.log"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    int count = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        count += std::all_of(parts.begin(), parts.end(),
                             [&](const QByteArray &part) { return line.contains(part); });
    }
    return count;
}
