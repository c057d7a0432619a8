#include "core/config/TokenFileSource.h"

#include "tests/config/TestFiles.h"
#include "tests/support/ManualClock.h"

#include <QTest>

// Re-reading rotating token files, client-go style.
class TestTokenFileSource : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void shouldReReadRotatedTokenAfterRefreshPeriod();
    void shouldKeepLastGoodTokenWhenFileDisappears();
    void shouldReportMissingOrEmptyFileWithoutToken();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ManualClock> m_clock;
    QString m_path;
};

void TestTokenFileSource::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_clock = std::make_unique<ManualClock>();
    m_path = m_dir->filePath(QStringLiteral("token"));
}

void TestTokenFileSource::shouldReReadRotatedTokenAfterRefreshPeriod()
{
    // Given a token file that is read once
    TestFiles::write(m_dir->path(), "token", "first\n");
    TokenFileSource source(m_path, m_clock.get());
    QCOMPARE(source.token(), QByteArray("first"));

    // When the file rotates
    TestFiles::write(m_dir->path(), "token", "second\n");

    // Then the new token is used only after the refresh period
    m_clock->advance(TokenFileSource::DefaultRefreshMs - 1);
    QCOMPARE(source.token(), QByteArray("first"));
    m_clock->advance(1);
    QCOMPARE(source.token(), QByteArray("second"));
}

void TestTokenFileSource::shouldKeepLastGoodTokenWhenFileDisappears()
{
    // Given a token that was read
    TestFiles::write(m_dir->path(), "token", "good");
    TokenFileSource source(m_path, m_clock.get());
    QCOMPARE(source.token(), QByteArray("good"));

    // When the file vanishes and the period passes
    QVERIFY(QFile::remove(m_path));
    m_clock->advance(TokenFileSource::DefaultRefreshMs);
    QString error;
    const QByteArray token = source.token(&error);

    // Then the last good token is kept and the problem reported
    QCOMPARE(token, QByteArray("good"));
    QVERIFY2(error.contains(QStringLiteral("cannot read token file")), qPrintable(error));
}

void TestTokenFileSource::shouldReportMissingOrEmptyFileWithoutToken()
{
    QString error;
    TokenFileSource missing(m_path, m_clock.get());
    QVERIFY(missing.token(&error).isEmpty());
    QVERIFY2(error.contains(m_path), qPrintable(error));

    TestFiles::write(m_dir->path(), "token", " \n");
    TokenFileSource empty(m_path, m_clock.get());
    QVERIFY(empty.token(&error).isEmpty());
    QVERIFY2(error.contains(QStringLiteral("is empty")), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestTokenFileSource)
#include "tst_tokenfilesource.moc"
