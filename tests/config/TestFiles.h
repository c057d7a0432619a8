#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

// Small helpers shared by the config tests: writing fixture files and running openssl.
namespace TestFiles {

inline QString write(const QString &dir, const QString &name, const QByteArray &content,
                     bool executable = false)
{
    const QString path = QDir(dir).filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(content);
    file.close();
    if (executable)
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
    return path;
}

inline QByteArray read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Runs openssl with arguments in dir; false (with the reason on stderr) when it fails.
inline bool openssl(const QString &dir, const QStringList &arguments)
{
    QProcess process;
    process.setWorkingDirectory(dir);
    process.start(QStringLiteral("openssl"), arguments);
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        qWarning("openssl %s failed: %s", qPrintable(arguments.join(u' ')),
                 process.readAllStandardError().constData());
        return false;
    }
    return true;
}

// Writes <name>.key in the given form ("rsa-pkcs1", "rsa-pkcs8", "ec-sec1", "ec-pkcs8",
// "ed25519") and a self-signed <name>.crt for it.
inline bool makeKeyAndCertificate(const QString &dir, const QString &name, const QString &form)
{
    const QString key = name + QStringLiteral(".key");
    QStringList generate;
    if (form == QLatin1String("rsa-pkcs1"))
        generate = {"genrsa", "-traditional", "-out", key, "2048"};
    else if (form == QLatin1String("rsa-pkcs8"))
        generate = {"genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048",
                    "-out",    key};
    else if (form == QLatin1String("ec-sec1"))
        generate = {"ecparam", "-name", "prime256v1", "-genkey", "-out", key};
    else if (form == QLatin1String("ec-pkcs8"))
        generate = {"genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-out",    key};
    else
        generate = {"genpkey", "-algorithm", "ED25519", "-out", key};
    return openssl(dir, generate) &&
           openssl(dir, {"req", "-new", "-x509", "-key", key, "-subj", "/CN=" + name, "-days", "2",
                         "-out", name + QStringLiteral(".crt")});
}

} // namespace TestFiles
