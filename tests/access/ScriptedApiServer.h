#pragma once

#include <QByteArray>
#include <QHash>
#include <QPair>
#include <QTcpServer>
#include <QUrl>

// A plain-HTTP server on 127.0.0.1 answering fixed responses by "METHOD /path" (query ignored),
// one request per connection; 404 for anything unscripted. For answers the simulator never
// gives (an incomplete SelfSubjectRulesReview). Counts requests per "METHOD /path".
class ScriptedApiServer : public QTcpServer
{
    Q_OBJECT

public:
    explicit ScriptedApiServer(QObject *parent = nullptr);

    bool start();
    QUrl url() const;
    void answer(const QByteArray &methodAndPath, int status, const QByteArray &json);
    int requestCount(const QByteArray &methodAndPath) const
    {
        return m_counts.value(methodAndPath);
    }

protected:
    void incomingConnection(qintptr descriptor) override;

private:
    QHash<QByteArray, QPair<int, QByteArray>> m_answers;
    QHash<QByteArray, int> m_counts;
};
