#include "core/config/PemKeyDecoder.h"

#include "tests/config/TestFiles.h"

#include <QSslCertificate>
#include <QTest>

// Private keys in every PEM form kubectl accepts, algorithm detected without being told.
class TestPemKeyDecoder : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void shouldDecodeRsaAndEcKeysInEveryForm_data();
    void shouldDecodeRsaAndEcKeysInEveryForm();
    void shouldRejectEncryptedKey();
    void shouldRejectUnsupportedAlgorithm();
    void shouldRejectGarbageWithoutQuotingIt();

private:
    QTemporaryDir m_keys; // generated once: openssl is slow, the files are read-only inputs
};

void TestPemKeyDecoder::initTestCase()
{
    QVERIFY(m_keys.isValid());
    for (const char *form : {"rsa-pkcs1", "rsa-pkcs8", "ec-sec1", "ec-pkcs8", "ed25519"})
        QVERIFY(TestFiles::makeKeyAndCertificate(m_keys.path(), form, form));
    QVERIFY(TestFiles::openssl(m_keys.path(), {"genpkey", "-algorithm", "EC", "-pkeyopt",
                                               "ec_paramgen_curve:P-256", "-aes256", "-pass",
                                               "pass:secret", "-out", "encrypted.key"}));
}

void TestPemKeyDecoder::shouldDecodeRsaAndEcKeysInEveryForm_data()
{
    QTest::addColumn<QString>("form");
    QTest::addColumn<QByteArray>("label");
    QTest::addColumn<int>("algorithm");
    QTest::newRow("RSA PKCS#1") << "rsa-pkcs1" << QByteArray("BEGIN RSA PRIVATE KEY")
                                << int(QSsl::Rsa);
    QTest::newRow("RSA PKCS#8") << "rsa-pkcs8" << QByteArray("BEGIN PRIVATE KEY") << int(QSsl::Rsa);
    QTest::newRow("EC SEC1 with parameters")
        << "ec-sec1" << QByteArray("BEGIN EC PARAMETERS") << int(QSsl::Ec);
    QTest::newRow("EC PKCS#8") << "ec-pkcs8" << QByteArray("BEGIN PRIVATE KEY") << int(QSsl::Ec);
}

void TestPemKeyDecoder::shouldDecodeRsaAndEcKeysInEveryForm()
{
    QFETCH(QString, form);
    QFETCH(QByteArray, label);
    QFETCH(int, algorithm);
    // Given a key file in that form (checked, so the test exercises what it claims)
    const QByteArray pem = TestFiles::read(m_keys.filePath(form + ".key"));
    QVERIFY(pem.contains(label));

    // When decoded
    QString error;
    const QSslKey key = PemKeyDecoder::decode(pem, &error);

    // Then it is the private half of the certificate's key
    QVERIFY2(!key.isNull(), qPrintable(error));
    QCOMPARE(int(key.algorithm()), algorithm);
    QCOMPARE(key.type(), QSsl::PrivateKey);
    const QSslCertificate certificate(TestFiles::read(m_keys.filePath(form + ".crt")));
    QCOMPARE(key.length(), certificate.publicKey().length());
}

void TestPemKeyDecoder::shouldRejectEncryptedKey()
{
    QString error;
    const QSslKey key =
        PemKeyDecoder::decode(TestFiles::read(m_keys.filePath("encrypted.key")), &error);
    QVERIFY(key.isNull());
    QVERIFY2(error.contains(QStringLiteral("encrypted")), qPrintable(error));
}

void TestPemKeyDecoder::shouldRejectUnsupportedAlgorithm()
{
    QString error;
    const QSslKey key =
        PemKeyDecoder::decode(TestFiles::read(m_keys.filePath("ed25519.key")), &error);
    QVERIFY(key.isNull());
    QVERIFY2(error.contains(QStringLiteral("only RSA and EC")), qPrintable(error));
}

void TestPemKeyDecoder::shouldRejectGarbageWithoutQuotingIt()
{
    // Given a corrupted RSA key and a text without any key
    QByteArray corrupted = TestFiles::read(m_keys.filePath("rsa-pkcs1.key"));
    corrupted.replace(40, 30, QByteArray(30, 'A'));
    QString error;
    QVERIFY(PemKeyDecoder::decode(corrupted, &error).isNull());
    QVERIFY2(error.contains(QStringLiteral("could not be decoded")), qPrintable(error));
    QVERIFY(!error.contains(QStringLiteral("AAAA")));
    QVERIFY(PemKeyDecoder::decode("not a key", &error).isNull());
    QCOMPARE(error, QStringLiteral("no PEM private key found"));
}

QTEST_GUILESS_MAIN(TestPemKeyDecoder)
#include "tst_pemkeydecoder.moc"
