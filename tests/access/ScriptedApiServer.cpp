#include "tests/access/ScriptedApiServer.h"

#include <QTcpSocket>

ScriptedApiServer::ScriptedApiServer(QObject *parent)
    : QTcpServer(parent)
{}

bool ScriptedApiServer::start()
{
    return listen(QHostAddress::LocalHost, 0);
}

QUrl ScriptedApiServer::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(serverPort()));
}

void ScriptedApiServer::answer(const QByteArray &methodAndPath, int status, const QByteArray &json)
{
    m_answers.insert(methodAndPath, {status, json});
}

void ScriptedApiServer::incomingConnection(qintptr descriptor)
{
    auto *socket = new QTcpSocket(this);
    socket->setSocketDescriptor(descriptor);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
        QByteArray request = socket->property("request").toByteArray() + socket->readAll();
        socket->setProperty("request", request);
        const qsizetype headerEnd = request.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const qsizetype lengthAt = request.toLower().indexOf("content-length:");
        const qsizetype bodyLength =
            lengthAt < 0 || lengthAt > headerEnd
                ? 0
                : request.mid(lengthAt + 15, request.indexOf("\r\n", lengthAt) - lengthAt - 15)
                      .trimmed()
                      .toLongLong();
        if (request.size() < headerEnd + 4 + bodyLength)
            return;
        const QList<QByteArray> requestLine = request.left(request.indexOf("\r\n")).split(' ');
        const QByteArray path = requestLine.value(1).split('?').first();
        const QByteArray key = requestLine.value(0) + ' ' + path;
        ++m_counts[key];
        const auto [status, body] =
            m_answers.value(key, {404, QByteArray(R"({"kind":"Status","code":404})")});
        socket->write("HTTP/1.1 " + QByteArray::number(status) +
                      " Scripted\r\nContent-Type: application/json\r\nContent-Length: " +
                      QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
        socket->disconnectFromHost();
    });
}
