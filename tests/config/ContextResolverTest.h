#pragma once

#include "core/config/Kubeconfig.h"

#include "tests/support/ManualClock.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// A kubeconfig written to a fresh folder and resolved through KubeconfigLoader and
// Kubeconfig::resolve, for the tests of its cluster fields and of its users.
class ContextResolverTest : public QObject
{
    Q_OBJECT

protected:
    // Generates the keys and certificates once (openssl is slow): call from initTestCase().
    void makeKeys();
    // A fresh folder and clock: call from init().
    void makeFolder();
    // A kubeconfig with context "ctx" → cluster "c" and user "u"; the given lines are appended
    // (indented) to the cluster and user bodies.
    QByteArray kubeconfig(const QByteArray &clusterLines, const QByteArray &userLines = {}) const;
    ResolvedContext resolve(const QByteArray &yaml);
    static int lineOf(const QByteArray &yaml, const QByteArray &text);
    QByteArray base64Of(const QString &keyFile) const;

    QTemporaryDir m_keys; // generated once; read-only inputs
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    QString m_path;
};
