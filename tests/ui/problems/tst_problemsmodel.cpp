#include "sim/SimConfig.h"
#include "sim/SimObjectFactory.h"
#include "ui/problems/ProblemsModel.h"
#include "ui/problems/ProblemsProxy.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QDateTime>
#include <QTest>

namespace {

const QString Alpha = QStringLiteral("alpha");
const QString Beta = QStringLiteral("beta");
constexpr qint64 MinuteMs = 60 * 1000;

StoredObjectPtr stored(const SimObject &object)
{
    auto result = std::make_shared<StoredObject>();
    result->setName(QString::fromUtf8(object.ns), QString::fromUtf8(object.name));
    result->uid = ObjectUid(QString::fromUtf8(object.uid));
    result->resourceVersion = ResourceVersion(QString::number(object.resourceVersion));
    result->raw = object.json;
    return result;
}

StoredObjectPtr warningEvent(const QString &name, const QString &podName, const QString &message,
                             const QString &time)
{
    auto result = std::make_shared<StoredObject>();
    result->setName(QStringLiteral("default"), name);
    result->raw =
        QStringLiteral(R"({"type":"Warning","message":"%1","lastTimestamp":"%2",)"
                       R"("involvedObject":{"kind":"Pod","namespace":"default","name":"%3"}})")
            .arg(message, time, podName)
            .toUtf8();
    return result;
}

} // namespace

// The Problems view's model on the simulator's troubled objects: rows for the unhealthy only,
// live, sorted by severity then duration, with the latest Warning event.
class tst_ProblemsModel : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_now = QDateTime::currentMSecsSinceEpoch();
        m_pods = {};
        m_nodes = {};
        m_troubled.clear();
        m_model = std::make_unique<ProblemsModel>([this] { return m_now; });
        m_model->setClusters({{Alpha, QColor(Qt::red)}});
        m_proxy = std::make_unique<ProblemsProxy>();
        m_proxy->setSourceModel(m_model.get());
        m_modelTester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_proxyTester = std::make_unique<QAbstractItemModelTester>(
            m_proxy.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        SimConfig config;
        config.namespaces = 1;
        config.pods = 10;
        config.troubledObjects = true;
        m_factory = std::make_unique<SimObjectFactory>(config);
        for (SimObject object : m_factory->initialObjects()) {
            m_factory->render(object);
            // The few pods the simulator leaves Pending or Failed at random are left out: the
            // troubled ones and the healthy ones are the subject here.
            if (object.type == SimResourceType::Pods &&
                (object.phase == "Running" || !object.trouble.isEmpty()))
                m_pods.added.append(stored(object));
            else if (object.type == SimResourceType::Nodes)
                m_nodes.added.append(stored(object));
            if (!object.trouble.isEmpty())
                m_troubled.insert(object.trouble, object);
        }
    }

    void cleanup()
    {
        m_proxyTester.reset();
        m_modelTester.reset();
        m_proxy.reset();
        m_model.reset();
    }

    void shouldListOnlyTheUnhealthyObjectsMostSevereFirst()
    {
        // When the simulator's pods and nodes are fed
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        m_model->applyDelta(Alpha, QStringLiteral("Node"), m_nodes);
        // Then the three troubled pods and the NotReady node are listed, critical ones first
        QCOMPARE(m_model->rowCount(), 4);
        QCOMPARE(m_proxy->index(0, ProblemsModel::KindColumn).data().toString(),
                 QStringLiteral("Node"));
        QVERIFY(m_proxy->index(0, ProblemsModel::ProblemColumn)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("NotReady for")));
        QCOMPARE(m_proxy->index(1, ProblemsModel::ProblemColumn).data().toString(),
                 QStringLiteral("CrashLoopBackOff, 5 restarts"));
        QStringList errors = {m_proxy->index(2, ProblemsModel::ProblemColumn).data().toString(),
                              m_proxy->index(3, ProblemsModel::ProblemColumn).data().toString()};
        errors.sort();
        QCOMPARE(errors,
                 QStringList({QStringLiteral("ImagePullBackOff"), QStringLiteral("OOMKilled")}));
    }

    void shouldDropARowWhenTheObjectRecoversOrGoes()
    {
        // Given the troubled pods listed
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        QCOMPARE(m_model->rowCount(), 3);
        // When the image-pull pod is deleted and the crash-looping one recovers
        SimObject crashing = m_troubled.value("CrashLoopBackOff");
        const QByteArray pulling = m_troubled.value("ImagePullBackOff").key();
        crashing.trouble.clear();
        m_factory->render(crashing);
        StoreDelta delta;
        delta.updated = {stored(crashing)};
        delta.removed = {QString::fromUtf8(pulling)};
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), delta);
        // Then only the OOMKilled pod is left
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, ProblemsModel::ProblemColumn).data().toString(),
                 QStringLiteral("OOMKilled"));
    }

    void shouldReSortARowWhoseSeverityChanges()
    {
        // Given the troubled pods listed, the crash-looping one first (critical)
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        QVERIFY(m_proxy->index(0, ProblemsModel::ProblemColumn)
                    .data()
                    .toString()
                    .startsWith(u"CrashLoopBackOff"));
        // When it stops crash-looping but stays Pending (a warning)
        SimObject crashing = m_troubled.value("CrashLoopBackOff");
        crashing.trouble.clear();
        crashing.phase = "Pending";
        m_factory->render(crashing);
        StoreDelta delta;
        delta.updated = {stored(crashing)};
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), delta);
        // Then it goes last, below the two errors
        QCOMPARE(m_proxy->index(2, ProblemsModel::ProblemColumn).data().toString(),
                 QStringLiteral("Pending"));
    }

    void shouldShowTheLatestWarningEventOfTheObject()
    {
        // Given the troubled pods listed
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        const int row = 0;
        const QString name = m_model->index(row, ProblemsModel::NameColumn).data().toString();
        // When two Warning events about it arrive, the newer one first
        StoreDelta events;
        events.added = {warningEvent(QStringLiteral("e2"), name,
                                     QStringLiteral("Back-off restarting"),
                                     QStringLiteral("2026-12-04T12:00:00Z")),
                        warningEvent(QStringLiteral("e1"), name, QStringLiteral("Older"),
                                     QStringLiteral("2026-12-04T11:00:00Z"))};
        m_model->applyEvents(Alpha, events);
        // Then the row shows the latest message
        QCOMPARE(m_model->index(row, ProblemsModel::EventColumn).data().toString(),
                 QStringLiteral("Back-off restarting"));
    }

    void shouldKeepTwoClustersObjectsApartUnderAClusterColumn()
    {
        // Given two clusters with the same troubled pods (same namespaces and names)
        m_model->setClusters({{Alpha, QColor(Qt::red)}, {Beta, QColor(Qt::blue)}});
        // When both clusters' pods are fed
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        m_model->applyDelta(Beta, QStringLiteral("Pod"), m_pods);
        // Then each cluster has its rows, told apart by the Cluster column and its swatch
        QVERIFY(m_model->showsCluster());
        QCOMPARE(m_model->rowCount(), 6);
        QCOMPARE(m_model->headerData(ProblemsModel::ClusterColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Cluster"));
        QStringList clusters;
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QModelIndex cell = m_model->index(row, ProblemsModel::ClusterColumn);
            clusters.append(cell.data().toString());
            QCOMPARE(cell.data(Qt::DecorationRole).value<QColor>(),
                     QColor(cell.data().toString() == Alpha ? Qt::red : Qt::blue));
            QCOMPARE(m_model->clusterAt(row), cell.data().toString());
        }
        QCOMPARE(clusters.count(Alpha), 3);
        QCOMPARE(clusters.count(Beta), 3);

        // When alpha's pod watch restarts, and a pod goes on beta
        m_model->clearKind(Alpha, QStringLiteral("Pod"));
        StoreDelta gone;
        gone.removed = {QString::fromUtf8(m_troubled.value("OOMKilled").key())};
        m_model->applyDelta(Beta, QStringLiteral("Pod"), gone);
        // Then only beta's other two are left
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(m_model->clusterAt(0), Beta);
        QCOMPARE(m_model->clusterAt(1), Beta);

        // When one cluster is left
        m_model->setClusters({{Beta, QColor(Qt::blue)}});
        // Then the Cluster column is not shown
        QVERIFY(!m_model->showsCluster());
        QCOMPARE(m_model->rowCount(), 2);
    }

    void shouldNarrowToTheFilterTextOverTheShownColumns()
    {
        // Given the troubled pods and the node of two clusters
        m_model->setClusters({{Alpha, QColor(Qt::red)}, {Beta, QColor(Qt::blue)}});
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        m_model->applyDelta(Beta, QStringLiteral("Node"), m_nodes);
        QCOMPARE(m_proxy->rowCount(), 4);
        // When the filter text names a problem, in another case
        m_proxy->setText(QStringLiteral("oomkilled"));
        // Then that row alone shows
        QCOMPARE(m_proxy->rowCount(), 1);
        QCOMPARE(m_proxy->index(0, ProblemsModel::ProblemColumn).data().toString(),
                 QStringLiteral("OOMKilled"));
        // When it names a cluster (a shown column with several clusters)
        m_proxy->setText(QStringLiteral("BETA"));
        // Then that cluster's rows show
        QCOMPARE(m_proxy->rowCount(), 1);
        QCOMPARE(m_proxy->index(0, ProblemsModel::KindColumn).data().toString(),
                 QStringLiteral("Node"));
        // When it is an expression, as in the object table
        m_proxy->setText(QStringLiteral("/^(ImagePull|CrashLoop)"));
        QCOMPARE(m_proxy->rowCount(), 2);
        // When a namespace is chosen too
        m_proxy->setText(QString());
        m_proxy->setNamespaces({QStringLiteral("nowhere")});
        // Then only the cluster-scoped node is left
        QCOMPARE(m_proxy->rowCount(), 1);
        QCOMPARE(m_proxy->index(0, ProblemsModel::KindColumn).data().toString(),
                 QStringLiteral("Node"));
    }

    void shouldSayHowManyRestartsItSawInHowLong()
    {
        // Given the crash-looping pod listed, its restarts long past
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), m_pods);
        SimObject crashing = m_troubled.value("CrashLoopBackOff");
        const auto problemOf = [this] {
            for (int row = 0; row < m_model->rowCount(); ++row) {
                const QString text =
                    m_model->index(row, ProblemsModel::ProblemColumn).data().toString();
                if (text.startsWith(u"CrashLoopBackOff"))
                    return text;
            }
            return QString();
        };
        QCOMPARE(problemOf(), QStringLiteral("CrashLoopBackOff, 5 restarts"));
        const int before = crashing.restarts;
        // When it is seen restarting twice, 3 and 7 minutes later
        for (const qint64 wait : {3 * MinuteMs, 4 * MinuteMs}) {
            m_now += wait;
            crashing = m_factory->modified(crashing);
            m_factory->render(crashing);
            StoreDelta delta;
            delta.updated = {stored(crashing)};
            m_model->applyDelta(Alpha, QStringLiteral("Pod"), delta);
        }
        // Then it says them (one each time, or two when the simulator adds one), in the 4
        // minutes since the first
        QCOMPARE(problemOf(), QStringLiteral("CrashLoopBackOff, %1 restarts in 4 min")
                                  .arg(crashing.restarts - before));
        // When the hour since has passed with no restart
        m_now += 61 * MinuteMs;
        StoreDelta delta;
        delta.updated = {stored(crashing)};
        m_model->applyDelta(Alpha, QStringLiteral("Pod"), delta);
        // Then it says the total again
        QCOMPARE(problemOf(),
                 QStringLiteral("CrashLoopBackOff, %1 restarts").arg(crashing.restarts));
    }

private:
    qint64 m_now = 0;
    std::unique_ptr<ProblemsModel> m_model;
    std::unique_ptr<ProblemsProxy> m_proxy;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
    std::unique_ptr<SimObjectFactory> m_factory;
    StoreDelta m_pods;
    StoreDelta m_nodes;
    QHash<QByteArray, SimObject> m_troubled; // by SimObject::trouble
};

QTEST_MAIN(tst_ProblemsModel)
#include "tst_problemsmodel.moc"
