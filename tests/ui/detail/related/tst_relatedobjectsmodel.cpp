// The Related tab's tree model: relation groups in a fixed order, results applied as differences
// keyed by object, refused queries named.
#include "ui/detail/related/RelatedObjectsModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <memory>

class TestRelatedObjectsModel : public QObject
{
    Q_OBJECT

private:
    static RelatedObject object(RelatedObject::Relation relation, const QString &kind,
                                const QString &name, const QString &status = QStringLiteral("OK"))
    {
        RelatedObject o;
        o.relation = relation;
        o.kind = kind;
        o.namespaceName = QStringLiteral("default");
        o.name = name;
        o.status = status;
        return o;
    }

    std::unique_ptr<RelatedObjectsModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

private slots:
    void init()
    {
        m_model = std::make_unique<RelatedObjectsModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void shouldGroupObjectsByRelationInTheTabsOrder()
    {
        // Given a result with a child and an owner
        RelatedResult result;
        result.objects = {
            object(RelatedObject::Relation::Owns, QStringLiteral("Pod"), "web-1"),
            object(RelatedObject::Relation::OwnedBy, QStringLiteral("Deployment"), "web")};
        // When it is applied
        m_model->setResult(result);
        // Then "Owned by" comes before "Owns", each with its object and count
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(m_model->index(0, 0).data().toString(), QStringLiteral("Owned by (1)"));
        QCOMPARE(m_model->index(1, 0).data().toString(), QStringLiteral("Owns (1)"));
        const QModelIndex owner =
            m_model->index(0, RelatedObjectsModel::NameColumn, m_model->index(0, 0));
        QCOMPARE(owner.data().toString(), QStringLiteral("web"));
        QCOMPARE(m_model->objectAt(owner)->kind, QStringLiteral("Deployment"));
    }

    void shouldKeepRowsThatStayAndChangeOnlyTheirStatus()
    {
        // Given two pods shown
        RelatedResult result;
        result.objects = {object(RelatedObject::Relation::Owns, QStringLiteral("Pod"), "a"),
                          object(RelatedObject::Relation::Owns, QStringLiteral("Pod"), "b")};
        m_model->setResult(result);
        QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        // When b's status changes and a third pod comes
        result.objects[1].status = QStringLiteral("CrashLoopBackOff");
        result.objects.append(object(RelatedObject::Relation::Owns, QStringLiteral("Pod"), "c"));
        m_model->setResult(result);
        // Then nothing is removed, b's status changed in place, c is appended
        QCOMPARE(removed.count(), 0);
        QVERIFY(changed.count() >= 1);
        const QModelIndex group = m_model->index(0, 0);
        QCOMPARE(m_model->rowCount(group), 3);
        QCOMPARE(m_model->index(1, RelatedObjectsModel::StatusColumn, group).data().toString(),
                 QStringLiteral("CrashLoopBackOff"));
        QCOMPARE(m_model->index(2, RelatedObjectsModel::NameColumn, group).data().toString(),
                 QStringLiteral("c"));
    }

    void shouldDropGroupsThatBecomeEmpty()
    {
        // Given an owner and a node shown
        RelatedResult result;
        result.objects = {
            object(RelatedObject::Relation::OwnedBy, QStringLiteral("ReplicaSet"), "rs"),
            object(RelatedObject::Relation::Node, QStringLiteral("Node"), "n1")};
        m_model->setResult(result);
        // When the owner is gone
        result.objects.removeFirst();
        m_model->setResult(result);
        // Then only the node's group is left
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, 0).data().toString(), QStringLiteral("Node (1)"));
    }

    void shouldNameARefusedQueryAsNotPermitted()
    {
        // Given a result whose services list was refused
        RelatedResult result;
        result.notPermitted.append(
            {RelatedObject::Relation::SelectedBy, QStringLiteral("list services")});
        // When it is applied
        m_model->setResult(result);
        // Then the group says so, and its row is no object to select
        const QModelIndex row =
            m_model->index(0, RelatedObjectsModel::NameColumn, m_model->index(0, 0));
        QCOMPARE(row.data().toString(), QStringLiteral("not permitted (list services)"));
        QCOMPARE(m_model->objectAt(row), nullptr);
    }
};

QTEST_MAIN(TestRelatedObjectsModel)
#include "tst_relatedobjectsmodel.moc"
