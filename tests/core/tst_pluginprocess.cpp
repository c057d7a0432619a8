#include "core/platform/PluginProcess.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// How an exec plugin's command becomes a program (Go's exec.LookPath, as kubectl does), under
// the Unix and the Windows rules on every platform, and that the plugin process runs.
class TestPluginProcess : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_root;

    QString makeFile(const QString &relative, bool executable)
    {
        const QString path = m_root.filePath(relative);
        QDir().mkpath(QFileInfo(path).path());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write("#!/bin/sh\n");
        if (executable)
            file.setPermissions(file.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeUser);
        return path;
    }

    static QProcessEnvironment withPath(const QString &path, const QString &pathExt = {})
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("PATH"), path);
        if (!pathExt.isEmpty())
            env.insert(QStringLiteral("PATHEXT"), pathExt);
        return env;
    }

    // The Unix rules need executable bits, which files on Windows do not have.
    static bool hasExecutableBits()
    {
        return PluginProcess::nativeRules() == PluginProcess::Rules::Unix;
    }

private slots:
    void shouldFindAnExecutableInTheFirstPathFolderThatHasItOnUnix()
    {
        if (!hasExecutableBits())
            QSKIP("files on Windows have no executable bit");
        // Given two PATH folders, only the second with an executable `auth`
        makeFile("u1/auth", false);
        const QString second = makeFile("u2/auth", true);
        const auto env = withPath(m_root.filePath("u1") + u':' + m_root.filePath("u2"));
        // Then LookPath skips the non-executable one
        QCOMPARE(PluginProcess::lookPath("auth", env, PluginProcess::Rules::Unix), second);
        QVERIFY(PluginProcess::lookPath("absent", env, PluginProcess::Rules::Unix).isEmpty());
    }

    void shouldTryThePathExtExtensionsOnWindows()
    {
        // Given a .cmd plugin in the second folder of a ;-separated PATH
        const QString cmd = makeFile("w2/gke-auth.cmd", false);
        makeFile("w1/gke-auth.txt", false);
        const auto env = withPath(m_root.filePath("w1") + u';' + m_root.filePath("w2"),
                                  QStringLiteral(".COM;.EXE;.BAT;.CMD"));
        // When the bare name is looked up, Then the .cmd is found
        QCOMPARE(PluginProcess::lookPath("gke-auth", env, PluginProcess::Rules::Windows), cmd);
        // And a name with its extension is found as it is
        QCOMPARE(PluginProcess::lookPath("gke-auth.cmd", env, PluginProcess::Rules::Windows), cmd);
    }

    void shouldPreferExeOverCmdInPathExtOrder()
    {
        const QString exe = makeFile("w3/tool.exe", false);
        makeFile("w3/tool.cmd", false);
        const auto env = withPath(m_root.filePath("w3"));
        // Without PATHEXT the default .COM;.EXE;.BAT;.CMD order applies
        QCOMPARE(PluginProcess::lookPath("tool", env, PluginProcess::Rules::Windows), exe);
    }

    void shouldUseACommandWithAPathSeparatorWithoutSearching()
    {
        if (!hasExecutableBits())
            QSKIP("files on Windows have no executable bit");
        const QString direct = makeFile("d/plugin", true);
        const auto env = withPath(m_root.filePath("elsewhere"));
        QCOMPARE(PluginProcess::lookPath(direct, env, PluginProcess::Rules::Unix), direct);
        // On Windows a backslash is a separator too, and the extension is added
        const QString exe = makeFile("d/win-plugin.exe", false);
        const QString backslashed = QDir::toNativeSeparators(m_root.filePath("d/win-plugin"));
        QCOMPARE(QDir::fromNativeSeparators(
                     PluginProcess::lookPath(backslashed, env, PluginProcess::Rules::Windows)),
                 QDir::fromNativeSeparators(exe));
    }

    void shouldRunThePluginAndReadItsOutput()
    {
        // Given this platform's own program lookup for a program that exists everywhere
        const QString program = QCoreApplication::applicationFilePath();
        // When the plugin process runs it, Then it starts (no console window on Windows) and ends
        PluginProcess process;
        process.start(program, {QStringLiteral("-functions")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 0);
        QVERIFY(process.readAllStandardOutput().contains("shouldRunThePluginAndReadItsOutput"));
    }
};

QTEST_GUILESS_MAIN(TestPluginProcess)
#include "tst_pluginprocess.moc"
