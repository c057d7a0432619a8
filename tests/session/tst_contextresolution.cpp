// The contexts a window opens at start, and each turned into its connection or into why it
// cannot be used, with the messages the window shows as they are.
#include "core/config/Kubeconfig.h"
#include "core/config/KubeconfigLoader.h"
#include "core/session/ContextResolution.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestContextResolution : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    Kubeconfig m_kubeconfig;

    static QStringList names(const ContextResolution &resolution)
    {
        QStringList names;
        for (const ContextResolution::Context &context : resolution.contexts)
            names.append(context.name);
        return names;
    }

private slots:
    void init()
    {
        // alpha (current) and beta are usable; lax connects without verifying TLS and names a
        // user that is not there (two warnings); broken names a cluster that is not there.
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_path = m_dir->filePath("config");
        QFile file(m_path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("apiVersion: v1\nkind: Config\nclusters:\n"
                   "- name: a\n  cluster:\n    server: https://alpha.example:6443\n"
                   "- name: b\n  cluster:\n    server: https://beta.example:6443\n"
                   "- name: open\n  cluster:\n    server: https://open.example:6443\n"
                   "    insecure-skip-tls-verify: true\n"
                   "users:\n- name: me\n  user: {}\n"
                   "contexts:\n"
                   "- name: alpha\n  context:\n    cluster: a\n    user: me\n"
                   "- name: beta\n  context:\n    cluster: b\n    user: me\n    namespace: team\n"
                   "- name: lax\n  context:\n    cluster: open\n    user: ghost\n"
                   "- name: broken\n  context:\n    cluster: nowhere\n    user: me\n"
                   "current-context: alpha\n");
        file.close();
        KubeconfigLoader loader;
        loader.setExplicitPath(m_path);
        m_kubeconfig = loader.load();
        QVERIFY2(m_kubeconfig.isValid(), qPrintable(m_kubeconfig.errorString()));
    }

    void shouldOpenTheRequestedContextsAsGiven()
    {
        // Given contexts asked for on the command line, and alpha remembered
        // When the window opens
        // Then it takes the asked ones in their order, unknown ones included
        QCOMPARE(ContextResolution::contextsAtStart(m_kubeconfig, {"beta", "alpha"}, {"alpha"}),
                 QStringList({"beta", "alpha"}));
        QCOMPARE(ContextResolution::contextsAtStart(m_kubeconfig, {"gone"}, {"alpha"}),
                 QStringList{"gone"});
    }

    void shouldOpenTheRememberedContextsTheKubeconfigStillHas()
    {
        // Given none asked for, and gone, lax and beta remembered, gone no longer in the
        // kubeconfig
        // When the window opens
        // Then it takes the remembered ones the kubeconfig has, in their order
        QCOMPARE(ContextResolution::contextsAtStart(m_kubeconfig, {}, {"gone", "lax", "beta"}),
                 QStringList({"lax", "beta"}));
    }

    void shouldOpenTheCurrentContextWhenNoRememberedOneIsLeft()
    {
        // Given none asked for, and only contexts the kubeconfig lost remembered, or none
        // When the window opens
        // Then it takes the kubeconfig's current context
        QCOMPARE(ContextResolution::contextsAtStart(m_kubeconfig, {}, {"gone"}),
                 QStringList{"alpha"});
        QCOMPARE(ContextResolution::contextsAtStart(m_kubeconfig, {}, {}), QStringList{"alpha"});
    }

    void shouldResolveEachContextOnceWhenNamedTwice()
    {
        // Given beta named twice
        // When the contexts are resolved
        const ContextResolution resolution =
            ContextResolution::resolve(m_kubeconfig, {"beta", "alpha", "beta"});
        // Then each is one cluster, in the order first named, with its server and namespace
        QCOMPARE(names(resolution), QStringList({"beta", "alpha"}));
        QCOMPARE(resolution.contexts.at(0).config.server, QUrl("https://beta.example:6443"));
        QCOMPARE(resolution.contexts.at(0).defaultNamespace, QString("team"));
        QCOMPARE(resolution.contexts.at(1).config.server, QUrl("https://alpha.example:6443"));
        QCOMPARE(resolution.contexts.at(1).defaultNamespace, QString("default"));
        // And nothing is said
        QVERIFY(resolution.errors.isEmpty());
        QVERIFY(resolution.warnings.isEmpty());
    }

    void shouldSayWhyEachUnusableContextCannotBeUsed()
    {
        // Given broken (its cluster missing) and gone (not in the kubeconfig) between usable
        // contexts
        // When the contexts are resolved
        const ContextResolution resolution =
            ContextResolution::resolve(m_kubeconfig, {"alpha", "broken", "gone", "beta"});
        // Then the usable ones are resolved
        QCOMPARE(names(resolution), QStringList({"alpha", "beta"}));
        // And each unusable one has one error, naming it, with the kubeconfig's reason
        QCOMPARE(
            resolution.errors,
            QStringList({"Context broken cannot be used: " + m_kubeconfig.resolve("broken").error,
                         "Context gone cannot be used: " + m_kubeconfig.resolve("gone").error}));
        QCOMPARE(resolution.errors.at(1), QString("Context gone cannot be used: context \"gone\" "
                                                  "not found in %1")
                                              .arg(m_kubeconfig.files().join(", ")));
        QVERIFY(resolution.warnings.isEmpty());
    }

    void shouldSayAContextsWarningsInOneEntryUnderItsName()
    {
        // Given lax, which skips TLS verification and names a missing user
        const QStringList warnings = m_kubeconfig.resolve("lax").warnings;
        QCOMPARE(warnings.size(), 2);
        // When it is resolved with alpha
        const ContextResolution resolution =
            ContextResolution::resolve(m_kubeconfig, {"lax", "alpha"});
        // Then both connect
        QCOMPARE(names(resolution), QStringList({"lax", "alpha"}));
        // And lax's warnings are one entry, one line each, under its name
        QCOMPARE(resolution.warnings, QStringList{"Context lax: " + warnings.join(u'\n')});
        QVERIFY2(resolution.warnings.first().startsWith(
                     "Context lax: TLS certificate verification is disabled for cluster \"open\""),
                 qPrintable(resolution.warnings.first()));
        QVERIFY(resolution.errors.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestContextResolution)
#include "tst_contextresolution.moc"
