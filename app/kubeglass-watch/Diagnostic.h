#pragma once

#include <QString>

// One "kubeglass-watch: message" line on stderr, flushed at once (stdout is for JSON lines).
void printDiagnostic(const QString &message);
