#include "tests/config/ContextResolverTest.h"

#include "core/config/KubeconfigLoader.h"

#include "tests/config/TestFiles.h"

#include <QTest>

void ContextResolverTest::makeKeys()
{
    QVERIFY(m_keys.isValid());
    QVERIFY(TestFiles::makeKeyAndCertificate(m_keys.path(), "ca", "ec-pkcs8"));
    for (const char *form : {"rsa-pkcs1", "rsa-pkcs8", "ec-sec1", "ec-pkcs8"})
        QVERIFY(TestFiles::makeKeyAndCertificate(m_keys.path(), form, form));
}

void ContextResolverTest::makeFolder()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    m_path = m_dir->filePath(QStringLiteral("config"));
}

QByteArray ContextResolverTest::kubeconfig(const QByteArray &clusterLines,
                                           const QByteArray &userLines) const
{
    auto indent = [](const QByteArray &lines) {
        QByteArray out;
        for (const QByteArray &line : lines.split('\n')) {
            if (!line.isEmpty())
                out += "    " + line + '\n';
        }
        return out;
    };
    return "apiVersion: v1\nkind: Config\ncurrent-context: ctx\ncontexts:\n- name: ctx\n"
           "  context:\n    cluster: c\n    user: u\n    namespace: team\n"
           "users:\n- name: u\n  user:\n" +
           indent(userLines) + "clusters:\n- name: c\n  cluster:\n" + indent(clusterLines);
}

ResolvedContext ContextResolverTest::resolve(const QByteArray &yaml)
{
    TestFiles::write(m_dir->path(), "config", yaml);
    KubeconfigLoader loader;
    loader.setExplicitPath(m_path);
    loader.setExecClock(m_clock.get());
    const Kubeconfig config = loader.load();
    if (!config.isValid()) {
        ResolvedContext failed;
        failed.error = config.errorString();
        return failed;
    }
    return config.resolve(QStringLiteral("ctx"));
}

int ContextResolverTest::lineOf(const QByteArray &yaml, const QByteArray &text)
{
    return int(yaml.left(yaml.indexOf(text)).count('\n')) + 1;
}

QByteArray ContextResolverTest::base64Of(const QString &file) const
{
    return TestFiles::read(m_keys.filePath(file)).toBase64();
}
