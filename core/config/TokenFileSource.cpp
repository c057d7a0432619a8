#include "core/config/TokenFileSource.h"

#include "core/Logging.h"
#include "core/base/Clock.h"

#include <QFile>

TokenFileSource::TokenFileSource(const QString &path, Clock *clock, qint64 refreshMs)
    : m_path(path)
    , m_clock(clock ? clock : Clock::system())
    , m_refreshMs(refreshMs)
{}

QByteArray TokenFileSource::token(QString *error)
{
    if (error)
        error->clear();
    const qint64 now = m_clock->nowMs();
    if (m_haveToken && now - m_readAtMs < m_refreshMs)
        return m_token;

    QFile file(m_path);
    QString problem;
    QByteArray token;
    if (!file.open(QIODevice::ReadOnly)) {
        problem = QStringLiteral("cannot read token file %1: %2").arg(m_path, file.errorString());
    } else {
        token = file.read(1024 * 1024).trimmed(); // a token is a few KB at most
        if (token.isEmpty())
            problem = QStringLiteral("token file %1 is empty").arg(m_path);
    }
    if (problem.isEmpty()) {
        m_token = token;
        m_haveToken = true;
        m_readAtMs = now;
        return m_token;
    }
    qCWarning(lcAuth).noquote() << problem;
    if (error)
        *error = problem;
    return m_token; // the last good one, if any, as client-go does
}
