#pragma once

#include "core/net/CredentialProvider.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <vector>

class Clock;
class QProcess;

// Credentials from a client-go exec credential plugin (client.authentication.k8s.io v1 or
// v1beta1): runs the command without a shell, parses the ExecCredential it prints, caches the
// result until status.expirationTimestamp or invalidate(). Concurrent fetches share one run.
//
// Error texts may include the plugin's own stderr (kubectl shows it on the terminal; it is the
// plugin's message to the user, e.g. "run gcloud auth login"). They are meant for the user's
// eyes: show them, do not log them. Of stdout (which holds the credentials) only the
// apiVersion it declares can appear in an error, as in kubectl's.
class ExecCredentialProvider : public CredentialProvider
{
    Q_OBJECT

public:
    enum class InteractiveMode
    {
        Never,
        IfAvailable,
        Always
    };

    struct Config
    {
        QString command; // absolute path, or a bare name looked up in PATH
        QStringList args;
        QList<QPair<QString, QString>> env; // added to the parent's environment
        QString apiVersion;                 // client.authentication.k8s.io/v1 or /v1beta1
        InteractiveMode interactiveMode = InteractiveMode::IfAvailable;
        QString installHint;
        bool provideClusterInfo = false;
        QJsonObject cluster;       // spec.cluster of KUBERNETES_EXEC_INFO (when provideClusterInfo)
        qint64 timeoutMs = 120000; // plugins may wait for a browser login
        QString userName;          // for messages
    };

    // clock: not owned; Clock::system() when null.
    explicit ExecCredentialProvider(Config config, Clock *clock = nullptr,
                                    QObject *parent = nullptr);
    ~ExecCredentialProvider() override;

    // Call on this object's thread: the plugin process lives there.
    void fetch(Callback callback) override;
    void invalidate() override;

    static bool isSupportedApiVersion(const QString &apiVersion);
    // Parses what a plugin printed into credentials: empty on success, else the error (which
    // never quotes the output, so it cannot leak a token).
    static QString parseExecCredential(const QByteArray &output, const QString &expectedApiVersion,
                                       const QString &userName, Credentials *credentials);

private:
    // The KUBERNETES_EXEC_INFO value the plugin receives.
    QByteArray execInfo() const;
    void start();
    void onFinished(int exitCode, bool crashed);
    void onFailedToStart();
    void finish(const Credentials &credentials, const QString &error);
    void finishLater(const QString &error);
    QString pluginMessage() const;
    void stopTimer();

    Config m_config;
    Clock *m_clock;                // Not owned.
    QProcess *m_process = nullptr; // Owned (child).
    quint64 m_timer = 0;
    bool m_timedOut = false;
    bool m_outputTooLarge = false;
    QByteArray m_stdout;
    QByteArray m_stderr;
    bool m_haveCached = false;
    Credentials m_cached;
    std::vector<Callback> m_waiting;
};
