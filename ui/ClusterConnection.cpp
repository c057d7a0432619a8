#include "ui/ClusterConnection.h"

#include "core/net/ApiError.h"
#include "core/net/RestClient.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"
#include "core/watch/ReflectorPhase.h"
#include "core/watch/ReflectorStats.h"

ClusterConnection::ClusterConnection(const QString &name, const RestConfig &config, QObject *parent)
    : QObject(parent)
    , m_name(name)
    , m_config(config)
{
    // Everything that crosses from the network thread to the window.
    qRegisterMetaType<StoreDelta>();
    qRegisterMetaType<QList<TableColumn>>();
    qRegisterMetaType<ReflectorPhase>();
    qRegisterMetaType<ReflectorStats>();
    qRegisterMetaType<ApiError>();
    m_thread.setObjectName(QStringLiteral("kubeglass-net"));
    m_client = new RestClient(config);
    m_client->moveToThread(&m_thread);
    m_thread.start();
}

ClusterConnection::~ClusterConnection()
{
    RestClient *client = m_client;
    QMetaObject::invokeMethod(
        client, [client] { delete client; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}
