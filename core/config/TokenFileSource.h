#pragma once

#include <QByteArray>
#include <QString>

class Clock;

// A bearer token kept in a file (RestConfig::tokenFile; bound service-account tokens rotate).
// Like client-go's cached file token source it re-reads the file at most once per refresh
// period and keeps the last good token when a read fails. For the REST client; not thread-safe.
class TokenFileSource
{
public:
    static constexpr qint64 DefaultRefreshMs = 60 * 1000;

    // clock: not owned; Clock::system() when null.
    explicit TokenFileSource(const QString &path, Clock *clock = nullptr,
                             qint64 refreshMs = DefaultRefreshMs);

    QString path() const { return m_path; }
    // The current token; empty with *error set when the file never gave one. *error is also set
    // (and the previous token returned) when a re-read fails.
    QByteArray token(QString *error = nullptr);

private:
    QString m_path;
    Clock *m_clock; // Not owned.
    qint64 m_refreshMs;
    qint64 m_readAtMs = 0;
    bool m_haveToken = false;
    QByteArray m_token;
};
