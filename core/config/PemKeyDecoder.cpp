#include "core/config/PemKeyDecoder.h"

#include <optional>

namespace {

struct PemBlock
{
    QByteArray label;
    QByteArray der;
    QByteArray text; // the whole block, BEGIN and END lines included
    bool encrypted = false;
};

// The first PEM block whose label ends in "PRIVATE KEY".
std::optional<PemBlock> findPrivateKeyBlock(const QByteArray &pem)
{
    static const QByteArray begin = "-----BEGIN ";
    qsizetype from = 0;
    while ((from = pem.indexOf(begin, from)) >= 0) {
        const qsizetype labelStart = from + begin.size();
        const qsizetype labelEnd = pem.indexOf("-----", labelStart);
        if (labelEnd < 0)
            return std::nullopt;
        const QByteArray label = pem.mid(labelStart, labelEnd - labelStart);
        const QByteArray endLine = "-----END " + label + "-----";
        const qsizetype end = pem.indexOf(endLine, labelEnd);
        if (end < 0)
            return std::nullopt;
        if (label.endsWith("PRIVATE KEY")) {
            const qsizetype bodyStart = labelEnd + 5;
            QByteArray body = pem.mid(bodyStart, end - bodyStart);
            PemBlock block{label, {}, pem.mid(from, end + endLine.size() - from)};
            // Headers such as "Proc-Type: 4,ENCRYPTED" mark an encrypted legacy key.
            block.encrypted = label == "ENCRYPTED PRIVATE KEY" || body.contains(':');
            block.der = QByteArray::fromBase64(body.simplified().replace(' ', ""));
            return block;
        }
        from = end + endLine.size();
    }
    return std::nullopt;
}

// PKCS#8 names the algorithm by OID in the AlgorithmIdentifier near the start of the DER.
std::optional<QSsl::KeyAlgorithm> pkcs8Algorithm(const QByteArray &der)
{
    static const QByteArray rsaEncryption("\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", 11);
    static const QByteArray ecPublicKey("\x06\x07\x2a\x86\x48\xce\x3d\x02\x01", 9);
    const QByteArray head = der.left(32);
    if (head.contains(rsaEncryption))
        return QSsl::Rsa;
    if (head.contains(ecPublicKey))
        return QSsl::Ec;
    return std::nullopt;
}

} // namespace

QSslKey PemKeyDecoder::decode(const QByteArray &pem, QString *error)
{
    error->clear();
    const std::optional<PemBlock> block = findPrivateKeyBlock(pem);
    if (!block) {
        *error = QStringLiteral("no PEM private key found");
        return {};
    }
    std::optional<QSsl::KeyAlgorithm> algorithm;
    if (block->label == "RSA PRIVATE KEY")
        algorithm = QSsl::Rsa;
    else if (block->label == "EC PRIVATE KEY")
        algorithm = QSsl::Ec;
    else if (block->label == "PRIVATE KEY")
        algorithm = pkcs8Algorithm(block->der);
    if (block->encrypted) {
        *error =
            QStringLiteral("the private key is encrypted; kubeconfig keys must be unencrypted");
        return {};
    }
    if (!algorithm) {
        *error =
            QStringLiteral("unsupported private key type (%1); only RSA and EC keys are supported")
                .arg(QString::fromLatin1(block->label));
        return {};
    }
    QSslKey key(block->text, *algorithm, QSsl::Pem, QSsl::PrivateKey);
    if (key.isNull()) {
        *error = QStringLiteral("the %1 private key could not be decoded")
                     .arg(*algorithm == QSsl::Rsa ? QLatin1String("RSA") : QLatin1String("EC"));
    }
    return key;
}
