// What an exec credential plugin prints, parsed as ExecCredentialProvider parses it.
// Properties: a result without an error carries credentials (a token, or a certificate with
// its key), and nothing crashes.
#include "core/config/ExecCredentialProvider.h"

#include "tests/fuzz/FuzzCheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray output(reinterpret_cast<const char *>(data), qsizetype(size));
    // Ask for the version the output mentions, so most inputs get past the version check.
    const QString apiVersion = output.contains("v1beta1")
                                   ? QStringLiteral("client.authentication.k8s.io/v1beta1")
                                   : QStringLiteral("client.authentication.k8s.io/v1");
    Credentials credentials;
    const QString error = ExecCredentialProvider::parseExecCredential(
        output, apiVersion, QStringLiteral("fuzz"), &credentials);
    const bool haveCredentials = !credentials.bearerToken.isEmpty() ||
                                 (!credentials.clientCertificateChain.isEmpty() &&
                                  credentials.clientKey && !credentials.clientKey->isNull());
    if (error.isEmpty())
        fuzzCheck(haveCredentials, "an exec plugin result with neither credentials nor error");
    return 0;
}
