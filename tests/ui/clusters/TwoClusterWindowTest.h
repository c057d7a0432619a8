#pragma once

#include "core/config/KubeconfigLoader.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/problems/ProblemsModel.h"
#include "ui/problems/ProblemsPage.h"
#include "ui/problems/ProblemsProxy.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/window/MainWindow.h"

#include "tests/ui/WindowParts.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// Base of the tests of the window on two clusters at once: two simulated servers, one
// kubeconfig with a context for each, one table holding both clusters' rows.
class TwoClusterWindowTest : public QObject
{
protected:
    std::unique_ptr<SimServerThread> m_alpha;
    std::unique_ptr<SimServerThread> m_beta;
    std::unique_ptr<QTemporaryDir> m_dir;
    Kubeconfig m_kubeconfig;
    QUrl m_alphaUrl;
    QUrl m_kubeconfigBeta; // beta's server, as the kubeconfig names it
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;

    void openWindow(const QStringList &contexts)
    {
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            tableModelOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            proxyOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_window->setKubeconfig(m_kubeconfig, contexts);
        m_window->show();
    }
    void closeWindow()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_window.reset();
    }
    int rowsOf(const QString &cluster) const
    {
        int rows = 0;
        ClusterTableModel *model = tableModelOf(*m_window);
        for (int row = 0; row < model->rowCount(); ++row)
            rows += model->clusterOf(row) == cluster ? 1 : 0;
        return rows;
    }
    static SimConfig alphaConfig()
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 20;
        config.deployments = 2;
        config.churnPerSecond = 10;
        config.troubledObjects = true; // for the Problems view
        // One usage sample an hour: the window's poll and the test's own read of the server
        // then fall in different samples only when the hour turns between them.
        config.metricsWindowMs = 3600000;
        return config;
    }
    static SimConfig betaConfig()
    {
        SimConfig config = alphaConfig();
        config.namespaces = 3;  // one alpha does not have
        config.deployments = 3; // pods in each
        config.metricsApi = false;
        return config;
    }
    bool bothLoaded() const { return rowsOf("alpha") >= 20 && rowsOf("beta") >= 20; }
    // The shown Problems row of cluster whose Problem starts with problem, or -1.
    int problemRow(const QString &cluster, const QString &problem) const
    {
        const QAbstractItemModel *rows = m_window->findChild<ProblemsPage *>()->proxy();
        for (int row = 0; row < rows->rowCount(); ++row) {
            if (rows->index(row, ProblemsModel::ClusterColumn).data().toString() == cluster &&
                rows->index(row, ProblemsModel::ProblemColumn)
                    .data()
                    .toString()
                    .startsWith(problem))
                return row;
        }
        return -1;
    }

    // Starts both servers, writes the kubeconfig naming them and opens the window on both.
    void startClusters()
    {
        m_alpha = std::make_unique<SimServerThread>();
        m_beta = std::make_unique<SimServerThread>();
        const QUrl alpha = m_alpha->start(alphaConfig());
        m_alphaUrl = alpha;
        const QUrl beta = m_beta->start(betaConfig());
        m_kubeconfigBeta = beta;
        QVERIFY2(!alpha.isEmpty(), qPrintable(m_alpha->errorString()));
        QVERIFY2(!beta.isEmpty(), qPrintable(m_beta->errorString()));
        m_dir = std::make_unique<QTemporaryDir>();
        const QString path = m_dir->filePath("config");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("apiVersion: v1\nkind: Config\nclusters:\n"
                                  "- name: a\n  cluster:\n    server: %1\n"
                                  "- name: b\n  cluster:\n    server: %2\n"
                                  "users:\n- name: me\n  user: {}\n"
                                  "contexts:\n- name: alpha\n  context:\n    cluster: a\n"
                                  "    user: me\n- name: beta\n  context:\n    cluster: b\n"
                                  "    user: me\ncurrent-context: alpha\n")
                       .arg(alpha.toString(), beta.toString())
                       .toUtf8());
        file.close();
        KubeconfigLoader loader;
        loader.setExplicitPath(path);
        m_kubeconfig = loader.load();
        QVERIFY2(m_kubeconfig.isValid(), qPrintable(m_kubeconfig.errorString()));
        openWindow({"alpha", "beta"});
    }
    // The window, then its servers.
    void stopClusters()
    {
        closeWindow();
        m_alpha.reset();
        m_beta.reset();
    }
};
