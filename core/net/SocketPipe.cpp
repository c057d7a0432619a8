#include "core/net/SocketPipe.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

void SocketPipe::forward(QTcpSocket *from, QTcpSocket *to)
{
    const auto copy = [from, to] {
        if (from->isOpen() && from->bytesAvailable() > 0 && to->isOpen())
            to->write(from->readAll());
    };
    QObject::connect(from, &QTcpSocket::readyRead, to, copy);
    QObject::connect(from, &QTcpSocket::disconnected, to, [copy, to] {
        copy();
        to->disconnectFromHost();
    });
    copy();
}

void SocketPipe::join(QTcpSocket *first, QTcpSocket *second, const QByteArray &pendingForSecond)
{
    if (!pendingForSecond.isEmpty())
        second->write(pendingForSecond);
    forward(first, second);
    forward(second, first);
    // Either socket may also be deleted by its owner meanwhile.
    const QPointer<QTcpSocket> guardedFirst(first);
    const QPointer<QTcpSocket> guardedSecond(second);
    const auto cleanUp = [guardedFirst, guardedSecond] {
        const auto closed = [](const QPointer<QTcpSocket> &socket) {
            return !socket || socket->state() == QAbstractSocket::UnconnectedState;
        };
        if (!closed(guardedFirst) || !closed(guardedSecond))
            return;
        if (guardedFirst)
            guardedFirst->deleteLater();
        if (guardedSecond)
            guardedSecond->deleteLater();
    };
    QObject::connect(first, &QTcpSocket::disconnected, second, cleanUp, Qt::QueuedConnection);
    QObject::connect(second, &QTcpSocket::disconnected, first, cleanUp, Qt::QueuedConnection);
}
