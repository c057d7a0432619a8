#include "sim/SimTls.h"

#include "sim/SimConfig.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSslKey>

namespace {

bool runOpenssl(const QStringList &args, const QString &dir, QString *error)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral("openssl"), args);
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("openssl %1 failed: %2 %3")
                     .arg(args.value(0), p.errorString(), QString::fromLocal8Bit(p.readAll()));
        return false;
    }
    return true;
}

bool issue(const QString &dir, const QString &name, const QString &subject,
           const QString &extensions, QString *error)
{
    const QString ext = name + QStringLiteral(".ext");
    QFile extFile(QDir(dir).filePath(ext));
    if (!extFile.open(QIODevice::WriteOnly) || extFile.write(extensions.toUtf8()) < 0) {
        *error = QStringLiteral("cannot write %1").arg(extFile.fileName());
        return false;
    }
    extFile.close();
    const QString l = QStringLiteral("-");
    return runOpenssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                       QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"),
                       QStringLiteral("-nodes"), QStringLiteral("-keyout"), name + ".key",
                       QStringLiteral("-out"), name + ".csr", QStringLiteral("-subj"), subject},
                      dir, error) &&
           runOpenssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                       name + ".csr", QStringLiteral("-CA"), QStringLiteral("ca.crt"),
                       QStringLiteral("-CAkey"), QStringLiteral("ca.key"),
                       QStringLiteral("-CAcreateserial"), QStringLiteral("-days"),
                       QStringLiteral("365"), QStringLiteral("-out"), name + ".crt",
                       QStringLiteral("-extfile"), ext},
                      dir, error);
}

} // namespace

bool SimTls::generate(const QString &dir, SimConfig *config, QString *error)
{
    if (!QDir().mkpath(dir)) {
        *error = QStringLiteral("cannot create %1").arg(dir);
        return false;
    }
    const bool ok =
        runOpenssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                    QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                    QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                    QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"),
                    QStringLiteral("ca.crt"), QStringLiteral("-days"), QStringLiteral("365"),
                    QStringLiteral("-subj"), QStringLiteral("/CN=kubeglass-sim-ca")},
                   dir, error) &&
        issue(dir, QStringLiteral("server"), QStringLiteral("/CN=kubeglass-sim"),
              QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                             "extendedKeyUsage=serverAuth\n"),
              error) &&
        issue(dir, QStringLiteral("client"),
              QStringLiteral("/O=system:masters/CN=kubeglass-client"),
              QStringLiteral("extendedKeyUsage=clientAuth\n"), error);
    if (!ok)
        return false;
    const QDir d(dir);
    config->tlsCertFile = d.filePath(QStringLiteral("server.crt"));
    config->tlsKeyFile = d.filePath(QStringLiteral("server.key"));
    config->tlsClientCaFile = d.filePath(QStringLiteral("ca.crt"));
    return true;
}

bool SimTls::load(const SimConfig &config, QSslConfiguration *out, QString *error)
{
    const auto read = [&](const QString &path, QByteArray *data) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
            return false;
        }
        *data = f.readAll();
        return true;
    };
    QByteArray certPem;
    QByteArray keyPem;
    if (!read(config.tlsCertFile, &certPem) || !read(config.tlsKeyFile, &keyPem))
        return false;
    const QList<QSslCertificate> certs = QSslCertificate::fromData(certPem, QSsl::Pem);
    QSslKey key(keyPem, QSsl::Ec, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Rsa, QSsl::Pem);
    if (certs.isEmpty() || key.isNull()) {
        *error = QStringLiteral("invalid server certificate or key (%1, %2)")
                     .arg(config.tlsCertFile, config.tlsKeyFile);
        return false;
    }
    QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
    ssl.setLocalCertificateChain(certs);
    ssl.setPrivateKey(key);
    if (config.clientCertAuth) {
        QByteArray caPem;
        if (!read(config.tlsClientCaFile, &caPem))
            return false;
        ssl.setCaCertificates(QSslCertificate::fromData(caPem, QSsl::Pem));
        // Ask for a certificate without requiring one, so bearer-token clients still connect;
        // SimAuth accepts a certificate only if it verified without errors.
        ssl.setPeerVerifyMode(QSslSocket::QueryPeer);
    } else {
        ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
    }
    *out = ssl;
    return true;
}
