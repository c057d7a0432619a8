#include "tests/support/TestSettings.h"

#include <QCoreApplication>
#include <QStandardPaths>

void TestSettings::isolate(const QString &testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("kubeglass-test"));
    QCoreApplication::setApplicationName(testName);
}
