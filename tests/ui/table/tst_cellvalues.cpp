#include "ui/table/CellValues.h"

#include <QTest>

class TestCellValues : public QObject
{
    Q_OBJECT

private slots:
    void shouldParseQuantitiesWithSuffixes()
    {
        // Given quantities as the API writes them / When parsed / Then plain numbers result.
        double v = 0;
        QVERIFY(CellValues::parseQuantity(u"250m", &v));
        QCOMPARE(v, 0.25);
        QVERIFY(CellValues::parseQuantity(u"1Gi", &v));
        QCOMPARE(v, 1073741824.0);
        QVERIFY(CellValues::parseQuantity(u"1.5k", &v));
        QCOMPARE(v, 1500.0);
        QVERIFY(CellValues::parseQuantity(u"1e3", &v));
        QCOMPARE(v, 1000.0);
        QVERIFY(!CellValues::parseQuantity(u"web-1", &v));
        QVERIFY(!CellValues::parseQuantity(u"10.0.0.1", &v));
        QVERIFY(!CellValues::parseQuantity(u"", &v));
    }

    void shouldSortCellsByTypedValue()
    {
        // Given cells of several shapes / When turned into sort keys / Then numbers are numbers.
        QCOMPARE(CellValues::sortKey("string", QString("3 (5m ago)")).toDouble(), 3.0);
        QVERIFY(CellValues::sortKey("string", QString("1/2")).toDouble() < 2.0);
        QCOMPARE(CellValues::sortKey("string", QString("10")).toDouble(), 10.0);
        QCOMPARE(CellValues::sortKey("integer", QVariant(qint64(7))).toDouble(), 7.0);
        QCOMPARE(CellValues::sortKey("string", QString("Running")).toString(), QString("Running"));
        const double older =
            CellValues::sortKey("date", QString("2024-01-01T00:00:00Z")).toDouble();
        const double newer =
            CellValues::sortKey("date", QString("2025-01-01T00:00:00Z")).toDouble();
        QVERIFY(newer < older); // ascending = youngest first
    }

    void shouldParseTimestamps()
    {
        QCOMPARE(CellValues::parseTimestampMs(u"1970-01-01T00:00:01Z"), 1000);
        QCOMPARE(CellValues::parseTimestampMs(u"2026-01-01T00:00:00.123Z"),
                 QDateTime(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch());
        QCOMPARE(CellValues::parseTimestampMs(u"yesterday"), -1);
        QCOMPARE(CellValues::parseTimestampMs(u"2026-13-01T00:00:00Z"), -1);
    }

    void shouldFormatAgesLikeKubectl()
    {
        QCOMPARE(CellValues::formatAge(45'000), QString("45s"));
        QCOMPARE(CellValues::formatAge(310'000), QString("5m10s"));
        QCOMPARE(CellValues::formatAge(3'600'000 * 5 + 60'000 * 3), QString("5h3m"));
        QCOMPARE(CellValues::formatAge(86'400'000ll * 3 + 3'600'000), QString("3d1h"));
        QCOMPARE(CellValues::formatAge(86'400'000ll * 400), QString("400d"));
    }
};

QTEST_GUILESS_MAIN(TestCellValues)
#include "tst_cellvalues.moc"
