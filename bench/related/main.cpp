// bench_related: what opening the Related tab costs at cluster scale when the pods are watched.
// A pod store of --pods metadata-only Table rows (as the window's table keeps them: the owner
// in raw's ownerReferences, the node in the "Node" cell) over --nodes nodes, with one
// Deployment whose ReplicaSet owns --deployment-pods of them and ReplicaSets of about 100 pods
// for the rest. While --rate events/s of churn are applied (updates, pods moving node, deletes
// and creations, in 10 ms slices as a watch delivers them), Related is answered every 100 ms
// for one node, for the Deployment (its ReplicaSets, then their pods) and for the Service of its
// pods (by label selector) by StoreRelations, the finder's store path, and by a full scan over
// the stores in the same run (every object's JSON read, as an answer without the index would
// need). It prints the answers' times (median
// and worst), how many coalesced answers the churn caused, what keeping the index costs per
// event and its memory per pod. Not a test.
//
//   bench_related [--pods 100000] [--nodes 900] [--deployment-pods 5000] [--rate 5000]
//                 [--seconds 5]
#include "core/related/RelatedObject.h"
#include "core/related/StoreRelations.h"
#include "core/store/ObjectStore.h"
#include "core/store/StoreDelta.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <malloc.h>
#include <simdjson.h>

namespace {

struct Fleet
{
    int pods = 100000;
    int nodes = 900;
    int deploymentPods = 5000;
};

QString uidOf(const QString &prefix, int n)
{
    return QStringLiteral("%1-0000-4000-8000-%2").arg(prefix).arg(n, 12, 10, QLatin1Char('0'));
}

// One label set per ReplicaSet, shared by its pods as the store's interner shares them.
LabelSet labelsOf(int replicaSet)
{
    static QHash<int, LabelSet> sets;
    auto found = sets.find(replicaSet);
    if (found == sets.end())
        found = sets.insert(replicaSet,
                            LabelSet(ObjectLabels{
                                {QStringLiteral("app"), QStringLiteral("rs-%1").arg(replicaSet)}}));
    return found.value();
}

StoredObjectPtr pod(int n, int replicaSet, int node, int version)
{
    auto record = std::make_shared<StoredObject>();
    record->labels = labelsOf(replicaSet);
    const QString name = QStringLiteral("pod-%1").arg(n);
    record->setName(QStringLiteral("ns-%1").arg(replicaSet % 20), name);
    record->uid = ObjectUid(uidOf(QStringLiteral("00000000"), n));
    record->resourceVersion = ResourceVersion(QString::number(version));
    record->raw =
        QStringLiteral(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                       R"("metadata":{"name":"%1","namespace":"%2","uid":"%3",)"
                       R"("resourceVersion":"%4","labels":{"app":"rs-%5"},)"
                       R"("ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet",)"
                       R"("name":"rs-%5","uid":"%6","controller":true}]}})")
            .arg(name, record->namespaceName, record->uid.toString(), QString::number(version))
            .arg(replicaSet)
            .arg(uidOf(QStringLiteral("11111111"), replicaSet))
            .toUtf8();
    record->cells =
        TableCells(QList<QVariant>{name, QStringLiteral("1/1"), QStringLiteral("Running"), 0,
                                   QStringLiteral("5m"), QStringLiteral("node-%1").arg(node)});
    return record;
}

StoredObjectPtr replicaSet(int n)
{
    auto record = std::make_shared<StoredObject>();
    record->setName(QStringLiteral("ns-%1").arg(n % 20), QStringLiteral("rs-%1").arg(n));
    record->uid = ObjectUid(uidOf(QStringLiteral("11111111"), n));
    record->resourceVersion = ResourceVersion(QStringLiteral("1"));
    record->raw = QStringLiteral(R"({"kind":"PartialObjectMetadata","metadata":{"name":"rs-%1",)"
                                 R"("ownerReferences":[{"kind":"Deployment","name":"d-%1",)"
                                 R"("uid":"%2"}]}})")
                      .arg(n)
                      .arg(uidOf(QStringLiteral("22222222"), n))
                      .toUtf8();
    return record;
}

QList<TableColumn> podColumns()
{
    QList<TableColumn> columns;
    for (const char *name : {"Name", "Ready", "Status", "Restarts", "Age", "Node"}) {
        TableColumn column;
        column.name = QLatin1String(name);
        columns.append(column);
    }
    return columns;
}

size_t heapInUse()
{
    return mallinfo2().uordblks;
}

// The same answers without an index: every object's JSON read.
struct Scanner
{
    simdjson::dom::parser parser;

    QStringList ownerUids(const StoredObject &object)
    {
        QStringList uids;
        simdjson::dom::element element;
        simdjson::dom::array owners;
        if (parser.parse(object.raw.constData(), size_t(object.raw.size())).get(element) ||
            element.at_pointer("/metadata/ownerReferences").get(owners))
            return uids;
        for (simdjson::dom::element owner : owners) {
            std::string_view uid;
            if (!owner["uid"].get(uid))
                uids.append(QString::fromUtf8(uid.data(), qsizetype(uid.size())));
        }
        return uids;
    }
    qsizetype onNode(const ObjectStore &pods, const QString &node)
    {
        qsizetype found = 0;
        // Rows whose JSON has no spec: the node cell, as the index reads it.
        const QList<StoredObjectPtr> all = pods.objects();
        for (const StoredObjectPtr &object : all)
            found += object->cells.at(5).toString() == node ? 1 : 0;
        return found;
    }
    // The pods in namespaceName labelled app=app, by each pod's JSON.
    qsizetype selected(const ObjectStore &pods, const QString &namespaceName, const QString &app)
    {
        qsizetype found = 0;
        const std::string wanted = app.toStdString();
        for (const StoredObjectPtr &object : pods.objects()) {
            simdjson::dom::element element;
            std::string_view value;
            if (object->namespaceName == namespaceName &&
                !parser.parse(object->raw.constData(), size_t(object->raw.size())).get(element) &&
                !element.at_pointer("/metadata/labels/app").get(value) && value == wanted)
                ++found;
        }
        return found;
    }
    qsizetype ownedPods(const ObjectStore &replicaSets, const ObjectStore &pods,
                        const QString &deploymentUid)
    {
        QSet<QString> owners;
        for (const StoredObjectPtr &object : replicaSets.objects()) {
            if (ownerUids(*object).contains(deploymentUid))
                owners.insert(object->uid.toString());
        }
        qsizetype found = owners.size();
        for (const StoredObjectPtr &object : pods.objects()) {
            const QStringList uids = ownerUids(*object);
            found += std::any_of(uids.begin(), uids.end(),
                                 [&owners](const QString &uid) { return owners.contains(uid); });
        }
        return found;
    }
};

struct Times
{
    QList<double> ms;
    qsizetype items = 0;
    void add(double value, qsizetype count)
    {
        ms.append(value);
        items = count;
    }
    double median()
    {
        std::sort(ms.begin(), ms.end());
        return ms.isEmpty() ? 0 : ms.at(ms.size() / 2);
    }
    double worst() const { return ms.isEmpty() ? 0 : *std::max_element(ms.begin(), ms.end()); }
};

template <typename Work> double timed(Work work)
{
    QElapsedTimer timer;
    timer.start();
    work();
    return double(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOptions({{"pods", "pods in the store", "n", "100000"},
                       {"nodes", "nodes they run on", "n", "900"},
                       {"deployment-pods", "pods of the one big Deployment", "n", "5000"},
                       {"rate", "churn events per second", "n", "5000"},
                       {"seconds", "how long the churn runs", "n", "5"}});
    parser.process(app);
    Fleet fleet{parser.value("pods").toInt(), parser.value("nodes").toInt(),
                parser.value("deployment-pods").toInt()};
    const int rate = parser.value("rate").toInt();
    const int seconds = parser.value("seconds").toInt();

    // ReplicaSet 0 (of Deployment d-0) owns the first deploymentPods pods; the rest go to
    // ReplicaSets of 100. Pods are spread over the nodes round-robin.
    const int replicaSets = 1 + (fleet.pods - fleet.deploymentPods + 99) / 100;
    const auto replicaSetOf = [&fleet](int n) {
        return n < fleet.deploymentPods ? 0 : 1 + (n - fleet.deploymentPods) / 100;
    };
    QList<StoredObjectPtr> podList;
    podList.reserve(fleet.pods);
    for (int n = 0; n < fleet.pods; ++n)
        podList.append(pod(n, replicaSetOf(n), n % fleet.nodes, 1));
    QList<StoredObjectPtr> replicaSetList;
    for (int n = 0; n < replicaSets; ++n)
        replicaSetList.append(replicaSet(n));

    ObjectStore pods;
    pods.setColumns(podColumns());
    pods.replace(podList, QStringLiteral("1"));
    ObjectStore rsStore;
    rsStore.replace(replicaSetList, QStringLiteral("1"));
    rsStore.indexRelations();
    podList.clear();
    QCoreApplication::processEvents(); // the first lists' batches
    const size_t heapBefore = heapInUse();
    const double buildMs = timed([&pods] { pods.indexRelations(); });
    const double indexBytesPerPod = double(heapInUse() - heapBefore) / fleet.pods;

    StoreRelations nodeRelations;
    nodeRelations.followNode({QStringLiteral("Pod"), &pods, false}, QStringLiteral("node-7"));
    StoreRelations deploymentRelations;
    deploymentRelations.followChildren(
        {{QStringLiteral("ReplicaSet"), &rsStore, false}, {QStringLiteral("Pod"), &pods, false}},
        uidOf(QStringLiteral("22222222"), 0));
    // The Service of the big Deployment's pods (app=rs-0, in ns-0 with a twentieth of the rest).
    StoreRelations serviceRelations;
    serviceRelations.followSelected({QStringLiteral("Pod"), &pods, false}, QStringLiteral("ns-0"),
                                    {{QStringLiteral("app"), QStringLiteral("rs-0")}});
    int nodeChanges = 0;
    int deploymentChanges = 0;
    int serviceChanges = 0;
    QObject::connect(&serviceRelations, &StoreRelations::changed, [&] { ++serviceChanges; });
    QObject::connect(&nodeRelations, &StoreRelations::changed, [&] { ++nodeChanges; });
    QObject::connect(&deploymentRelations, &StoreRelations::changed, [&] { ++deploymentChanges; });

    // Churn: mostly updates in place, some pods moving node, some deleted and created again,
    // paced by the clock so that the rate holds whatever a slice of the loop took.
    QRandomGenerator random(32);
    int version = 2;
    qint64 events = 0;
    double churnMs = 0;
    QElapsedTimer wall;
    QTimer churn;
    churn.setInterval(10);
    QObject::connect(&churn, &QTimer::timeout, [&] {
        const qint64 due = wall.elapsed() * rate / 1000;
        churnMs += timed([&] {
            for (; events < due; ++events) {
                const int n = int(random.bounded(fleet.pods));
                const int what = int(random.bounded(100));
                const QString key = QStringLiteral("ns-%1/pod-%2").arg(replicaSetOf(n) % 20).arg(n);
                if (what < 10)
                    pods.remove(key);
                else
                    pods.upsert(pod(n, replicaSetOf(n),
                                    what < 20 ? int(random.bounded(fleet.nodes)) : n % fleet.nodes,
                                    ++version));
            }
        });
    });
    // What the finder publishes: a row per object, named as the tab shows it.
    const auto rows = [](const QList<StoreRelations::Found> &found) {
        QList<RelatedObject> out;
        out.reserve(found.size());
        for (const StoreRelations::Found &one : found)
            out.append({one.relation, one.kind, one.object->namespaceName,
                        one.object->name().toString(), QString()});
        return out.size();
    };
    Times nodeIndex, deploymentIndex, serviceSelector;
    QTimer ask;
    ask.setInterval(100);
    QObject::connect(&ask, &QTimer::timeout, [&] {
        qsizetype count = 0;
        double ms = timed([&] { count = rows(nodeRelations.answer()); });
        nodeIndex.add(ms, count);
        ms = timed([&] { count = rows(deploymentRelations.answer()); });
        deploymentIndex.add(ms, count);
        ms = timed([&] { count = rows(serviceRelations.answer()); });
        serviceSelector.add(ms, count);
    });
    churn.start();
    ask.start();
    QTimer::singleShot(seconds * 1000, &app, &QCoreApplication::quit);
    wall.start();
    app.exec();
    const double wallSeconds = double(wall.elapsed()) / 1000;

    // The reference: the same answers by a pass over the stores, after the churn (a pass takes
    // longer than the churn may wait).
    Scanner scanner;
    Times nodeScan, deploymentScan, serviceScan;
    for (int round = 0; round < 5; ++round) {
        qsizetype count = 0;
        double ms = timed([&] { count = scanner.onNode(pods, QStringLiteral("node-7")); });
        nodeScan.add(ms, count);
        ms = timed([&] {
            count = scanner.ownedPods(rsStore, pods, uidOf(QStringLiteral("22222222"), 0));
        });
        deploymentScan.add(ms, count);
        ms = timed([&] {
            count = scanner.selected(pods, QStringLiteral("ns-0"), QStringLiteral("rs-0"));
        });
        serviceScan.add(ms, count);
    }

    // What keeping the index costs an event: the same upserts into a store without it.
    ObjectStore plain;
    plain.setColumns(podColumns());
    ObjectStore indexed;
    indexed.setColumns(podColumns());
    indexed.indexRelations();
    QList<StoredObjectPtr> sample;
    QList<int> sampleNodes;
    for (int n = 0; n < 20000; ++n) {
        sampleNodes.append(int(random.bounded(fleet.nodes)));
        sample.append(pod(n, replicaSetOf(n), sampleNodes.last(), 2));
    }
    const auto upsertAll = [](ObjectStore &store, const QList<StoredObjectPtr> &objects) {
        return timed([&] {
            for (const StoredObjectPtr &object : objects)
                store.upsert(object);
        });
    };
    const double plainMs = upsertAll(plain, sample);
    const double indexedMs = upsertAll(indexed, sample);
    // The churn's common event: a new version of a stored pod, same owner and node (a status
    // change). Five rounds, the stores taking turns; the median round of each.
    Times plainUpdates, indexedUpdates;
    for (int round = 0; round < 5; ++round) {
        sample.clear();
        for (int n = 0; n < sampleNodes.size(); ++n)
            sample.append(pod(n, replicaSetOf(n), sampleNodes.at(n), 3 + round));
        plainUpdates.add(upsertAll(plain, sample), sample.size());
        indexedUpdates.add(upsertAll(indexed, sample), sample.size());
    }

    std::printf("bench_related: %d pods over %d nodes, Deployment of %d pods, %d ReplicaSets\n",
                fleet.pods, fleet.nodes, fleet.deploymentPods, replicaSets);
    std::printf("churn: %lld events in %.1f s (%.0f/s asked %d/s), %.1f ms of upserts a second\n",
                events, wallSeconds, double(events) / wallSeconds, rate, churnMs / wallSeconds);
    std::printf("%-36s %10s %10s %8s\n", "Related answer", "median ms", "worst ms", "objects");
    std::printf("%-36s %10.3f %10.3f %8lld\n", "node, from the index (under churn)",
                nodeIndex.median(), nodeIndex.worst(), qint64(nodeIndex.items));
    std::printf("%-36s %10.3f %10.3f %8lld\n", "node, full scan (reference)", nodeScan.median(),
                nodeScan.worst(), qint64(nodeScan.items));
    std::printf("%-36s %10.3f %10.3f %8lld\n", "Deployment, from the index (churn)",
                deploymentIndex.median(), deploymentIndex.worst(), qint64(deploymentIndex.items));
    std::printf("%-36s %10.3f %10.3f %8lld\n", "Deployment, full scan (reference)",
                deploymentScan.median(), deploymentScan.worst(), qint64(deploymentScan.items));
    std::printf("%-36s %10.3f %10.3f %8lld\n", "Service, by selector (churn)",
                serviceSelector.median(), serviceSelector.worst(), qint64(serviceSelector.items));
    std::printf("%-36s %10.3f %10.3f %8lld\n", "Service, JSON scan (reference)",
                serviceScan.median(), serviceScan.worst(), qint64(serviceScan.items));
    std::printf("answers the churn caused (coalesced every %d ms): node %.1f/s, Deployment "
                "%.1f/s, Service %.1f/s\n",
                StoreRelations::kCoalesceMs, nodeChanges / wallSeconds,
                deploymentChanges / wallSeconds, serviceChanges / wallSeconds);
    std::printf("index: built over %d pods in %.1f ms, %.0f bytes a pod; a new pod's upsert "
                "%.2f us with it, %.2f us without; an update in place %.2f us with it, %.2f us "
                "without\n",
                fleet.pods, buildMs, indexBytesPerPod, indexedMs * 1000 / sample.size(),
                plainMs * 1000 / sample.size(), indexedUpdates.median() * 1000 / sample.size(),
                plainUpdates.median() * 1000 / sample.size());
    return 0;
}
