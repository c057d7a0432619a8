#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

// A QProcess for a helper program such as an exec credential plugin, started the way kubectl
// starts one: the command is resolved like Go's exec.LookPath, and on Windows the plugin gets no
// console window of its own (CREATE_NO_WINDOW), so a GUI app does not flash one per token.
class PluginProcess : public QProcess
{
    Q_OBJECT

public:
    enum class Rules
    {
        Unix,
        Windows
    };

    explicit PluginProcess(QObject *parent = nullptr);

    static Rules nativeRules();

    // The program to start for `command`, or an empty string when there is none (exec.LookPath):
    //  - a command with a path separator ('/', and '\' on Windows) is used as it is, relative to
    //    the working directory; no PATH search;
    //  - else each folder of PATH (':'-separated on Unix, ';' on Windows) is tried in order;
    //  - on Windows, a name without one of the PATHEXT extensions (default .COM;.EXE;.BAT;.CMD)
    //    is tried with each of them, so "gke-gcloud-auth-plugin" finds the .exe or the .cmd.
    static QString lookPath(const QString &command, const QProcessEnvironment &environment,
                            Rules rules = nativeRules());
};
