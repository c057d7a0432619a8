// The detail pane's YAML view: the whole object of a metadata-only row, loaded and shown as
// `kubectl get -o yaml` prints it (byte for byte when kubectl is installed); list items get
// their apiVersion and kind. The renderer itself is tested in tests/yaml.
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/detail/DetailPane.h"

#include "tests/support/LocalKubectl.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {

// The detail pane's watches, as the window makes them, without a status panel.
WatchSession *plainSessions(ClusterConnection *connection, DetailPane::Watch, const QString &label,
                            QObject *owner)
{
    return new WatchSession(connection, label, owner);
}

} // namespace

class TestDetailYaml : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
    }

    void cleanup()
    {
        m_pane.reset();
        m_table.reset();
        m_firstRow.reset();
        m_connection.reset();
        m_sim.reset();
        m_home.reset();
    }

    void shouldShowKubectlYamlInTheDetailPane()
    {
        // Given the pods table as metadata-only rows, and the pane showing one pod
        startSimulator();
        RestConfig rest;
        rest.server = m_url;
        m_connection = std::make_unique<ClusterConnection>(QStringLiteral("sim"), rest);
        m_pane = std::make_unique<DetailPane>(plainSessions);
        m_pane->setConnection(m_connection.get());
        m_table = std::make_unique<WatchSession>(m_connection.get(), QStringLiteral("table"));
        connect(m_table.get(), &WatchSession::storeChanged, this, [this](const StoreDelta &delta) {
            if (!m_firstRow && !delta.added.isEmpty())
                m_firstRow = delta.added.first();
        });
        WatchTarget source = ResourceCatalog::targetFor(ResourceCatalog::pods());
        source.namespaceName = QStringLiteral("default");
        source.table = true;
        source.tableObject = WatchTarget::TableObject::Metadata;
        m_table->start(source);
        QTRY_VERIFY_WITH_TIMEOUT(m_firstRow, 10000);
        const StoredObjectPtr row = m_firstRow;
        // When the whole object has loaded
        m_pane->showObject(row, source);
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->shownObject(), 10000);
        // Then the YAML view shows kubectl's text: apiVersion and kind first, strings quoted
        const QString yaml = m_pane->yamlText();
        QVERIFY2(yaml.startsWith(QStringLiteral("apiVersion: v1\nkind: Pod\nmetadata:\n")),
                 qPrintable(yaml));
        QVERIFY(yaml.contains(QStringLiteral("prometheus.io/scrape: \"true\"\n")));
        if (LocalKubectl::path().isEmpty())
            return;
        const QByteArray expected = LocalKubectl::run(
            {QStringLiteral("--server"), m_url.toString(), QStringLiteral("get"),
             QStringLiteral("pod"), row->name().toString(), QStringLiteral("-n"),
             QStringLiteral("default"), QStringLiteral("-o"), QStringLiteral("yaml")},
            m_home->path());
        QCOMPARE(yaml, QString::fromUtf8(expected));
    }

    void shouldFillInApiVersionAndKindOfListItemsInTheDetailPane()
    {
        // Given a whole row from a list of Deployments, without apiVersion nor kind
        auto item = std::make_shared<StoredObject>();
        item->setName(QStringLiteral("default"), u"web");
        item->raw = R"({"metadata":{"name":"web","namespace":"default"},"spec":{"replicas":2}})";
        ResourceType deployments = ResourceCatalog::pods();
        deployments.group = QStringLiteral("apps");
        deployments.resource = QStringLiteral("deployments");
        deployments.kind = QStringLiteral("Deployment");
        WatchTarget source = ResourceCatalog::targetFor(deployments);
        source.table = false;
        // When the pane shows it
        m_pane = std::make_unique<DetailPane>(plainSessions);
        m_pane->showObject(item, source);
        // Then its YAML has them, from the resource, first as kubectl prints them
        QCOMPARE(m_pane->yamlText(), QStringLiteral("apiVersion: apps/v1\n"
                                                    "kind: Deployment\n"
                                                    "metadata:\n"
                                                    "  name: web\n"
                                                    "  namespace: default\n"
                                                    "spec:\n"
                                                    "  replicas: 2\n"));
    }

private:
    void startSimulator()
    {
        SimConfig config;
        config.namespaces = 3;
        config.pods = 12;
        m_sim = std::make_unique<SimServerThread>();
        m_url = m_sim->start(config);
        QVERIFY2(!m_url.isEmpty(), qPrintable(m_sim->errorString()));
    }

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<DetailPane> m_pane;
    std::unique_ptr<WatchSession> m_table;
    StoredObjectPtr m_firstRow;
};

QTEST_MAIN(TestDetailYaml)
#include "tst_detailyaml.moc"
