#include "core/config/KubeconfigLoader.h"

#include "tests/config/TestFiles.h"

#include <QStandardPaths>
#include <QTest>

// Which files are read and how they merge: kubectl's loading rules.
class TestKubeconfigLoader : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldMergeKubeconfigListFirstDefinitionWins();
    void shouldTakeCurrentContextFromFirstFileThatSetsIt();
    void shouldIgnoreEmptyAndMissingKubeconfigEntries();
    void shouldReadOnlyTheExplicitPath();
    void shouldFailWhenExplicitPathIsMissing();
    void shouldFallBackToHomeKubeconfig();
    void shouldFailWholeLoadWhenOneFileIsMalformed();
    void shouldListContextsSortedWithServerAndNamespace();
    void shouldResolveEveryContextWithoutReloading();
    void shouldLocateCurrentContextThatDoesNotExist();
    void shouldUseInClusterConfigWhenNoKubeconfigExists();
    void shouldPreferPodNamespaceEnvironmentInCluster();
    void shouldIgnoreInClusterWhenKubeconfigHasContexts();
    void shouldNotUseInClusterWithoutToken();
    void shouldMatchKubectlMergedView();
    void shouldTellWhichContextsConnectDifferentlyAfterAnEdit();

private:
    QByteArray file(const QString &cluster, const QString &server, const QString &context,
                    const QString &current, const QString &ns = QString()) const;
    KubeconfigLoader loaderFor(const QStringList &files) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QProcessEnvironment m_env;
};

void TestKubeconfigLoader::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_env = QProcessEnvironment();
    m_env.insert(QStringLiteral("HOME"), m_dir->filePath(QStringLiteral("home")));
}

QByteArray TestKubeconfigLoader::file(const QString &cluster, const QString &server,
                                      const QString &context, const QString &current,
                                      const QString &ns) const
{
    QByteArray yaml = "apiVersion: v1\nkind: Config\nclusters:\n- name: " + cluster.toUtf8() +
                      "\n  cluster:\n    server: " + server.toUtf8() +
                      "\nusers:\n- name: " + cluster.toUtf8() +
                      "-user\n  user:\n    token: t\ncontexts:\n- name: " + context.toUtf8() +
                      "\n  context:\n    cluster: " + cluster.toUtf8() +
                      "\n    user: " + cluster.toUtf8() + "-user\n";
    if (!ns.isEmpty())
        yaml += "    namespace: " + ns.toUtf8() + "\n";
    if (!current.isEmpty())
        yaml += "current-context: " + current.toUtf8() + "\n";
    return yaml;
}

KubeconfigLoader TestKubeconfigLoader::loaderFor(const QStringList &files) const
{
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("KUBECONFIG"), files.join(QDir::listSeparator()));
    KubeconfigLoader loader;
    loader.setEnvironment(env);
    loader.setServiceAccountDir(m_dir->filePath(QStringLiteral("no-serviceaccount")));
    return loader;
}

void TestKubeconfigLoader::shouldMergeKubeconfigListFirstDefinitionWins()
{
    // Given three files that all define cluster "shared" with different servers
    const QString a = TestFiles::write(m_dir->path(), "a", file("shared", "https://a:1", "ca", ""));
    const QString b =
        TestFiles::write(m_dir->path(), "b", file("shared", "https://b:2", "cb", "cb"));
    const QString c =
        TestFiles::write(m_dir->path(), "c", file("shared", "https://c:3", "ca", "cc"));

    // When they are loaded through KUBECONFIG
    const Kubeconfig config = loaderFor({a, b, c}).load();

    // Then the first file's definitions win, whole entries, and every file is listed
    QVERIFY2(config.isValid(), qPrintable(config.errorString()));
    QCOMPARE(config.files(), (QStringList{a, b, c}));
    const ResolvedContext resolved = config.resolve(QStringLiteral("cb"));
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.server, QUrl(QStringLiteral("https://a:1")));
    // context "ca" is defined in a and c: a's wins
    QCOMPARE(config.contexts().first().file, a);
}

void TestKubeconfigLoader::shouldTakeCurrentContextFromFirstFileThatSetsIt()
{
    // Given the first file without current-context, the second and third with different ones
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", ""));
    const QString b = TestFiles::write(m_dir->path(), "b", file("y", "https://b:2", "cb", "cb"));
    const QString c = TestFiles::write(m_dir->path(), "c", file("z", "https://c:3", "cc", "cc"));

    // When loaded
    const Kubeconfig config = loaderFor({a, b, c}).load();

    // Then current-context comes from the second file
    QCOMPARE(config.currentContext(), QStringLiteral("cb"));
    QCOMPARE(config.resolveCurrent().config.server, QUrl(QStringLiteral("https://b:2")));
}

void TestKubeconfigLoader::shouldIgnoreEmptyAndMissingKubeconfigEntries()
{
    // Given a list with empty entries, a missing file and a duplicate
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", "ca"));
    const QString missing = m_dir->filePath(QStringLiteral("missing"));
    const QString sep = QDir::listSeparator();

    // When loaded
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("KUBECONFIG"), sep + missing + sep + sep + a + sep + a);
    KubeconfigLoader loader;
    loader.setEnvironment(env);
    const Kubeconfig config = loader.load();

    // Then only the existing file is read, once
    QVERIFY2(config.isValid(), qPrintable(config.errorString()));
    QCOMPARE(loader.candidateFiles(), (QStringList{missing, a}));
    QCOMPARE(config.files(), QStringList{a});
    QCOMPARE(config.currentContext(), QStringLiteral("ca"));
}

void TestKubeconfigLoader::shouldReadOnlyTheExplicitPath()
{
    // Given KUBECONFIG and an explicit path
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", "ca"));
    const QString b = TestFiles::write(m_dir->path(), "b", file("y", "https://b:2", "cb", "cb"));
    KubeconfigLoader loader = loaderFor({a});

    // When the explicit path is set
    loader.setExplicitPath(b);
    const Kubeconfig config = loader.load();

    // Then KUBECONFIG is ignored
    QCOMPARE(config.files(), QStringList{b});
    QCOMPARE(config.currentContext(), QStringLiteral("cb"));
    QVERIFY(!config.hasContext(QStringLiteral("ca")));
}

void TestKubeconfigLoader::shouldFailWhenExplicitPathIsMissing()
{
    // Given an explicit path that does not exist
    KubeconfigLoader loader = loaderFor({});
    const QString missing = m_dir->filePath(QStringLiteral("nope"));
    loader.setExplicitPath(missing);

    // When loaded
    const Kubeconfig config = loader.load();

    // Then loading fails naming the file
    QVERIFY(!config.isValid());
    QVERIFY2(config.errorString().startsWith(missing + QLatin1Char(':')),
             qPrintable(config.errorString()));
}

void TestKubeconfigLoader::shouldFallBackToHomeKubeconfig()
{
    // Given no KUBECONFIG and a ~/.kube/config
    const QString home = TestFiles::write(m_dir->filePath(QStringLiteral("home")), ".kube/config",
                                          file("h", "https://home:1", "hc", "hc"));
    KubeconfigLoader loader;
    loader.setEnvironment(m_env);

    // When loaded
    const Kubeconfig config = loader.load();

    // Then the home file is used
    QCOMPARE(config.files(), QStringList{home});
    QCOMPARE(config.currentContext(), QStringLiteral("hc"));
}

void TestKubeconfigLoader::shouldFailWholeLoadWhenOneFileIsMalformed()
{
    // Given a good file and a malformed one
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", "ca"));
    const QString bad = TestFiles::write(m_dir->path(), "bad", "clusters: [\n");

    // When loaded
    const Kubeconfig config = loaderFor({a, bad}).load();

    // Then the load fails naming the bad file, as kubectl does, and nothing resolves
    QVERIFY(!config.isValid());
    QVERIFY2(config.errorString().contains(bad), qPrintable(config.errorString()));
    QVERIFY(config.contexts().isEmpty());
    QVERIFY(!config.resolve(QStringLiteral("ca")).isValid());
}

void TestKubeconfigLoader::shouldListContextsSortedWithServerAndNamespace()
{
    // Given contexts in two files
    const QString a =
        TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "zeta", "zeta", "ns1"));
    const QString b = TestFiles::write(m_dir->path(), "b", file("y", "https://b:2", "alpha", ""));

    // When loaded
    const QList<KubeContextInfo> contexts = loaderFor({a, b}).load().contexts();

    // Then the picker model is sorted by name with cluster, user, namespace and server
    QCOMPARE(contexts.size(), 2);
    QCOMPARE(contexts[0].name, QStringLiteral("alpha"));
    QCOMPARE(contexts[0].server, QStringLiteral("https://b:2"));
    QCOMPARE(contexts[0].namespaceName, QString());
    QCOMPARE(contexts[1].name, QStringLiteral("zeta"));
    QCOMPARE(contexts[1].cluster, QStringLiteral("x"));
    QCOMPARE(contexts[1].user, QStringLiteral("x-user"));
    QCOMPARE(contexts[1].namespaceName, QStringLiteral("ns1"));
    QCOMPARE(contexts[1].file, a);
}

void TestKubeconfigLoader::shouldResolveEveryContextWithoutReloading()
{
    // Given two contexts
    const QString a =
        TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "one", "one", "ns1"));
    const QString b = TestFiles::write(m_dir->path(), "b", file("y", "https://b:2", "two", ""));
    const Kubeconfig config = loaderFor({a, b}).load();

    // When switching to the other context by resolving it
    const ResolvedContext one = config.resolve(QStringLiteral("one"));
    const ResolvedContext two = config.resolve(QStringLiteral("two"));
    const ResolvedContext none = config.resolve(QStringLiteral("three"));

    // Then each gives its own server and namespace; an unknown one a clear error
    QCOMPARE(one.config.server, QUrl(QStringLiteral("https://a:1")));
    QCOMPARE(one.namespaceName, QStringLiteral("ns1"));
    QCOMPARE(two.config.server, QUrl(QStringLiteral("https://b:2")));
    QCOMPARE(two.namespaceName, QStringLiteral("default"));
    QCOMPARE(one.config.origin, QStringLiteral("context \"one\" in ") + a);
    QVERIFY(!none.isValid());
    QVERIFY2(none.error.contains(QStringLiteral("context \"three\" not found")),
             qPrintable(none.error));
}

void TestKubeconfigLoader::shouldLocateCurrentContextThatDoesNotExist()
{
    // Given a current-context naming no context
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "one", "gone"));

    // When the current context is resolved
    const ResolvedContext resolved = loaderFor({a}).load().resolveCurrent();

    // Then the error points at the current-context line
    QCOMPARE(resolved.error,
             QStringLiteral("%1:16: current-context: context \"gone\" not found in %1").arg(a));
}

void TestKubeconfigLoader::shouldUseInClusterConfigWhenNoKubeconfigExists()
{
    // Given a pod environment and no kubeconfig
    const QString sa = m_dir->filePath(QStringLiteral("sa"));
    TestFiles::write(sa, "token", "pod-token\n");
    TestFiles::write(sa, "namespace", "team-a\n");
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("10.0.0.1"));
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_PORT"), QStringLiteral("443"));
    KubeconfigLoader loader;
    loader.setEnvironment(m_env);
    loader.setServiceAccountDir(sa);

    // When loaded
    const Kubeconfig config = loader.load();

    // Then the service account is the current context
    QVERIFY2(config.isValid(), qPrintable(config.errorString()));
    QVERIFY(config.isInCluster());
    QCOMPARE(config.currentContext(), Kubeconfig::InClusterContextName);
    QCOMPARE(config.contexts().size(), 1);
    QCOMPARE(config.contexts().first().server, QStringLiteral("https://10.0.0.1:443"));
    const ResolvedContext resolved = config.resolveCurrent();
    QVERIFY2(resolved.isValid(), qPrintable(resolved.error));
    QCOMPARE(resolved.config.server, QUrl(QStringLiteral("https://10.0.0.1:443")));
    QCOMPARE(resolved.config.bearerToken, QByteArray("pod-token"));
    QCOMPARE(resolved.config.tokenFile, QDir(sa).filePath(QStringLiteral("token")));
    QCOMPARE(resolved.namespaceName, QStringLiteral("team-a"));
}

void TestKubeconfigLoader::shouldPreferPodNamespaceEnvironmentInCluster()
{
    // Given an IPv6 service host, POD_NAMESPACE and a namespace file
    const QString sa = m_dir->filePath(QStringLiteral("sa"));
    TestFiles::write(sa, "token", "t");
    TestFiles::write(sa, "namespace", "from-file");
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("fd00::1"));
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_PORT"), QStringLiteral("6443"));
    m_env.insert(QStringLiteral("POD_NAMESPACE"), QStringLiteral("from-env"));
    KubeconfigLoader loader;
    loader.setEnvironment(m_env);
    loader.setServiceAccountDir(sa);

    // When resolved
    const ResolvedContext resolved = loader.load().resolveCurrent();

    // Then POD_NAMESPACE wins and the IPv6 host is bracketed
    QCOMPARE(resolved.namespaceName, QStringLiteral("from-env"));
    QCOMPARE(resolved.config.server, QUrl(QStringLiteral("https://[fd00::1]:6443")));
}

void TestKubeconfigLoader::shouldIgnoreInClusterWhenKubeconfigHasContexts()
{
    // Given a pod environment and a kubeconfig with a context
    const QString sa = m_dir->filePath(QStringLiteral("sa"));
    TestFiles::write(sa, "token", "t");
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("10.0.0.1"));
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_PORT"), QStringLiteral("443"));
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", "ca"));
    KubeconfigLoader loader = loaderFor({a});
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("KUBECONFIG"), a);
    loader.setEnvironment(env);
    loader.setServiceAccountDir(sa);

    // When loaded
    const Kubeconfig config = loader.load();

    // Then the kubeconfig is used
    QVERIFY(!config.isInCluster());
    QCOMPARE(config.currentContext(), QStringLiteral("ca"));
}

void TestKubeconfigLoader::shouldNotUseInClusterWithoutToken()
{
    // Given the service variables but no token file
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_HOST"), QStringLiteral("10.0.0.1"));
    m_env.insert(QStringLiteral("KUBERNETES_SERVICE_PORT"), QStringLiteral("443"));
    KubeconfigLoader loader;
    loader.setEnvironment(m_env);
    loader.setServiceAccountDir(m_dir->filePath(QStringLiteral("sa")));

    // When loaded
    const Kubeconfig config = loader.load();

    // Then there is nothing to connect to, and resolving says so
    QVERIFY(!config.isInCluster());
    QVERIFY(config.contexts().isEmpty());
    QVERIFY2(config.resolveCurrent().error.contains(QStringLiteral("no kubeconfig found")),
             qPrintable(config.resolveCurrent().error));
}

void TestKubeconfigLoader::shouldMatchKubectlMergedView()
{
    const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (kubectl.isEmpty())
        QSKIP("kubectl is not installed");
    // Given three overlapping files
    const QString a =
        TestFiles::write(m_dir->path(), "a", file("s", "https://a:1", "c1", "", "n1"));
    const QString b =
        TestFiles::write(m_dir->path(), "b", file("s", "https://b:2", "c2", "c2", "n2"));
    const QString c =
        TestFiles::write(m_dir->path(), "c", file("t", "https://c:3", "c2", "c1", "n3"));
    const Kubeconfig config = loaderFor({a, b, c}).load();

    // When kubectl minifies the same KUBECONFIG
    QProcess process;
    QProcessEnvironment env = m_env;
    env.insert(QStringLiteral("KUBECONFIG"), QStringList{a, b, c}.join(QDir::listSeparator()));
    process.setProcessEnvironment(env);
    process.start(kubectl, {QStringLiteral("config"), QStringLiteral("view"),
                            QStringLiteral("--minify"), QStringLiteral("-o"),
                            QStringLiteral("jsonpath={.current-context} "
                                           "{.clusters[0].cluster.server} "
                                           "{.contexts[0].context.namespace}")});
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 0);

    // Then we agree on current context, server and namespace
    const ResolvedContext resolved = config.resolveCurrent();
    const QString ours = QStringLiteral("%1 %2 %3")
                             .arg(config.currentContext(), resolved.config.server.toString(),
                                  resolved.namespaceName);
    QCOMPARE(ours, QString::fromUtf8(process.readAllStandardOutput()));
}

void TestKubeconfigLoader::shouldTellWhichContextsConnectDifferentlyAfterAnEdit()
{
    // Given three files: context ca, context cb, and context ce with an exec plugin
    const auto withExec = [](const QByteArray &argument) {
        return "apiVersion: v1\nkind: Config\nclusters:\n- name: e\n  cluster:\n"
               "    server: https://e:1\nusers:\n- name: eu\n  user:\n    exec:\n"
               "      apiVersion: client.authentication.k8s.io/v1\n      command: get-token\n"
               "      args: [" +
               argument +
               "]\ncontexts:\n- name: ce\n  context:\n    cluster: e\n"
               "    user: eu\n";
    };
    const QString a = TestFiles::write(m_dir->path(), "a", file("x", "https://a:1", "ca", "ca"));
    const QString b = TestFiles::write(m_dir->path(), "b", file("y", "https://b:2", "cb", ""));
    const QString e = TestFiles::write(m_dir->path(), "e", withExec("--region=eu"));
    const Kubeconfig before = loaderFor({a, b, e}).load();
    QVERIFY2(before.isValid(), qPrintable(before.errorString()));

    // When a's entries move down two lines as they were, b's server and ce's exec argument change
    TestFiles::write(m_dir->path(), "a", "# moved\n\n" + file("x", "https://a:1", "ca", "ca"));
    TestFiles::write(m_dir->path(), "b", file("y", "https://b:3", "cb", ""));
    TestFiles::write(m_dir->path(), "e", withExec("--region=us"));
    const Kubeconfig after = loaderFor({a, b, e}).load();
    QVERIFY2(after.isValid(), qPrintable(after.errorString()));

    // Then cb and ce connect differently; ca does not, and a context neither has is no change
    QCOMPARE(Kubeconfig::changedContexts(before, after, {"ca", "cb", "ce", "gone"}),
             QStringList({"cb", "ce"}));
    QCOMPARE(Kubeconfig::changedContexts(before, before, {"ca", "cb", "ce"}), QStringList());
}

QTEST_GUILESS_MAIN(TestKubeconfigLoader)
#include "tst_kubeconfigloader.moc"
