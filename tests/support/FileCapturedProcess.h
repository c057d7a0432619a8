#pragma once

#include <QFile>
#include <QProcess>
#include <QString>

// A child process whose stdout and stderr go to files, read back as they grow. Under Wine,
// QProcess's pipe reader sometimes stops delivering a live child's output for a minute or more
// (seen on stderr while stdout went on, and the other way round), so a test that follows a long
// running child's output through pipes fails without the child being wrong. Files have no
// readiness notification to lose.
class FileCapturedProcess
{
public:
    // The output files are made in directory, which must outlive this object.
    explicit FileCapturedProcess(const QString &directory);
    ~FileCapturedProcess();

    QProcess &process() { return m_process; }
    void start(const QString &program, const QStringList &arguments);
    // What the child wrote since the last call, as QProcess::readAllStandardOutput() gives.
    QByteArray readAllStandardOutput() { return readNew(m_stdout); }
    QByteArray readAllStandardError() { return readNew(m_stderr); }

private:
    static QByteArray readNew(QFile &file);

    QProcess m_process;
    QFile m_stdout;
    QFile m_stderr;
};
