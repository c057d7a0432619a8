#include "core/store/StringInterner.h"

#include <QTest>

#include <optional>

class TestStringInterner : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_interner.emplace(); }

    void shouldShareOneCopyPerValue()
    {
        // Given a value interned once
        const QString first = m_interner->intern(QStringLiteral("kube-system").toUpper());
        // When an equal value built separately is interned
        const QString second =
            m_interner->intern(QStringLiteral("KUBE-SYSTEM").toLower().toUpper());
        // Then both share the same storage
        QCOMPARE(first, second);
        QCOMPARE(first.constData(), second.constData());
        QCOMPARE(m_interner->size(), 1);
    }

    void shouldDropValuesNobodyHoldsWhenPruned()
    {
        // Given one value still held by an object and one that was let go
        const QString held = m_interner->intern(QStringLiteral("held-%1").arg(1));
        m_interner->intern(QStringLiteral("dropped-%1").arg(2));
        // When the interner prunes
        m_interner->prune();
        // Then only the held value remains, still shared with its holder
        QCOMPARE(m_interner->size(), 1);
        QCOMPARE(m_interner->intern(QStringLiteral("held-%1").arg(1)).constData(),
                 held.constData());
    }

    void shouldStayBoundedUnderChurnOfNewValues()
    {
        // Given objects that each hold a few values at a time, like pods whose revision label
        // changes on every update
        QList<QString> live;
        // When a million ever-new values pass through
        for (int i = 0; i < 1000000; ++i) {
            live.append(m_interner->intern(QStringLiteral("revision-%1").arg(i)));
            if (live.size() > 100)
                live.removeFirst();
        }
        // Then the interner holds a bounded number of them, and every live one
        QVERIFY2(m_interner->size() < 10000, qPrintable(QString::number(m_interner->size())));
        for (const QString &value : std::as_const(live))
            QCOMPARE(m_interner->intern(QString(value.data(), value.size())).constData(),
                     value.constData());
    }

    void shouldShareOneListPerLabelSet()
    {
        // Given two pods of one ReplicaSet whose labels were decoded separately
        const auto labels = [this] {
            return ObjectLabels{{m_interner->intern(QStringLiteral("app")),
                                 m_interner->intern(QStringLiteral("web"))},
                                {m_interner->intern(QStringLiteral("pod-template-hash")),
                                 m_interner->intern(QStringLiteral("5d8f7"))}};
        };
        const LabelSet first = m_interner->intern(labels());
        // When the second pod's set is interned
        const LabelSet second = m_interner->intern(labels());
        // Then both hold one list, and a different set gets its own
        QCOMPARE(first, second);
        QCOMPARE(first.constData(), second.constData());
        const LabelSet other = m_interner->intern(ObjectLabels{{QStringLiteral("app"), {}}});
        QVERIFY(other.constData() != first.constData());
        QCOMPARE(m_interner->labelSetCount(), 2);
        QVERIFY(m_interner->intern(ObjectLabels{}).isEmpty());
    }

    void shouldDropLabelSetsNobodyHoldsWhenPruned()
    {
        // Given one label set still held and one let go
        const LabelSet held =
            m_interner->intern(ObjectLabels{{QStringLiteral("a"), QStringLiteral("1")}});
        m_interner->intern(ObjectLabels{{QStringLiteral("b"), QStringLiteral("2")}});
        // When the interner prunes
        m_interner->prune();
        // Then only the held set remains, still shared with its holder
        QCOMPARE(m_interner->labelSetCount(), 1);
        QCOMPARE(m_interner->intern(ObjectLabels{{QStringLiteral("a"), QStringLiteral("1")}})
                     .constData(),
                 held.constData());
    }

private:
    std::optional<StringInterner> m_interner;
};

QTEST_GUILESS_MAIN(TestStringInterner)
#include "tst_stringinterner.moc"
