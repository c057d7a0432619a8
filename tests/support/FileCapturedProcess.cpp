#include "tests/support/FileCapturedProcess.h"

#include <QDir>

FileCapturedProcess::FileCapturedProcess(const QString &directory)
    : m_stdout(QDir(directory).filePath(QStringLiteral("child-stdout")))
    , m_stderr(QDir(directory).filePath(QStringLiteral("child-stderr")))
{}

FileCapturedProcess::~FileCapturedProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void FileCapturedProcess::start(const QString &program, const QStringList &arguments)
{
    for (QFile *file : {&m_stdout, &m_stderr}) {
        file->close();
        QFile::remove(file->fileName());
    }
    m_process.setStandardOutputFile(m_stdout.fileName());
    m_process.setStandardErrorFile(m_stderr.fileName());
    m_process.start(program, arguments);
}

QByteArray FileCapturedProcess::readNew(QFile &file)
{
    // QProcess creates the file when the child starts; until then there is nothing to read.
    if (!file.isOpen() && !file.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return {};
    return file.readAll();
}
