#include "core/platform/PluginProcess.h"

#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace {

bool isProgram(const QString &path, PluginProcess::Rules rules)
{
    const QFileInfo info(path);
    // Windows has no executable bit: a file with a PATHEXT extension is a program.
    return info.isFile() && (rules == PluginProcess::Rules::Windows || info.isExecutable());
}

QStringList windowsExtensions(const QProcessEnvironment &environment)
{
    QString pathExt = environment.value(QStringLiteral("PATHEXT"));
    if (pathExt.isEmpty())
        pathExt = QStringLiteral(".COM;.EXE;.BAT;.CMD");
    QStringList extensions;
    for (const QString &extension : pathExt.split(u';', Qt::SkipEmptyParts))
        // Go lowercases them: "tool" finds "tool.exe", not "tool.EXE", on a case-blind disk.
        extensions.append((extension.startsWith(u'.') ? extension : u'.' + extension).toLower());
    return extensions;
}

// The file `path` names, trying the PATHEXT extensions on Windows unless it has one already.
QString findProgram(const QString &path, const QProcessEnvironment &environment,
                    PluginProcess::Rules rules)
{
    if (rules == PluginProcess::Rules::Windows) {
        const QStringList extensions = windowsExtensions(environment);
        for (const QString &extension : extensions) {
            if (path.endsWith(extension, Qt::CaseInsensitive))
                return isProgram(path, rules) ? path : QString();
        }
        for (const QString &extension : extensions) {
            if (isProgram(path + extension, rules))
                return path + extension;
        }
        return {};
    }
    return isProgram(path, rules) ? path : QString();
}

} // namespace

PluginProcess::PluginProcess(QObject *parent)
    : QProcess(parent)
{
#ifdef Q_OS_WIN
    setCreateProcessArgumentsModifier(
        [](QProcess::CreateProcessArguments *arguments) { arguments->flags |= CREATE_NO_WINDOW; });
#endif
}

PluginProcess::Rules PluginProcess::nativeRules()
{
#ifdef Q_OS_WIN
    return Rules::Windows;
#else
    return Rules::Unix;
#endif
}

QString PluginProcess::lookPath(const QString &command, const QProcessEnvironment &environment,
                                Rules rules)
{
    if (command.isEmpty())
        return {};
    const bool windows = rules == Rules::Windows;
    if (command.contains(u'/') || (windows && command.contains(u'\\')))
        return findProgram(command, environment, rules);
    const QChar separator = windows ? u';' : u':';
    const QString path = environment.value(QStringLiteral("PATH"));
    for (QString dir : path.split(separator)) {
        // Go's LookPath: an empty entry is the current folder on Unix and skipped on Windows,
        // where entries may be quoted.
        if (windows)
            dir.remove(u'"');
        if (dir.isEmpty() && windows)
            continue;
        if (dir.isEmpty())
            dir = QStringLiteral(".");
        const QString found = findProgram(QDir(dir).filePath(command), environment, rules);
        if (!found.isEmpty())
            return found;
    }
    return {};
}
