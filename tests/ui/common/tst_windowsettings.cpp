// What the window remembers across runs, and how settings of earlier versions are read.
#include "ui/common/WindowSettings.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

class TestWindowSettings : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;

    QString file() const { return m_dir->filePath(QStringLiteral("settings.ini")); }

    static ResourceType deployments()
    {
        ResourceType type;
        type.group = QStringLiteral("apps");
        type.version = QStringLiteral("v1");
        type.resource = QStringLiteral("deployments");
        type.kind = QStringLiteral("Deployment");
        type.namespaced = true;
        return type;
    }

private slots:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void shouldRememberResourceTypeByNameAndGroupPerContext()
    {
        // Given deployments chosen in one context
        WindowSettings(file()).setResourceType(QStringLiteral("kind-dev"), deployments());

        // When the settings are read again
        const WindowSettings settings(file());
        const std::optional<ResourceType> type = settings.resourceType(QStringLiteral("kind-dev"));

        // Then the type comes back whole, under its name and group, and only for that context
        QVERIFY(type);
        QCOMPARE(type->qualifiedName(), QString("deployments.apps"));
        QCOMPARE(type->version, QString("v1"));
        QCOMPARE(type->kind, QString("Deployment"));
        QVERIFY(type->namespaced);
        QVERIFY(!settings.resourceType(QStringLiteral("other")));
        QSettings raw(file(), QSettings::IniFormat);
        QCOMPARE(raw.value("contexts/kind-dev/type/resource").toString(), QString("deployments"));
        QCOMPARE(raw.value("contexts/kind-dev/type/group").toString(), QString("apps"));
    }

    void shouldRememberSeveralContextsInTheirOrder()
    {
        // Given an earlier version that remembered one context
        QSettings(file(), QSettings::IniFormat).setValue("lastContext", "kind-dev");
        // Then that one is the list
        QCOMPARE(WindowSettings(file()).lastContexts(), QStringList{"kind-dev"});

        // When two contexts are shown together
        WindowSettings(file()).setLastContexts({"prod-eu", "staging"});
        // Then both come back in that order, the first also as the single last context
        const WindowSettings settings(file());
        QCOMPARE(settings.lastContexts(), QStringList({"prod-eu", "staging"}));
        QCOMPARE(settings.lastContext(), QString("prod-eu"));
    }

    void shouldColourContextsByTheFirstMatchingRule()
    {
        // Given the default rules
        WindowSettings settings(file());
        // Then a production context is red and the others have no colour
        QCOMPARE(settings.contextColour("prod-eu"), QColor("#d32f2f"));
        QCOMPARE(settings.contextColour("gke_PROD_1"), QColor("#d32f2f"));
        QVERIFY(!settings.contextColour("staging").isValid());

        // When rules of one's own are set (a pattern may hold '=')
        settings.setContextColourRules({"bad(=red", "^stag=orange", "a=b=#00ff00"});
        // Then the first matching rule decides and a broken one matches nothing
        QCOMPARE(settings.contextColour("staging"), QColor("orange"));
        QCOMPARE(settings.contextColour("xa=by"), QColor("#00ff00"));
        QVERIFY(!settings.contextColour("prod-eu").isValid());
    }

    void shouldMigrateThePositionalListOfEarlierVersions()
    {
        // Given a type saved by an earlier version as a five-item list, with its name beside it
        {
            QSettings raw(file(), QSettings::IniFormat);
            raw.setValue("contexts/prod/resourceType",
                         QStringList{"", "v1", "configmaps", "ConfigMap", "namespaced"});
            raw.setValue("contexts/prod/resource", "configmaps");
        }

        // When it is read
        WindowSettings settings(file());
        const std::optional<ResourceType> type = settings.resourceType(QStringLiteral("prod"));

        // Then it is the same type
        QVERIFY(type);
        QCOMPARE(type->groupVersion(), QString("v1"));
        QCOMPARE(type->resource, QString("configmaps"));
        QCOMPARE(type->kind, QString("ConfigMap"));
        QVERIFY(type->namespaced);

        // When it is saved again, the old keys are gone and the new ones read back the same
        settings.setResourceType(QStringLiteral("prod"), *type);
        QSettings raw(file(), QSettings::IniFormat);
        QVERIFY(!raw.contains("contexts/prod/resourceType"));
        QVERIFY(!raw.contains("contexts/prod/resource"));
        QCOMPARE(WindowSettings(file()).resourceType(QStringLiteral("prod"))->qualifiedName(),
                 QString("configmaps"));
    }

    void shouldReadClusterScopeFromTheOldList()
    {
        {
            QSettings raw(file(), QSettings::IniFormat);
            raw.setValue("contexts/prod/resourceType",
                         QStringList{"", "v1", "nodes", "Node", "cluster"});
        }
        const std::optional<ResourceType> type =
            WindowSettings(file()).resourceType(QStringLiteral("prod"));
        QVERIFY(type);
        QVERIFY(!type->namespaced);
    }

    void shouldIgnoreAnUnusableRememberedType()
    {
        // Given a list of the wrong length, and one without a version
        {
            QSettings raw(file(), QSettings::IniFormat);
            raw.setValue("contexts/short/resourceType", QStringList{"", "v1", "pods"});
            raw.setValue("contexts/noversion/resourceType",
                         QStringList{"", "", "pods", "Pod", "namespaced"});
        }

        // Then neither is offered
        const WindowSettings settings(file());
        QVERIFY(!settings.resourceType(QStringLiteral("short")));
        QVERIFY(!settings.resourceType(QStringLiteral("noversion")));
    }

    void shouldKeepContextsWithSlashesApart()
    {
        // Given a context named like an EKS ARN
        const QString arn = QStringLiteral("arn:aws:eks:eu-west-1:1:cluster/prod");
        WindowSettings(file()).setNamespaces(arn, {QStringLiteral("web")});

        // Then its namespaces come back, and a never-chosen context has none
        const WindowSettings settings(file());
        QCOMPARE(settings.namespaces(arn), std::optional<QStringList>(QStringList{"web"}));
        QVERIFY(!settings.namespaces(QStringLiteral("cluster")));
    }

    void shouldTellNoNamespacesChosenFromAllNamespaces()
    {
        // Given "all namespaces" chosen (an empty selection)
        WindowSettings(file()).setNamespaces(QStringLiteral("dev"), {});

        // Then that choice is remembered, unlike a context never seen
        const std::optional<QStringList> chosen =
            WindowSettings(file()).namespaces(QStringLiteral("dev"));
        QVERIFY(chosen);
        QVERIFY(chosen->isEmpty());
    }

    void shouldRememberLayoutLastContextAndColumnWidths()
    {
        WindowSettings::Layout layout;
        layout.geometry = QByteArray("geometry");
        layout.state = QByteArray("state");
        layout.splitter = QByteArray("splitter");
        layout.wide = true;
        {
            WindowSettings settings(file());
            settings.setLayout(layout);
            settings.setLastContext(QStringLiteral("kind-dev"));
            settings.setColumnWidth(QStringLiteral("pods"), QStringLiteral("Name"), 321);
        }
        const WindowSettings settings(file());
        QCOMPARE(settings.layout().geometry, layout.geometry);
        QCOMPARE(settings.layout().state, layout.state);
        QCOMPARE(settings.layout().splitter, layout.splitter);
        QVERIFY(settings.layout().wide);
        QCOMPARE(settings.lastContext(), QString("kind-dev"));
        QCOMPARE(settings.columnWidth("pods", "Name", 100), 321);
        QCOMPARE(settings.columnWidth("pods", "Age", 100), 100);
        QCOMPARE(settings.columnWidth("deployments.apps", "Name", 90), 90);
    }
};

QTEST_GUILESS_MAIN(TestWindowSettings)
#include "tst_windowsettings.moc"
