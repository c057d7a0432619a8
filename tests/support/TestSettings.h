#pragma once

#include <QString>

namespace TestSettings {
// Points QSettings and QStandardPaths at the test's own places (QStandardPaths' test mode), so a
// test never reads or writes the user's Kubeglass settings. Call it in initTestCase().
void isolate(const QString &testName);
} // namespace TestSettings
