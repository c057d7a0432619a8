#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

// kubectl as the reference the YAML tests compare with, when it is installed.
namespace LocalKubectl {
// Empty when kubectl is not on PATH.
QString path();
// kubectl's standard output for arguments, run with home as HOME and without any kubeconfig of
// the machine; empty (with a warning) when it fails.
QByteArray run(const QStringList &arguments, const QString &home);
} // namespace LocalKubectl
