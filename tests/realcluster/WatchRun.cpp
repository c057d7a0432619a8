#include "tests/realcluster/WatchRun.h"

#include <QFile>
#include <QJsonDocument>

#include <algorithm>
#include <signal.h>
#include <sys/prctl.h>

WatchRun::WatchRun()
    : m_snapshot(m_dir.filePath(QStringLiteral("snapshot.json")))
{}

WatchRun::~WatchRun()
{
    stop();
}

bool WatchRun::start(const QStringList &arguments)
{
    m_child = std::make_unique<FileCapturedProcess>(m_dir.path());
    // Should the test crash, the child goes with it instead of watching on (Linux only, as the
    // realcluster tests are).
    m_child->process().setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_child->start(QStringLiteral(KUBEGLASS_WATCH_EXE),
                   arguments + QStringList{QStringLiteral("--snapshot"), m_snapshot});
    return m_child->process().waitForStarted(10000);
}

const QList<QJsonObject> &WatchRun::lines()
{
    if (!m_child)
        return m_lines;
    m_pending += m_child->readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        m_lines << QJsonDocument::fromJson(m_pending.left(newline)).object();
        m_pending.remove(0, newline + 1);
    }
    return m_lines;
}

namespace {

bool matches(const QJsonObject &line, const QString &key, const QString &value)
{
    const QJsonValue field = line.value(key);
    return !field.isUndefined() && (value.isNull() || field.toVariant().toString() == value);
}

} // namespace

int WatchRun::count(const QString &key, const QString &value, int from)
{
    const QList<QJsonObject> &all = lines();
    return int(std::count_if(all.begin() + qMin(qsizetype(from), all.size()), all.end(),
                             [&](const QJsonObject &line) { return matches(line, key, value); }));
}

int WatchRun::indexOf(const QString &key, const QString &value, int from)
{
    const QList<QJsonObject> &all = lines();
    for (qsizetype i = from; i < all.size(); ++i)
        if (matches(all.at(i), key, value))
            return int(i);
    return -1;
}

QByteArray WatchRun::standardError()
{
    if (m_child)
        m_stderr += m_child->readAllStandardError();
    return m_stderr;
}

QJsonObject WatchRun::snapshotObjects() const
{
    QFile file(m_snapshot);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object().value("objects").toObject();
}

void WatchRun::stop()
{
    if (!m_child || m_child->process().state() == QProcess::NotRunning)
        return;
    m_child->process().terminate();
    if (!m_child->process().waitForFinished(10000)) {
        m_child->process().kill();
        m_child->process().waitForFinished(10000);
    }
}
