#pragma once

#include "core/net/RestConfig.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QUrl>

#include <memory>

// The real window, shown and connected to an in-process simulator, its table model and proxy
// watched by QAbstractItemModelTester: what the window tests build afresh before each test.
// Members are destroyed in reverse order: testers, window, then the server it watches.
class SimWindowFixture
{
public:
    // Starts the simulator and connects a new window to it; false when the simulator cannot
    // listen (see errorString()).
    bool start(const SimConfig &config)
    {
        m_url = m_sim.start(config);
        if (m_url.isEmpty())
            return false;
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_window->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_window->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        RestConfig rest;
        rest.server = m_url;
        m_window->connectTo(QStringLiteral("sim"), rest, QString());
        m_window->show();
        return true;
    }

    QString errorString() const { return m_sim.errorString(); }
    SimServerThread *sim() { return &m_sim; }
    QUrl url() const { return m_url; }
    MainWindow *window() const { return m_window.get(); }

private:
    SimServerThread m_sim;
    QUrl m_url;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
};
