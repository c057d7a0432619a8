// The events-per-second chart: five minutes of one-second buckets, painted with QPainter.
#include "ui/status/EventRateChart.h"

#include <QImage>
#include <QTest>

#include <memory>

class TestEventRateChart : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldKeepFiveMinutesOfSeconds();
    void shouldScaleTheAxisAboveThePeak();
    void shouldDescribeTheLatestRateForScreenReaders();
    void shouldPaintTheLineInThePalettesHighlight_data();
    void shouldPaintTheLineInThePalettesHighlight();

private:
    std::unique_ptr<EventRateChart> m_chart;
};

void TestEventRateChart::init()
{
    m_chart = std::make_unique<EventRateChart>();
    m_chart->resize(400, 140);
}

void TestEventRateChart::shouldKeepFiveMinutesOfSeconds()
{
    // Given a chart fed for more than five minutes
    for (int second = 0; second < EventRateChart::kSeconds + 20; ++second)
        m_chart->addSecond(second);

    // Then it keeps the last 300 seconds, the oldest dropped first
    QCOMPARE(m_chart->buckets().size(), EventRateChart::kSeconds);
    QCOMPARE(m_chart->buckets().first(), 20);
    QCOMPARE(m_chart->buckets().last(), EventRateChart::kSeconds + 19);
}

void TestEventRateChart::shouldScaleTheAxisAboveThePeak()
{
    // Given a quiet chart, the axis still spans 0 to 5
    m_chart->addSecond(0);
    QCOMPARE(m_chart->axisMaximum(), 5);

    // When a burst of 100 events/s arrives, the axis tops it by a fifth
    m_chart->addSecond(100);
    QCOMPARE(m_chart->axisMaximum(), 121);
}

void TestEventRateChart::shouldDescribeTheLatestRateForScreenReaders()
{
    // Given no data yet, the description says so
    QVERIFY(m_chart->accessibleDescription().contains(QLatin1String("no data yet")));

    // When two seconds have been counted
    m_chart->addSecond(7);
    m_chart->addSecond(42);

    // Then the description carries the latest rate, and the name stays the chart's
    QVERIFY2(m_chart->accessibleDescription().contains(QLatin1String("latest 42 events/s")),
             qPrintable(m_chart->accessibleDescription()));
    QCOMPARE(m_chart->accessibleName(), QStringLiteral("Events per second"));
}

void TestEventRateChart::shouldPaintTheLineInThePalettesHighlight_data()
{
    QTest::addColumn<QColor>("base");
    QTest::addColumn<QColor>("highlight");
    QTest::newRow("light") << QColor(Qt::white) << QColor(0, 90, 200);
    QTest::newRow("dark") << QColor(30, 30, 30) << QColor(255, 160, 0);
}

void TestEventRateChart::shouldPaintTheLineInThePalettesHighlight()
{
    QFETCH(QColor, base);
    QFETCH(QColor, highlight);
    // Given a palette and a steady rate over the last minute
    QPalette palette = m_chart->palette();
    palette.setColor(QPalette::Base, base);
    palette.setColor(QPalette::Highlight, highlight);
    m_chart->setPalette(palette);
    for (int second = 0; second < 60; ++second)
        m_chart->addSecond(10);

    // When it is painted
    const QImage image = m_chart->grab().toImage();

    // Then the background is the palette's base and the line is drawn in its highlight colour
    QCOMPARE(image.pixelColor(1, image.height() - 1), base);
    int lineColoured = 0;
    for (int y = 0; y < image.height(); ++y)
        lineColoured += image.pixelColor(image.width() - 20, y) == highlight ? 1 : 0;
    QVERIFY2(lineColoured > 0, "no pixel of the line near the right edge (the newest seconds)");
    int leftColoured = 0;
    for (int y = 0; y < image.height(); ++y)
        leftColoured += image.pixelColor(image.width() / 3, y) == highlight ? 1 : 0;
    QCOMPARE(leftColoured, 0); // two minutes ago there was no data yet
}

QTEST_MAIN(TestEventRateChart)
#include "tst_eventratechart.moc"
