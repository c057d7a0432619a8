// The simulator's Services in Table form (kubectl get services) as a 1.20.2 kube-apiserver
// prints them: serviceColumnDefinitions' columns and printService's cells, held to a real
// server's Table (tests/sim/fixtures/services-table-1.20.2.json) and to each object's own fields.
#include "sim/SimJson.h"
#include "sim/SimServices.h"

#include "tests/sim/SimProtocolTest.h"

#include <QDateTime>
#include <QFile>
#include <QTest>

namespace {

// What 1.20's printService prints for a Service object, in serviceColumnDefinitions' order, with
// null for Age (checked apart): the oracle for the simulator's rows, itself held to a real
// server's rows. Types ClusterIP and NodePort only, the ones these tests meet.
QJsonArray printedService(const QJsonObject &service)
{
    const QJsonObject spec = service.value("spec").toObject();
    // 1.20 prints clusterIPs[0], which its server sets beside clusterIP; the simulator's
    // objects carry clusterIP alone.
    const QJsonArray clusterIps = spec.value("clusterIPs").toArray();
    QString clusterIp =
        clusterIps.isEmpty() ? spec.value("clusterIP").toString() : clusterIps.first().toString();
    if (clusterIp.isEmpty())
        clusterIp = QStringLiteral("<none>");
    QStringList externalIps;
    for (const QJsonValue &ip : spec.value("externalIPs").toArray())
        externalIps << ip.toString();
    QStringList ports;
    for (const QJsonValue &v : spec.value("ports").toArray()) {
        const QJsonObject p = v.toObject();
        const int nodePort = p.value("nodePort").toInt();
        ports << QString::number(p.value("port").toInt()) +
                     (nodePort > 0 ? ':' + QString::number(nodePort) : QString()) + '/' +
                     p.value("protocol").toString();
    }
    // labels.FormatLabels: sorted by key, as QJsonObject keeps them.
    QStringList selector;
    const QJsonObject labels = spec.value("selector").toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        selector << it.key() + '=' + it.value().toString();
    const auto orNone = [](const QStringList &items) {
        return items.isEmpty() ? QStringLiteral("<none>") : items.join(',');
    };
    return {service.value("metadata").toObject().value("name"),
            spec.value("type"),
            clusterIp,
            orNone(externalIps),
            orNone(ports),
            QJsonValue(),
            orNone(selector)};
}

// Cells other than those where expected holds null.
void compareCells(const QJsonArray &cells, const QJsonArray &expected)
{
    QCOMPARE(cells.size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i) {
        if (!expected.at(i).isNull())
            QCOMPARE(cells.at(i), expected.at(i));
    }
}

// The Table of Services a 1.20.2 server served (tests/sim/fixtures).
QJsonObject realServicesTable()
{
    QFile fixture(QStringLiteral(":/fixtures/services-table-1.20.2.json"));
    if (!fixture.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(fixture.readAll()).object();
}

} // namespace

class TestSimServices : public SimProtocolTest
{
    Q_OBJECT

private slots:
    void shouldServeServiceTableColumnsAsA120ServerDoes()
    {
        // Given the Table of Services a 1.20.2 server served
        const QJsonArray real = realServicesTable().value("columnDefinitions").toArray();
        QCOMPARE(real.size(), 7);
        // When the simulator's Services are listed as a Table, as kubectl get asks
        const QJsonArray mine =
            m_client->get("/api/v1/services", kTable).json().value("columnDefinitions").toArray();
        // Then each column equals the real server's: name, type, format, description, priority
        QCOMPARE(mine.size(), real.size());
        for (qsizetype i = 0; i < real.size(); ++i)
            QCOMPARE(mine.at(i).toObject(), real.at(i).toObject());
    }

    void shouldServeServiceTableCellsAsTheApiserverPrintsThem()
    {
        // Given printService's cells computed from an object's own fields, which for a real
        // 1.20.2 server's Services (one without a selector, a NodePort one with two ports and
        // two selector labels, a headless one) are the cells that server served
        const QJsonArray realRows = realServicesTable().value("rows").toArray();
        QCOMPARE(realRows.size(), 3);
        for (const QJsonValue &row : realRows) {
            compareCells(row.toObject().value("cells").toArray(),
                         printedService(row.toObject().value("object").toObject()));
            if (QTest::currentTestFailed())
                return;
        }
        startWithWorkloads();
        // When the simulator's Services are listed as a Table with their objects
        const qint64 before = QDateTime::currentMSecsSinceEpoch();
        const QJsonObject table =
            m_client->get("/api/v1/services?includeObject=Object", kTable).json();
        const qint64 after = QDateTime::currentMSecsSinceEpoch();
        const QJsonArray rows = table.value("rows").toArray();
        // Then there is a row for every Service, the StatefulSet's "db" among them
        QCOMPARE(rows.size(), list("/api/v1/services").size());
        QStringList names;
        for (const QJsonValue &row : rows) {
            const QJsonObject service = row.toObject().value("object").toObject();
            const QJsonArray cells = row.toObject().value("cells").toArray();
            names << meta(service, "name");
            // And each row's cells are what printService prints for the row's own object
            compareCells(cells, printedService(service));
            if (QTest::currentTestFailed())
                return;
            // And every simulated Service is a ClusterIP one with a selector
            QCOMPARE(cells.at(1).toString(), QStringLiteral("ClusterIP"));
            QCOMPARE(cells.at(6).toString(), QStringLiteral("app=") + meta(service, "name"));
            // And its Age is the time since its creationTimestamp, as kubectl words it
            const qint64 created =
                QDateTime::fromString(meta(service, "creationTimestamp"), Qt::ISODate)
                    .toMSecsSinceEpoch();
            QSet<QString> ages;
            for (qint64 s = (before - created) / 1000 - 1; s <= (after - created) / 1000 + 1; ++s)
                ages.insert(QString::fromLatin1(SimJson::humanDuration(s)));
            QVERIFY2(ages.contains(cells.at(5).toString()), qPrintable(cells.at(5).toString()));
        }
        QVERIFY(names.contains(QStringLiteral("db")));
        QVERIFY(names.contains(QStringLiteral("web-1")));
    }

    void shouldFormatServicePortsAndSelectorsAsTheApiserverDoes()
    {
        // Given the Services a real 1.20.2 server printed, with their objects
        for (const QJsonValue &row : realServicesTable().value("rows").toArray()) {
            const QJsonObject spec =
                row.toObject().value("object").toObject().value("spec").toObject();
            const QJsonArray cells = row.toObject().value("cells").toArray();
            QList<SimServices::Port> ports;
            for (const QJsonValue &v : spec.value("ports").toArray()) {
                const QJsonObject p = v.toObject();
                ports.append({p.value("name").toString().toUtf8(),
                              p.value("protocol").toString().toUtf8(), p.value("port").toInt(),
                              p.value("targetPort").toInt(), p.value("nodePort").toInt()});
            }
            // And its selector's labels handed over in reverse, for the printer to sort
            SimServices::Labels selector;
            const QJsonObject labels = spec.value("selector").toObject();
            for (auto it = labels.begin(); it != labels.end(); ++it)
                selector.prepend({it.key().toUtf8(), it.value().toString().toUtf8()});
            // When the simulator's printer formats its ports and selector
            // Then it prints the server's Port(s) and Selector cells ("<none>" for none)
            QCOMPARE(QString::fromUtf8(SimServices::portsText(ports)), cells.at(4).toString());
            QCOMPARE(QString::fromUtf8(SimServices::labelsText(selector)), cells.at(6).toString());
        }
    }
};

QTEST_MAIN(TestSimServices)
#include "tst_simservices.moc"
