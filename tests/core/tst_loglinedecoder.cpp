#include "core/logs/LogLineDecoder.h"

#include <QDateTime>
#include <QTest>

// The pods/log stream decoder: chunks of any size in, complete lines with their kubelet
// timestamps out.
class TestLogLineDecoder : public QObject
{
    Q_OBJECT

private:
    // 2026-12-04T12:00:00Z in ns since the epoch, computed independently of the decoder.
    static qint64 baseNs()
    {
        return QDateTime(QDate(2026, 12, 4), QTime(12, 0), Qt::UTC).toSecsSinceEpoch() *
               1'000'000'000LL;
    }
    static QList<LogLine> decodeAll(QByteArrayView stream, bool timestamps, qsizetype chunkSize)
    {
        LogLineDecoder decoder(timestamps);
        QList<LogLine> lines;
        for (qsizetype at = 0; at < stream.size(); at += chunkSize)
            decoder.feed(stream.sliced(at, qMin(chunkSize, stream.size() - at)), &lines);
        decoder.finish(&lines);
        return lines;
    }

private slots:
    void shouldSplitTimestampFromTextAsTheKubeletWritesIt()
    {
        // Given a kubelet line with a nanosecond timestamp prefix
        LogLineDecoder decoder(true);
        QList<LogLine> lines;
        // When it is fed whole
        decoder.feed("2026-12-04T12:00:00.123456789Z level=info msg=\"GET /\" seq=1\n", &lines);
        // Then the time is parsed to the nanosecond and the text keeps everything after the
        // single separating space
        QCOMPARE(lines.size(), 1);
        QVERIFY(lines[0].hasTime);
        QCOMPARE(lines[0].timeNs, baseNs() + 123'456'789);
        QCOMPARE(lines[0].text, QStringLiteral("level=info msg=\"GET /\" seq=1"));
        QCOMPARE(decoder.pendingBytes(), 0);
    }

    void shouldJoinALineSplitAcrossChunks()
    {
        // Given three lines
        const QByteArray stream = "2026-12-04T12:00:01Z first\n2026-12-04T12:00:02.5Z second "
                                  "line\n2026-12-04T12:00:03.000000001Z third\n";
        const QList<LogLine> whole = decodeAll(stream, true, stream.size());
        // When the same bytes arrive in chunks of every size from 1 byte up
        for (qsizetype size = 1; size < stream.size(); ++size) {
            // Then the lines are the same as when fed whole
            QCOMPARE(decodeAll(stream, true, size), whole);
        }
        QCOMPARE(whole.size(), 3);
        QCOMPARE(whole[1].text, QStringLiteral("second line"));
        QCOMPARE(whole[1].timeNs, baseNs() + 2'500'000'000LL);
        QCOMPARE(whole[2].timeNs, baseNs() + 3'000'000'001LL);
    }

    void shouldKeepAnIncompleteLineUntilItsNewlineArrives()
    {
        // Given a decoder fed half a line
        LogLineDecoder decoder(false);
        QList<LogLine> lines;
        decoder.feed("hello wo", &lines);
        // Then nothing is emitted yet and the bytes wait
        QVERIFY(lines.isEmpty());
        QCOMPARE(decoder.pendingBytes(), 8);
        // When the rest arrives
        decoder.feed("rld\nnext", &lines);
        // Then the joined line is emitted and the next one waits
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines[0].text, QStringLiteral("hello world"));
        QVERIFY(!lines[0].hasTime);
        QCOMPARE(decoder.pendingBytes(), 4);
    }

    void shouldEndLinesAtCrLfAndLf()
    {
        // Given lines ended by CRLF, LF, a CR split from its LF, and an empty line
        const QByteArray stream = "windows\r\nunix\nsplit\r\n\r\nlast";
        // When decoded in two-byte chunks, so the CR and LF of "split" arrive apart
        const QList<LogLine> lines = decodeAll(stream, false, 2);
        // Then no line keeps a CR, the empty line stays, and the last line is kept at the end
        QStringList texts;
        for (const LogLine &line : lines)
            texts << line.text;
        QCOMPARE(texts, (QStringList{QStringLiteral("windows"), QStringLiteral("unix"),
                                     QStringLiteral("split"), QString(), QStringLiteral("last")}));
    }

    void shouldEmitTheLastLineWithoutNewlineOnlyAtFinish()
    {
        // Given a stream whose last line has no newline (limitBytes cut it, or the container
        // wrote no newline)
        LogLineDecoder decoder(true);
        QList<LogLine> lines;
        decoder.feed("2026-12-04T12:00:00Z done\n2026-12-04T12:00:01Z cut he", &lines);
        QCOMPARE(lines.size(), 1);
        // When the stream ends
        decoder.finish(&lines);
        // Then the partial line is emitted with its time, once
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[1].text, QStringLiteral("cut he"));
        QCOMPARE(lines[1].timeNs, baseNs() + 1'000'000'000LL);
        decoder.finish(&lines);
        QCOMPARE(lines.size(), 2);
        QCOMPARE(decoder.pendingBytes(), 0);
    }

    void shouldDecodeAUtf8CharacterSplitBetweenChunks()
    {
        // Given "é" (two UTF-8 bytes) and "€" (three) split between chunks
        const QByteArray stream = QStringLiteral("caf\u00e9 \u20ac\n").toUtf8();
        // When fed one byte at a time
        const QList<LogLine> lines = decodeAll(stream, false, 1);
        // Then the characters survive
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines[0].text, QStringLiteral("caf\u00e9 \u20ac"));
    }

    void shouldKeepALineWithoutValidTimestampWholeAsText()
    {
        // Given timestamps requested but lines whose prefix is no RFC 3339 time
        const QList<LogLine> lines = decodeAll(
            "not-a-time message\n2026-13-01T00:00:00Z bad month\n2026-12-04T12:00:00Z\n", true, 7);
        // Then they are kept whole without time, and a bare timestamp is an empty line with time
        QCOMPARE(lines.size(), 3);
        QVERIFY(!lines[0].hasTime);
        QCOMPARE(lines[0].text, QStringLiteral("not-a-time message"));
        QVERIFY(!lines[1].hasTime);
        QCOMPARE(lines[1].text, QStringLiteral("2026-13-01T00:00:00Z bad month"));
        QVERIFY(lines[2].hasTime);
        QCOMPARE(lines[2].text, QString());
    }

    void shouldNotSplitTextWhenTimestampsWereNotRequested()
    {
        // Given a line that starts like a timestamp but timestamps were not asked for
        const QList<LogLine> lines = decodeAll("2026-12-04T12:00:00Z app's own time\n", false, 64);
        // Then it is text only
        QCOMPARE(lines.size(), 1);
        QVERIFY(!lines[0].hasTime);
        QCOMPARE(lines[0].text, QStringLiteral("2026-12-04T12:00:00Z app's own time"));
    }

    void shouldParseOffsetsAndFractions_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<qint64>("offsetFromBaseNs");
        QTest::newRow("Z") << QByteArray("2026-12-04T12:00:00Z") << true << qint64(0);
        QTest::newRow("nanos") << QByteArray("2026-12-04T12:00:00.000000007Z") << true << qint64(7);
        QTest::newRow("millis trimmed")
            << QByteArray("2026-12-04T12:00:00.12Z") << true << qint64(120'000'000);
        QTest::newRow("plus offset")
            << QByteArray("2026-12-04T14:30:00+02:30") << true << qint64(0);
        QTest::newRow("minus offset")
            << QByteArray("2026-12-04T11:00:00-01:00") << true << qint64(0);
        QTest::newRow("ten digits")
            << QByteArray("2026-12-04T12:00:00.0000000001Z") << false << qint64(0);
        QTest::newRow("empty fraction")
            << QByteArray("2026-12-04T12:00:00.Z") << false << qint64(0);
        QTest::newRow("no zone") << QByteArray("2026-12-04T12:00:00") << false << qint64(0);
        QTest::newRow("feb 30") << QByteArray("2026-02-30T12:00:00Z") << false << qint64(0);
        QTest::newRow("past 2262") << QByteArray("2300-01-01T00:00:00Z") << false << qint64(0);
        QTest::newRow("trailing") << QByteArray("2026-12-04T12:00:00Zx") << false << qint64(0);
    }

    void shouldParseOffsetsAndFractions()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, valid);
        QFETCH(qint64, offsetFromBaseNs);
        // Given an RFC 3339 text; When parsed
        qint64 ns = -1;
        const bool ok = LogLineDecoder::parseTimestamp(text, &ns);
        // Then it is accepted with the right instant, or refused
        QCOMPARE(ok, valid);
        if (valid)
            QCOMPARE(ns, baseNs() + offsetFromBaseNs);
    }

    void shouldCutAnEndlessLineAtTheCap()
    {
        // Given a stream that never sends a newline, in 64 KiB chunks
        LogLineDecoder decoder(false);
        QList<LogLine> lines;
        const QByteArray chunk(64 * 1024, 'x');
        // When more than twice the cap arrives
        const qsizetype total = 2 * LogLineDecoder::kMaxLineBytes + chunk.size();
        for (qsizetype fed = 0; fed < total; fed += chunk.size())
            decoder.feed(chunk, &lines);
        // Then whole cap-sized lines were emitted and the buffer stays below the cap
        QCOMPARE(lines.size(), 2);
        QCOMPARE(lines[0].text.size(), LogLineDecoder::kMaxLineBytes);
        QCOMPARE(decoder.pendingBytes(), chunk.size());
    }
};

QTEST_GUILESS_MAIN(TestLogLineDecoder)
#include "tst_loglinedecoder.moc"
