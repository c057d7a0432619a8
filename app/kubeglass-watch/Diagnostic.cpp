#include "app/kubeglass-watch/Diagnostic.h"

#include <cstdio>

void printDiagnostic(const QString &message)
{
    std::fprintf(stderr, "kubeglass-watch: %s\n", qPrintable(message));
    std::fflush(stderr);
}
