// The detail pane against the simulator: rows that carry only metadata (Table with
// includeObject=Metadata) still show the whole object, live, loaded by name.
#include "core/session/ClusterConnection.h"
#include "core/session/ResourceCatalog.h"
#include "core/session/WatchSession.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"
#include "ui/detail/DetailPane.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTest>

#include <memory>

class TestDetailPane : public QObject
{
    Q_OBJECT

private slots:
    void init() { startCluster(true); }

    void cleanup()
    {
        m_table.reset();
        m_pane.reset();
        m_connection.reset();
        m_sim.reset();
    }

    void shouldWatchTheWholeObjectByNameWhenRowsCarryMetadataOnly()
    {
        // Given the pods table as metadata-only Table rows
        const WatchTarget source = watchTable(ResourceCatalog::pods(), true);
        const StoredObjectPtr row =
            m_rows.value(QStringLiteral("default/") + firstName("default/"));
        QVERIFY(row);
        QVERIFY(!row->raw.contains("\"containers\""));
        // When its row is shown
        m_pane->showObject(row, source);
        // Then the pane loads that one object by name and shows it whole
        QCOMPARE(m_pane->objectSession()->target().fieldSelector,
                 QStringLiteral("metadata.name=") + row->name().toString());
        QCOMPARE(m_pane->objectSession()->target().namespaceName, QStringLiteral("default"));
        QVERIFY(!m_pane->objectSession()->target().table);
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->yamlText().contains("containers:"), 10000);
        QVERIFY(m_pane->yamlText().contains(QStringLiteral("name: ") + row->name().toString()));
        QCOMPARE(m_pane->shownObject()->uid.toString(), row->uid.toString());
        // And the pane's two watches came from the session source it was given
        QCOMPARE(m_created, 2);

        // When the object changes on the server
        QVERIFY(!m_pane->yamlText().contains("sim.kubeglass.io/revision"));
        control(QStringLiteral("objects?resource=pods&namespace=default&name=%1&op=modify")
                    .arg(row->name()));
        // Then the YAML follows without the row being shown again
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->yamlText().contains("sim.kubeglass.io/revision"), 10000);
    }

    void shouldRenderWholeRowsAtOnceWithoutAnObjectWatch()
    {
        // Given a table of whole objects (a server without Table output)
        const WatchTarget source = watchTable(ResourceCatalog::pods(), false);
        const StoredObjectPtr row =
            m_rows.value(QStringLiteral("default/") + firstName("default/"));
        QVERIFY(row);
        // When its row is shown
        m_pane->showObject(row, source);
        // Then the YAML is there at once and no object watch runs
        QVERIFY(m_pane->yamlText().contains("containers:"));
        QCOMPARE(m_pane->shownObject(), row);
        QVERIFY(m_pane->objectSession()->target().fieldSelector.isEmpty());
    }

    void shouldSwitchTheObjectWatchWithTheSelection()
    {
        // Given one pod shown from metadata rows
        const WatchTarget source = watchTable(ResourceCatalog::pods(), true);
        const QStringList keys = sortedKeys("default/");
        QVERIFY(keys.size() >= 2);
        m_pane->showObject(m_rows.value(keys.at(0)), source);
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->shownObject(), 10000);
        // When another row is selected
        const StoredObjectPtr second = m_rows.value(keys.at(1));
        m_pane->showObject(second, source);
        // Then the first object is no longer shown while the second loads, and then it is
        QVERIFY(!m_pane->shownObject());
        QVERIFY(m_pane->yamlText().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->shownObject() && m_pane->shownObject()->key == second->key,
                                 10000);
        QVERIFY(m_pane->yamlText().contains(QStringLiteral("name: ") + second->name().toString()));
        // When the selection is cleared
        m_pane->showObject(nullptr, {});
        // Then nothing is shown and the object watch stops
        QVERIFY(m_pane->yamlText().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_pane->objectSession()->phase(), ReflectorPhase::Stopped, 5000);
    }

    void shouldKeepSecretDataMaskedWhenLoadedByName()
    {
        // Given a Secret shown from metadata rows
        ResourceType secrets = ResourceCatalog::pods();
        secrets.resource = QStringLiteral("secrets");
        secrets.kind = QStringLiteral("Secret");
        const WatchTarget source = watchTable(secrets, true);
        const StoredObjectPtr row = m_rows.value(QStringLiteral("default/registry-credentials"));
        QVERIFY(row);
        m_pane->showObject(row, source);
        // When the whole Secret has arrived
        QTRY_VERIFY_WITH_TIMEOUT(m_pane->shownObject(), 10000);
        const QByteArray raw = m_pane->shownObject()->raw;
        QVERIFY(raw.contains("\"data\""));
        // Then its data values are masked, and the pane offers to reveal them
        QVERIFY(m_pane->yamlText().contains(".dockerconfigjson"));
        QVERIFY(!m_pane->yamlText().contains("eyJhdXRocyI6"));
        auto *reveal = m_pane->findChild<QPushButton *>(QStringLiteral("revealSecret"));
        QVERIFY(reveal && !reveal->isHidden());
    }

    void shouldListOnlyTheSelectedObjectsEvents_data()
    {
        QTest::addColumn<bool>("serverSelects");
        QTest::newRow("selected by the server") << true;
        // Servers without the event field set answer 400: the pane filters the namespace's.
        QTest::newRow("filtered by the pane") << false;
    }

    void shouldListOnlyTheSelectedObjectsEvents()
    {
        // Given a Deployment shown from metadata rows
        QFETCH(bool, serverSelects);
        startCluster(serverSelects);
        ResourceType deployments = ResourceCatalog::pods();
        deployments.group = QStringLiteral("apps");
        deployments.resource = QStringLiteral("deployments");
        deployments.kind = QStringLiteral("Deployment");
        const WatchTarget source = watchTable(deployments, true);
        const QStringList keys = sortedKeys("default/");
        QVERIFY(!keys.isEmpty());
        const StoredObjectPtr row = m_rows.value(keys.first());
        // When its row is shown
        m_pane->showObject(row, source);
        // Then its one event is listed, and no other of the namespace
        QTRY_COMPARE_WITH_TIMEOUT(m_pane->eventsModel()->rowCount(), 1, 10000);
        QCOMPARE(m_pane->eventsModel()->index(0, 1).data().toString(),
                 QStringLiteral("ScalingReplicaSet"));
        QVERIFY(m_pane->eventsModel()->index(0, 3).data().toString().contains("Scaled up"));
        QCOMPARE(m_pane->eventsSession()->target().namespaceName, QStringLiteral("default"));
        QCOMPARE(m_pane->eventsSession()->target().fieldSelector,
                 serverSelects ? QStringLiteral("involvedObject.uid=") + row->uid.toString()
                               : QString());
    }

    void shouldSayWhyTheObjectCannotBeLoaded()
    {
        // Given metadata rows, and a server that refuses the object's namespace from now on
        const WatchTarget source = watchTable(ResourceCatalog::pods(), true);
        const StoredObjectPtr row =
            m_rows.value(QStringLiteral("default/") + firstName("default/"));
        QVERIFY(row);
        control(QStringLiteral("fail?count=1000&code=403&path=/api/v1/namespaces/default/pods"));
        // When its row is shown
        m_pane->showObject(row, source);
        // Then the YAML view says why it is empty, with the server's status
        auto *yaml = m_pane->findChild<QPlainTextEdit *>(QStringLiteral("yamlView"));
        QVERIFY(yaml);
        QTRY_VERIFY_WITH_TIMEOUT(yaml->placeholderText().contains("403"), 10000);
        QVERIFY(yaml->toPlainText().isEmpty());
    }

private:
    // A small simulated cluster, its connection, the pane on it, and a table session.
    void startCluster(bool eventFieldSelectors)
    {
        cleanup();
        SimConfig config;
        config.namespaces = 3;
        config.pods = 12;
        config.eventFieldSelectors = eventFieldSelectors;
        m_sim = std::make_unique<SimServerThread>();
        const QUrl url = m_sim->start(config);
        QVERIFY2(!url.isEmpty(), qPrintable(m_sim->errorString()));
        RestConfig rest;
        rest.server = url;
        m_connection = std::make_unique<ClusterConnection>(QStringLiteral("sim"), rest);
        m_created = 0;
        m_pane =
            std::make_unique<DetailPane>([this](ClusterConnection *connection, DetailPane::Watch,
                                                const QString &label, QObject *owner) {
                ++m_created;
                return new WatchSession(connection, label, owner);
            });
        m_pane->setConnection(m_connection.get());
        m_table = std::make_unique<WatchSession>(m_connection.get(), QStringLiteral("table"));
        m_rows.clear();
        connect(m_table.get(), &WatchSession::storeChanged, this, [this](const StoreDelta &delta) {
            for (const QList<StoredObjectPtr> *list : {&delta.added, &delta.updated})
                for (const StoredObjectPtr &object : *list)
                    m_rows.insert(object->key, object);
        });
    }

    WatchTarget watchTable(const ResourceType &type, bool table)
    {
        WatchTarget target = ResourceCatalog::targetFor(type);
        target.table = table;
        target.tableObject = WatchTarget::TableObject::Metadata;
        m_table->start(target);
        const bool synced = QTest::qWaitFor([this] { return m_table->hasSynced(); }, 10000);
        if (!synced)
            qWarning("the table did not sync");
        return target;
    }

    QStringList sortedKeys(const QString &prefix) const
    {
        QStringList keys;
        for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it)
            if (it.key().startsWith(prefix))
                keys.append(it.key());
        keys.sort();
        return keys;
    }

    QString firstName(const QString &prefix) const
    {
        const QStringList keys = sortedKeys(prefix);
        return keys.isEmpty() ? QString() : keys.first().mid(prefix.size());
    }

    void control(const QString &call)
    {
        int status = 0;
        m_sim->control(call, &status);
        QCOMPARE(status, 200);
    }

    std::unique_ptr<SimServerThread> m_sim;
    std::unique_ptr<ClusterConnection> m_connection;
    std::unique_ptr<DetailPane> m_pane;
    int m_created = 0;
    std::unique_ptr<WatchSession> m_table;
    QHash<QString, StoredObjectPtr> m_rows;
};

QTEST_MAIN(TestDetailPane)
#include "tst_detailpane.moc"
