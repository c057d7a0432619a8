#pragma once

#include "core/net/RestConfig.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/table/ClusterTableModel.h"
#include "ui/table/ObjectSortFilterProxy.h"
#include "ui/window/MainWindow.h"

#include "tests/ui/WindowParts.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QSignalSpy>
#include <QUrl>

#include <memory>

// Base of the window tests: the real window, shown and connected to an in-process simulator,
// its table model and proxy watched by QAbstractItemModelTester, started by each test's init().
class SimWindowTest : public QObject
{
protected:
    // Starts the simulator and connects a new window to it; false when the simulator cannot
    // listen (the reason is in m_sim->errorString()).
    bool startWindow(const SimConfig &config)
    {
        m_sim = std::make_unique<SimServerThread>();
        m_url = m_sim->start(config);
        if (m_url.isEmpty())
            return false;
        m_window = std::make_unique<MainWindow>();
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            tableModelOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            proxyOf(*m_window), QAbstractItemModelTester::FailureReportingMode::QtTest);
        RestConfig rest;
        rest.server = m_url;
        m_window->connectTo(QStringLiteral("sim"), rest, QString());
        m_window->show();
        return true;
    }
    // Testers, window, then the server it watches.
    void stopWindow()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_window.reset();
        m_sim.reset();
    }

    // The API requests the simulator recorded (sim/CONTROL.md), asked for over HTTP.
    QJsonArray receivedRequests()
    {
        QNetworkAccessManager manager;
        QNetworkReply *reply = manager.get(QNetworkRequest(m_url.resolved(QUrl("/_sim/requests"))));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        finished.wait(10000);
        const QJsonArray requests = QJsonDocument::fromJson(reply->readAll()).array();
        reply->deleteLater();
        return requests;
    }

    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
    std::unique_ptr<MainWindow> m_window;

private:
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
};
