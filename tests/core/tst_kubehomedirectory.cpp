#include "core/platform/KubeHomeDirectory.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// Where .kube/config lives: $HOME on Unix, client-go's homedir rules on Windows. Both rules are
// functions of the environment, so both run here on every platform.
class TestKubeHomeDirectory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_root;

    QString makeDir(const QString &name, bool withConfig)
    {
        const QString dir = m_root.filePath(name);
        QDir().mkpath(dir + QStringLiteral("/.kube"));
        if (withConfig) {
            QFile config(dir + QStringLiteral("/.kube/config"));
            if (!config.open(QIODevice::WriteOnly))
                qFatal("cannot write %s", qPrintable(config.fileName()));
        }
        return dir;
    }

    static QProcessEnvironment environment(const QList<QPair<QString, QString>> &variables)
    {
        QProcessEnvironment env;
        for (const auto &[name, value] : variables)
            env.insert(name, value);
        return env;
    }

private slots:
    void shouldUseHomeOnUnix()
    {
        // Given HOME and USERPROFILE, When the Unix rules pick, Then HOME wins
        const auto env = environment({{"HOME", "/home/me"}, {"USERPROFILE", "C:\\Users\\me"}});
        QCOMPARE(KubeHomeDirectory::find(env, KubeHomeDirectory::Rules::Unix),
                 QStringLiteral("/home/me"));
        QCOMPARE(KubeHomeDirectory::defaultKubeconfig(env, KubeHomeDirectory::Rules::Unix),
                 QStringLiteral("/home/me/.kube/config"));
    }

    void shouldPreferTheFolderThatHasAKubeconfigOnWindows()
    {
        // Given HOME without a config, HOMEDRIVE+HOMEPATH and USERPROFILE with one each
        const QString home = makeDir("home-empty", false);
        const QString drivePath = makeDir("drive-path", true);
        const QString profile = makeDir("profile", true);
        const int colon = int(drivePath.indexOf(u'/', 1));
        const auto env = environment({{"HOME", home},
                                      {"HOMEDRIVE", drivePath.left(colon)},
                                      {"HOMEPATH", drivePath.mid(colon)},
                                      {"USERPROFILE", profile}});
        // When the Windows rules pick, Then HOMEDRIVE+HOMEPATH wins: it is checked before
        // USERPROFILE for an existing config
        QCOMPARE(KubeHomeDirectory::find(env, KubeHomeDirectory::Rules::Windows), drivePath);
    }

    void shouldFallBackToTheFirstWritableFolderOnWindows()
    {
        // Given no folder has a config, HOME is missing, USERPROFILE exists
        const QString profile = makeDir("writable-profile", false);
        const auto env = environment({{"HOME", m_root.filePath("missing")},
                                      {"USERPROFILE", profile},
                                      {"HOMEDRIVE", "Q:"},
                                      {"HOMEPATH", "\\nowhere"}});
        // When the Windows rules pick, Then the existing writable USERPROFILE wins
        QCOMPARE(KubeHomeDirectory::find(env, KubeHomeDirectory::Rules::Windows), profile);
    }

    void shouldReturnTheFirstSetVariableWhenNothingExistsOnWindows()
    {
        // Given only folders that do not exist
        const auto env = environment(
            {{"USERPROFILE", "Q:\\Users\\nobody"}, {"HOMEDRIVE", "Q:"}, {"HOMEPATH", "\\else"}});
        // Then USERPROFILE, first in the fallback order, is the answer
        QCOMPARE(KubeHomeDirectory::find(env, KubeHomeDirectory::Rules::Windows),
                 QStringLiteral("Q:\\Users\\nobody"));
    }

    void shouldKnowNoHomeWithoutVariables()
    {
        QVERIFY(KubeHomeDirectory::find({}, KubeHomeDirectory::Rules::Windows).isEmpty());
        QVERIFY(KubeHomeDirectory::defaultKubeconfig({}, KubeHomeDirectory::Rules::Unix).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestKubeHomeDirectory)
#include "tst_kubehomedirectory.moc"
