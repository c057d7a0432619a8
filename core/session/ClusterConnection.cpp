#include "core/session/ClusterConnection.h"

#include "core/net/ApiError.h"
#include "core/net/RestClient.h"
#include "core/session/SessionState.h"
#include "core/store/StoreDelta.h"
#include "core/store/TableColumn.h"

ClusterConnection::ClusterConnection(const QString &name, const RestConfig &config, QObject *parent)
    : QObject(parent)
    , m_name(name)
    , m_config(config)
{
    // Everything that crosses from the network thread to the window.
    qRegisterMetaType<StoreDelta>();
    qRegisterMetaType<QList<TableColumn>>();
    qRegisterMetaType<SessionState>();
    qRegisterMetaType<ApiError>();
    m_thread.setObjectName(QStringLiteral("kubeglass-net"));
    m_client = new RestClient(config);
    m_client->moveToThread(&m_thread);
    m_thread.start();
}

ClusterConnection::~ClusterConnection()
{
    // A finishing thread runs its pending deferred deletes in posting order: the workers its
    // sessions gave up before this, then the client they used.
    m_client->deleteLater();
    m_thread.quit();
    m_thread.wait();
}
