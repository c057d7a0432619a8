// The simulator's nodes, replicasets, namespaces, configmaps, secrets and events in Table form
// (kubectl get) as a 1.20.2 kube-apiserver prints them: printers.go's column definitions and
// cells, held to a real server's Tables (tests/sim/fixtures/core-tables-1.20.2.json) and to each
// object's own fields.
#include "sim/SimEvents.h"
#include "sim/SimJson.h"
#include "sim/SimNodes.h"

#include "tests/sim/SimProtocolTest.h"

#include <QDateTime>
#include <QFile>
#include <QTest>

#include <algorithm>
#include <functional>

namespace {

using Printer = std::function<QJsonArray(const QJsonObject &)>;

QString orText(const QString &s, const QString &instead)
{
    return s.isEmpty() ? instead : s;
}

// The first address of that type in a node's status, "<none>" without one.
QString nodeAddress(const QJsonObject &status, const QString &type)
{
    for (const QJsonValue &a : status.value("addresses").toArray()) {
        if (a.toObject().value("type").toString() == type)
            return a.toObject().value("address").toString();
    }
    return QStringLiteral("<none>");
}

// The Ready condition's status, empty without one.
QString readyStatus(const QJsonObject &status)
{
    for (const QJsonValue &c : status.value("conditions").toArray()) {
        if (c.toObject().value("type").toString() == QLatin1String("Ready"))
            return c.toObject().value("status").toString();
    }
    return {};
}

// What 1.20's printers.go prints for each kind's object, in its column definitions' order, with
// null for the time cells (checked apart): the oracles for the simulator's rows, themselves held
// to a real server's rows.

QJsonArray printedNode(const QJsonObject &node)
{
    const QJsonObject status = node.value("status").toObject();
    const QJsonObject info = status.value("nodeInfo").toObject();
    QString state = readyStatus(status);
    state = state.isEmpty()                  ? QStringLiteral("Unknown")
            : state == QLatin1String("True") ? QStringLiteral("Ready")
                                             : QStringLiteral("NotReady");
    if (node.value("spec").toObject().value("unschedulable").toBool())
        state += QLatin1String(",SchedulingDisabled");
    QStringList roles;
    const QJsonObject labels = node.value("metadata").toObject().value("labels").toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it) {
        const QString role = it.key().startsWith(QLatin1String("node-role.kubernetes.io/"))
                                 ? it.key().section('/', 1)
                             : it.key() == QLatin1String("kubernetes.io/role")
                                 ? it.value().toString()
                                 : QString();
        if (!role.isEmpty() && !roles.contains(role))
            roles << role;
    }
    roles.sort();
    const QString unknown = QStringLiteral("<unknown>");
    return {node.value("metadata").toObject().value("name"),
            state,
            orText(roles.join(','), QStringLiteral("<none>")),
            QJsonValue(),
            info.value("kubeletVersion").toString(),
            nodeAddress(status, QStringLiteral("InternalIP")),
            nodeAddress(status, QStringLiteral("ExternalIP")),
            orText(info.value("osImage").toString(), unknown),
            orText(info.value("kernelVersion").toString(), unknown),
            orText(info.value("containerRuntimeVersion").toString(), unknown)};
}

// metav1.FormatLabelSelector: the requirements sorted by key, "<none>" for none.
QString selectorText(const QJsonObject &selector)
{
    QList<QPair<QString, QString>> requirements;
    const QJsonObject labels = selector.value("matchLabels").toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        requirements.append({it.key(), it.key() + '=' + it.value().toString()});
    for (const QJsonValue &v : selector.value("matchExpressions").toArray()) {
        const QJsonObject e = v.toObject();
        const QString key = e.value("key").toString();
        const QString op = e.value("operator").toString();
        QStringList values;
        for (const QJsonValue &value : e.value("values").toArray())
            values << value.toString();
        values.sort();
        const QString set = " (" + values.join(',') + ')';
        requirements.append({key, op == QLatin1String("In")       ? key + " in" + set
                                  : op == QLatin1String("NotIn")  ? key + " notin" + set
                                  : op == QLatin1String("Exists") ? key
                                                                  : '!' + key});
    }
    std::stable_sort(requirements.begin(), requirements.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList pieces;
    for (const auto &r : std::as_const(requirements))
        pieces << r.second;
    return orText(pieces.join(','), QStringLiteral("<none>"));
}

QJsonArray printedReplicaSet(const QJsonObject &rs)
{
    const QJsonObject spec = rs.value("spec").toObject();
    const QJsonObject status = rs.value("status").toObject();
    QStringList names;
    QStringList images;
    const QJsonObject podSpec = spec.value("template").toObject().value("spec").toObject();
    for (const QJsonValue &c : podSpec.value("containers").toArray()) {
        names << c.toObject().value("name").toString();
        images << c.toObject().value("image").toString();
    }
    return {rs.value("metadata").toObject().value("name"),
            spec.value("replicas").toInt(),
            status.value("replicas").toInt(),
            status.value("readyReplicas").toInt(),
            QJsonValue(),
            names.join(','),
            images.join(','),
            selectorText(spec.value("selector").toObject())};
}

QJsonArray printedNamespace(const QJsonObject &ns)
{
    return {ns.value("metadata").toObject().value("name"),
            ns.value("status").toObject().value("phase"), QJsonValue()};
}

QJsonArray printedConfigMap(const QJsonObject &cm)
{
    return {cm.value("metadata").toObject().value("name"),
            cm.value("data").toObject().size() + cm.value("binaryData").toObject().size(),
            QJsonValue()};
}

QJsonArray printedSecret(const QJsonObject &secret)
{
    return {secret.value("metadata").toObject().value("name"), secret.value("type"),
            secret.value("data").toObject().size(), QJsonValue()};
}

QJsonArray printedEvent(const QJsonObject &event)
{
    const QJsonObject involved = event.value("involvedObject").toObject();
    const QJsonObject source = event.value("source").toObject();
    const QString kind = involved.value("kind").toString().toLower();
    const QString name = involved.value("name").toString();
    const QString host = source.value("host").toString();
    const int count = event.value("count").toInt();
    return {QJsonValue(),
            event.value("type"),
            event.value("reason"),
            name.isEmpty() ? kind : kind + '/' + name,
            involved.value("fieldPath").toString(),
            source.value("component").toString() + (host.isEmpty() ? QString() : ", " + host),
            event.value("message").toString().trimmed(),
            QJsonValue(),
            count ? count : 1,
            event.value("metadata").toObject().value("name")};
}

// Cells other than those where expected holds null; numbers by value.
void compareCells(const QJsonArray &cells, const QJsonArray &expected)
{
    QCOMPARE(cells.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        if (expected.at(i).isDouble())
            QCOMPARE(cells.at(i).toDouble(-1), expected.at(i).toDouble());
        else if (!expected.at(i).isNull())
            QCOMPARE(cells.at(i), expected.at(i));
    }
}

// The Table of that resource a 1.20.2 server served (tests/sim/fixtures).
QJsonObject realTable(const QString &resource)
{
    QFile fixture(QStringLiteral(":/fixtures/core-tables-1.20.2.json"));
    if (!fixture.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(fixture.readAll()).object().value(resource).toObject();
}

// The kinds under test: resource, list path, oracle, the time cells' columns.
struct Kind
{
    const char *resource;
    const char *path;
    Printer printer;
    QList<int> timeCells;
};

const QList<Kind> &kinds()
{
    static const QList<Kind> all = {
        {"nodes", "/api/v1/nodes", printedNode, {3}},
        {"replicasets", "/apis/apps/v1/replicasets", printedReplicaSet, {4}},
        {"namespaces", "/api/v1/namespaces", printedNamespace, {2}},
        {"configmaps", "/api/v1/configmaps", printedConfigMap, {2}},
        {"secrets", "/api/v1/secrets", printedSecret, {3}},
        {"events", "/api/v1/events", printedEvent, {0, 7}}};
    return all;
}

void addKindRows()
{
    QTest::addColumn<int>("kind");
    for (qsizetype i = 0; i < kinds().size(); ++i)
        QTest::newRow(kinds().at(i).resource) << int(i);
}

} // namespace

class TestSimCoreColumns : public SimProtocolTest
{
    Q_OBJECT

private:
    // Every kind with something to print: a NotReady node and Warning events among them.
    void startTroubled()
    {
        SimConfig config;
        config.namespaces = 2;
        config.pods = 8;
        config.deployments = 2;
        config.nodes = 3;
        config.troubledObjects = true;
        startServer(config);
    }

private slots:
    void shouldServeTableColumnsAsA120ServerDoes_data() { addKindRows(); }
    void shouldServeTableColumnsAsA120ServerDoes()
    {
        QFETCH(int, kind);
        const Kind &k = kinds().at(kind);
        // Given the Table a 1.20.2 server served for the resource
        const QJsonArray real = realTable(k.resource).value("columnDefinitions").toArray();
        QVERIFY(!real.isEmpty());
        // When the simulator's objects are listed as a Table, as kubectl get asks
        const QJsonArray mine =
            m_client->get(k.path, kTable).json().value("columnDefinitions").toArray();
        // Then each column equals the real server's: name, type, format, description, priority
        QCOMPARE(mine.size(), real.size());
        for (qsizetype i = 0; i < real.size(); ++i)
            QCOMPARE(mine.at(i).toObject(), real.at(i).toObject());
    }

    void shouldPrintCellsAsTheRealServerDid_data() { addKindRows(); }
    void shouldPrintCellsAsTheRealServerDid()
    {
        QFETCH(int, kind);
        const Kind &k = kinds().at(kind);
        // Given a real 1.20.2 server's rows with their objects (a cordoned NotReady node with
        // roles and two ExternalIPs, a node with no status; a ReplicaSet with two containers and
        // a matchExpressions selector; a ConfigMap with binaryData, empty ones; an Event with a
        // subobject, a source host and a message in spaces)
        const QJsonArray rows = realTable(k.resource).value("rows").toArray();
        QVERIFY(!rows.isEmpty());
        for (const QJsonValue &row : rows) {
            // When the oracle prints the row's object
            // Then it prints the cells that server served
            compareCells(row.toObject().value("cells").toArray(),
                         k.printer(row.toObject().value("object").toObject()));
            if (QTest::currentTestFailed())
                return;
        }
    }

    void shouldServeCellsComputedFromTheRowsOwnObject_data() { addKindRows(); }
    void shouldServeCellsComputedFromTheRowsOwnObject()
    {
        QFETCH(int, kind);
        const Kind &k = kinds().at(kind);
        startTroubled();
        // When the simulator's objects are listed as a Table with their objects
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        const QJsonObject table =
            m_client->get(QString::fromLatin1(k.path) + "?includeObject=Object", kTable).json();
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        const QJsonArray rows = table.value("rows").toArray();
        // Then there is a row for every object
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows.size(), items(m_client->get(k.path).json()).size());
        for (const QJsonValue &row : rows) {
            const QJsonObject object = row.toObject().value("object").toObject();
            const QJsonArray cells = row.toObject().value("cells").toArray();
            // And each row's cells are what 1.20's printer prints for the row's own object
            compareCells(cells, k.printer(object));
            if (QTest::currentTestFailed())
                return;
            // And its time cells are the time since its creationTimestamp (an event's first
            // and last timestamps), as kubectl words it
            const qint64 created =
                QDateTime::fromString(meta(object, "creationTimestamp"), Qt::ISODate)
                    .toMSecsSinceEpoch();
            QSet<QString> ages;
            for (qint64 s = (before - created) / 1000 - 1; s <= (after - created) / 1000 + 1; ++s)
                ages.insert(QString::fromLatin1(SimJson::humanDuration(s)));
            for (int i : k.timeCells)
                QVERIFY2(ages.contains(cells.at(i).toString()), qPrintable(cells.at(i).toString()));
            if (k.resource == QLatin1String("events")) {
                QCOMPARE(object.value("lastTimestamp").toString(),
                         meta(object, "creationTimestamp"));
                QCOMPARE(object.value("firstTimestamp").toString(),
                         meta(object, "creationTimestamp"));
            }
        }
    }

    void shouldShowATroubledNodeAndItsWarningEvent()
    {
        startTroubled();
        // When the troubled cluster's nodes and events are listed as Tables
        QStringList statuses;
        for (const QJsonValue &row :
             m_client->get("/api/v1/nodes", kTable).json().value("rows").toArray())
            statuses << row.toObject().value("cells").toArray().at(1).toString();
        QStringList warnings;
        for (const QJsonValue &row :
             m_client->get("/api/v1/events", kTable).json().value("rows").toArray()) {
            const QJsonArray cells = row.toObject().value("cells").toArray();
            if (cells.at(1).toString() == QLatin1String("Warning"))
                warnings << cells.at(3).toString() + ' ' + cells.at(2).toString();
        }
        // Then the NotReady node reads NotReady, the others Ready
        QCOMPARE(statuses.count(QStringLiteral("NotReady")), 1);
        QCOMPARE(statuses.count(QStringLiteral("Ready")), statuses.size() - 1);
        // And its event reads as kubectl get events shows a node controller's
        QVERIFY2(warnings.contains(QStringLiteral("node/node-3 NodeNotReady")),
                 qPrintable(warnings.join('|')));
    }

    void shouldFormatNodeStatusRolesAndEventSourcesAsTheApiserverDoes()
    {
        // Given the nodes a real 1.20.2 server printed, with their objects
        for (const QJsonValue &row : realTable("nodes").value("rows").toArray()) {
            const QJsonObject node = row.toObject().value("object").toObject();
            const QJsonArray cells = row.toObject().value("cells").toArray();
            // And its labels handed over in reverse, for the printer to sort
            QList<QPair<QByteArray, QByteArray>> labels;
            const QJsonObject all = node.value("metadata").toObject().value("labels").toObject();
            for (auto it = all.begin(); it != all.end(); ++it)
                labels.prepend({it.key().toUtf8(), it.value().toString().toUtf8()});
            // When the simulator's printer formats its status and roles
            const QByteArray status =
                SimNodes::statusText(readyStatus(node.value("status").toObject()).toUtf8(),
                                     node.value("spec").toObject().value("unschedulable").toBool());
            // Then it prints the server's Status and Roles cells
            QCOMPARE(QString::fromUtf8(status), cells.at(1).toString());
            QCOMPARE(QString::fromUtf8(SimNodes::rolesText(labels)), cells.at(2).toString());
        }
        // Given the events it printed
        for (const QJsonValue &row : realTable("events").value("rows").toArray()) {
            const QJsonObject event = row.toObject().value("object").toObject();
            const QJsonObject involved = event.value("involvedObject").toObject();
            const QJsonObject source = event.value("source").toObject();
            const QJsonArray cells = row.toObject().value("cells").toArray();
            // Then the simulator's Object and Source are the server's
            QCOMPARE(QString::fromUtf8(
                         SimEvents::objectText(involved.value("kind").toString().toUtf8(),
                                               involved.value("name").toString().toUtf8())),
                     cells.at(3).toString());
            QCOMPARE(QString::fromUtf8(
                         SimEvents::sourceText(source.value("component").toString().toUtf8(),
                                               source.value("host").toString().toUtf8())),
                     cells.at(5).toString());
        }
    }
};

QTEST_MAIN(TestSimCoreColumns)
#include "tst_simcorecolumns.moc"
