#include "ui/YamlRenderer.h"

#include <QTest>

namespace {

const QByteArray kSecret =
    R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"db","namespace":"prod",)"
    R"("creationTimestamp":null,"managedFields":[{"manager":"kubectl","operation":"Update"}]},)"
    R"("data":{"password":"aHVudGVyMg=="},"type":"Opaque"})";

} // namespace

class TestYamlRenderer : public QObject
{
    Q_OBJECT

private slots:
    void shouldFoldManagedFieldsUnlessAsked()
    {
        // Given an object with managedFields / When rendered by default / Then they are hidden
        const QString folded = YamlRenderer::render(kSecret, {});
        QVERIFY(!folded.contains("managedFields"));
        QVERIFY(folded.contains("name: db"));
        QVERIFY(folded.contains("creationTimestamp: null"));
        // When asked for / Then shown
        YamlRenderer::Options options;
        options.showManagedFields = true;
        QVERIFY(YamlRenderer::render(kSecret, options).contains("manager: kubectl"));
    }

    void shouldMaskSecretDataUntilRevealed()
    {
        // Given a Secret / When rendered / Then its values are masked
        QVERIFY(YamlRenderer::isSecret(kSecret));
        const QString masked = YamlRenderer::render(kSecret, {});
        QVERIFY(masked.contains("password:"));
        QVERIFY(!masked.contains("aHVudGVyMg=="));
        // When revealed / Then the value shows
        YamlRenderer::Options options;
        options.revealSecretData = true;
        QVERIFY(YamlRenderer::render(kSecret, options).contains("aHVudGVyMg=="));
    }

    void shouldExplainInvalidJson()
    {
        QVERIFY(YamlRenderer::render("{not json", {}).startsWith("# "));
        QVERIFY(!YamlRenderer::isSecret("[]"));
    }
};

QTEST_GUILESS_MAIN(TestYamlRenderer)
#include "tst_yamlrenderer.moc"
