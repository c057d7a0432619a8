#include "core/history/JsonDiff.h"

#include <QTest>

// The field diff behind every history entry: paths as a person reads them, lists keyed by name
// or type, and bookkeeping fields left out.
class tst_JsonDiff : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_diff = std::make_unique<JsonDiff>(); }

    void shouldNameAContainerStatusByItsNameNotItsIndex()
    {
        // Given a pod whose second container restarted, listed in another order afterwards
        const QByteArray before = R"({"status":{"containerStatuses":[
            {"name":"app","restartCount":3},{"name":"proxy","restartCount":0}]}})";
        const QByteArray after = R"({"status":{"containerStatuses":[
            {"name":"proxy","restartCount":0},{"name":"app","restartCount":4}]}})";
        // When the versions are compared
        const QList<FieldChange> changes = m_diff->diff(before, after);
        // Then the one change names the container, not a position
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].toText(),
                 QStringLiteral("status.containerStatuses[app].restartCount: 3 → 4"));
    }

    void shouldKeyConditionsByType()
    {
        // Given a Ready condition that went False
        const QByteArray before =
            R"({"status":{"conditions":[{"type":"Ready","status":"True"},{"type":"PodScheduled","status":"True"}]}})";
        const QByteArray after =
            R"({"status":{"conditions":[{"type":"Ready","status":"False"},{"type":"PodScheduled","status":"True"}]}})";
        // When compared
        const QList<FieldChange> changes = m_diff->diff(before, after);
        // Then the condition is addressed by its type
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].toText(),
                 QStringLiteral("status.conditions[Ready].status: True → False"));
    }

    void shouldShowAnImageChangeOfATemplateContainer()
    {
        // Given a deployment whose web container got a new image
        const QByteArray before = R"({"spec":{"template":{"spec":{"containers":[
            {"name":"web","image":"web:1.7","env":[{"name":"A","value":"1"}]}]}}}})";
        const QByteArray after = R"({"spec":{"template":{"spec":{"containers":[
            {"name":"web","image":"web:1.8","env":[{"name":"B","value":"2"},{"name":"A","value":"1"}]}]}}}})";
        // When compared
        const QList<FieldChange> changes = m_diff->diff(before, after);
        // Then the image changed, and the env variable B appeared (A, now second, is unchanged)
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes[0].toText(),
                 QStringLiteral("spec.template.spec.containers[web].image: web:1.7 → web:1.8"));
        QCOMPARE(changes[1].path, QStringLiteral("spec.template.spec.containers[web].env[B]"));
        QVERIFY(!changes[1].hadBefore);
        QCOMPARE(changes[1].after, QStringLiteral(R"({"name":"B","value":"2"})"));
    }

    void shouldIgnoreResourceVersionGenerationAndManagedFields()
    {
        // Given two versions that differ only in bookkeeping
        const QByteArray before =
            R"({"metadata":{"name":"a","resourceVersion":"1","generation":1,"managedFields":[{"manager":"x"}]}})";
        const QByteArray after =
            R"({"metadata":{"name":"a","resourceVersion":"2","generation":2,"managedFields":[{"manager":"y"}]}})";
        // When compared, then there is nothing to say
        QVERIFY(m_diff->diff(before, after).isEmpty());
    }

    void shouldBracketLabelKeysWithDots()
    {
        // Given a label added and one removed
        const QByteArray before = R"({"metadata":{"labels":{"app.kubernetes.io/name":"web"}}})";
        const QByteArray after = R"({"metadata":{"labels":{"tier":"front"}}})";
        // When compared
        const QList<FieldChange> changes = m_diff->diff(before, after);
        // Then both are listed, the dotted key in brackets
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes[0].toText(),
                 QStringLiteral(R"(metadata.labels["app.kubernetes.io/name"]: web → (none))"));
        QCOMPARE(changes[1].toText(), QStringLiteral("metadata.labels.tier: (none) → front"));
    }

    void shouldCompareAScalarListAsOneValue()
    {
        // Given a container whose args changed
        const QByteArray before = R"({"args":["--a","--b"]})";
        const QByteArray after = R"({"args":["--a","--c","--d"]})";
        // When compared, then the list is one line
        const QList<FieldChange> changes = m_diff->diff(before, after);
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].toText(),
                 QStringLiteral(R"(args: ["--a","--b"] → ["--a","--c","--d"])"));
    }

    void shouldReportATypeChange()
    {
        // Given a value that went from a number to null
        const QList<FieldChange> changes = m_diff->diff(R"({"x":1})", R"({"x":null})");
        // Then it is a change
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].toText(), QStringLiteral("x: 1 → null"));
    }

    void shouldSayWhyInvalidJsonCannotBeCompared()
    {
        // Given a truncated document
        QString error;
        // When compared
        const QList<FieldChange> changes = m_diff->diff(R"({"x":1})", R"({"x":)", &error);
        // Then there are no changes and an error
        QVERIFY(changes.isEmpty());
        QVERIFY(!error.isEmpty());
    }

private:
    std::unique_ptr<JsonDiff> m_diff;
};

QTEST_GUILESS_MAIN(tst_JsonDiff)
#include "tst_jsondiff.moc"
