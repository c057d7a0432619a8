#include "sim/SimConfig.h"
#include "sim/SimObjectFactory.h"
#include "ui/problems/ProblemsModel.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QSortFilterProxyModel>
#include <QTest>

namespace {

StoredObjectPtr stored(const SimObject &object)
{
    auto result = std::make_shared<StoredObject>();
    result->setName(QString::fromUtf8(object.ns), QString::fromUtf8(object.name));
    result->uid = ObjectUid(QString::fromUtf8(object.uid));
    result->resourceVersion = QString::number(object.resourceVersion);
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
        m_proxy = std::make_unique<QSortFilterProxyModel>();
        m_proxy->setSourceModel(m_model.get());
        m_proxy->setSortRole(ProblemsModel::SortRole);
        m_proxy->sort(0, Qt::DescendingOrder);
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
        m_model->applyDelta(QStringLiteral("Pod"), m_pods);
        m_model->applyDelta(QStringLiteral("Node"), m_nodes);
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
        m_model->applyDelta(QStringLiteral("Pod"), m_pods);
        QCOMPARE(m_model->rowCount(), 3);
        // When the image-pull pod is deleted and the crash-looping one recovers
        SimObject crashing = m_troubled.value("CrashLoopBackOff");
        const QByteArray pulling = m_troubled.value("ImagePullBackOff").key();
        crashing.trouble.clear();
        m_factory->render(crashing);
        StoreDelta delta;
        delta.updated = {stored(crashing)};
        delta.removed = {QString::fromUtf8(pulling)};
        m_model->applyDelta(QStringLiteral("Pod"), delta);
        // Then only the OOMKilled pod is left
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, ProblemsModel::ProblemColumn).data().toString(),
                 QStringLiteral("OOMKilled"));
    }

    void shouldShowTheLatestWarningEventOfTheObject()
    {
        // Given the troubled pods listed
        m_model->applyDelta(QStringLiteral("Pod"), m_pods);
        const int row = 0;
        const QString name = m_model->index(row, ProblemsModel::NameColumn).data().toString();
        // When two Warning events about it arrive, the newer one first
        StoreDelta events;
        events.added = {warningEvent(QStringLiteral("e2"), name,
                                     QStringLiteral("Back-off restarting"),
                                     QStringLiteral("2026-12-04T12:00:00Z")),
                        warningEvent(QStringLiteral("e1"), name, QStringLiteral("Older"),
                                     QStringLiteral("2026-12-04T11:00:00Z"))};
        m_model->applyEvents(events);
        // Then the row shows the latest message
        QCOMPARE(m_model->index(row, ProblemsModel::EventColumn).data().toString(),
                 QStringLiteral("Back-off restarting"));
    }

private:
    qint64 m_now = 0;
    std::unique_ptr<ProblemsModel> m_model;
    std::unique_ptr<QSortFilterProxyModel> m_proxy;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
    std::unique_ptr<QAbstractItemModelTester> m_proxyTester;
    std::unique_ptr<SimObjectFactory> m_factory;
    StoreDelta m_pods;
    StoreDelta m_nodes;
    QHash<QByteArray, SimObject> m_troubled; // by SimObject::trouble
};

QTEST_MAIN(tst_ProblemsModel)
#include "tst_problemsmodel.moc"
