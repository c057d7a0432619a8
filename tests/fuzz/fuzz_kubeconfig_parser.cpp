// Kubeconfig YAML as KubeconfigParser reads a file: any bytes give a document or an error
// naming the place, never a crash, an exception or a hang (aliases, deep nesting, huge scalars).
#include "core/config/KubeconfigParser.h"

#include "tests/fuzz/FuzzCheck.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString error;
    const KubeconfigDocument doc =
        KubeconfigParser::parse(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)),
                                QStringLiteral("/fuzz/home/.kube/config"), &error);
    if (!error.isEmpty()) {
        fuzzCheck(doc.clusters.isEmpty() && doc.users.isEmpty() && doc.contexts.isEmpty(),
                  "a kubeconfig that fails to parse still yields entries");
        fuzzCheck(error.startsWith(QLatin1String("/fuzz/home/.kube/config")),
                  "a kubeconfig error does not name the file");
    }
    return 0;
}
