#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QUrl>

#include <memory>

// A blocking HTTP helper for simulator tests (QNetworkAccessManager driven by a local event
// loop) plus streaming watches that collect their events. The simulator must run on its own
// thread (SimServerThread).
class SimTestClient
{
public:
    struct Reply
    {
        int status = 0;
        QByteArray body;
        QNetworkReply::NetworkError error = QNetworkReply::NoError;
        QList<QNetworkReply::RawHeaderPair> headers;
        QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
        QByteArray header(const QByteArray &name) const;
    };

    // One open watch; events are parsed as they arrive (non-JSON lines are kept in garbage).
    class Watch : public QObject
    {
    public:
        Watch(const QUrl &url, const QByteArray &accept, const QSslConfiguration *tls);
        ~Watch() override;
        QList<QJsonObject> events;
        QList<QByteArray> garbage;
        int status = 0;
        bool finished = false;
        QNetworkReply::NetworkError error = QNetworkReply::NoError;
        QByteArray partial; // bytes after the last newline
        qint64 bytes = 0;
        int count(const QString &type) const;
        void abort();

    private:
        QNetworkAccessManager m_manager;
        QPointer<QNetworkReply> m_reply;
    };

    explicit SimTestClient(const QUrl &base);
    void setTls(const QSslConfiguration &tls)
    {
        m_tls = tls;
        m_useTls = true;
    }
    void setBearerToken(const QByteArray &token) { m_token = token; }

    Reply get(const QString &pathAndQuery, const QByteArray &accept = {});
    Reply post(const QString &pathAndQuery, const QByteArray &body = {});
    // POSTs /_sim/<call> and expects 200.
    QJsonObject control(const QString &callAndQuery);
    QJsonArray requests();
    std::unique_ptr<Watch> watch(const QString &pathAndQuery, const QByteArray &accept = {});
    QUrl url(const QString &pathAndQuery) const;

private:
    Reply run(QNetworkReply *reply);
    QNetworkRequest request(const QString &pathAndQuery, const QByteArray &accept) const;

    QUrl m_base;
    QNetworkAccessManager m_manager;
    QSslConfiguration m_tls;
    bool m_useTls = false;
    QByteArray m_token;
};
