// The YAML view against kubectl: the same text as `kubectl get -o yaml` (compared byte for
// byte when kubectl is installed), and YAML that reads back (yaml-cpp) to the object's JSON
// with every value's type kept, also under the YAML 1.1 and 1.2 type rules.
#include "core/yaml/YamlRenderer.h"
#include "sim/SimConfig.h"
#include "sim/SimServerThread.h"

#include "tests/support/LocalKubectl.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <yaml-cpp/yaml.h>

namespace {

const QByteArray kSecret =
    R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"db","namespace":"prod",)"
    R"("creationTimestamp":null,"managedFields":[{"manager":"kubectl","operation":"Update"}]},)"
    R"("data":{"password":"aHVudGVyMg=="},"type":"Opaque"})";

// True when a YAML 1.1 parser (the type repository's rules, as PyYAML and go-yaml read them)
// or a YAML 1.2 core-schema parser would read this plain scalar as something else than a
// string. Written from the specifications, independently of the renderer.
bool readsAsNonString(const QString &plain)
{
    static const QList<QRegularExpression> patterns = {
        // YAML 1.1 bool (go-yaml adds y and n), null, int, float, timestamp
        QRegularExpression(QStringLiteral("^(y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|"
                                          "False|FALSE|on|On|ON|off|Off|OFF)$")),
        QRegularExpression(QStringLiteral("^(~|null|Null|NULL|)$")),
        QRegularExpression(
            QStringLiteral("^[-+]?(0b[0-1_]+|0[0-7_]+|(0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|"
                           "[1-9][0-9_]*(:[0-5]?[0-9])+)$")),
        QRegularExpression(QStringLiteral(
            R"(^([-+]?[0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?|\.[0-9][0-9_]*([eE][-+][0-9]+)?|)"
            R"([-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$)")),
        QRegularExpression(QStringLiteral(
            R"(^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]|[ \t]+))"
            R"([0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]*)?([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?)$)")),
        // YAML 1.2 core schema int and float (its bool and null are among the above)
        QRegularExpression(QStringLiteral("^([-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")),
        QRegularExpression(
            QStringLiteral(R"(^([-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|)"
                           R"([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$)"))};
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const QRegularExpression &p) { return p.match(plain).hasMatch(); });
}

// Where the YAML read back differs from the JSON in value or in type; empty when it does not.
QString differenceFrom(const YAML::Node &node, const QJsonValue &json, const QString &path)
{
    const auto plain = [&] {
        return node.IsScalar() && node.Tag() == "?";
    };
    const QString scalar = node.IsScalar() ? QString::fromStdString(node.Scalar()) : QString();
    switch (json.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = json.toObject();
        if (!node.IsMap() || node.size() != size_t(object.size()))
            return path + QStringLiteral(": not a mapping of %1 keys").arg(object.size());
        for (const auto &entry : node) {
            const QString key = QString::fromStdString(entry.first.Scalar());
            if (entry.first.Tag() == "?" && readsAsNonString(key))
                return path + QStringLiteral(": the plain key '%1' is not a string").arg(key);
            if (!object.contains(key))
                return path + QStringLiteral(": unexpected key '%1'").arg(key);
            const QString difference =
                differenceFrom(entry.second, object.value(key), path + u'.' + key);
            if (!difference.isEmpty())
                return difference;
        }
        return {};
    }
    case QJsonValue::Array: {
        const QJsonArray array = json.toArray();
        if (!node.IsSequence() || node.size() != size_t(array.size()))
            return path + QStringLiteral(": not a sequence of %1 items").arg(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString difference =
                differenceFrom(node[size_t(i)], array.at(i), path + QStringLiteral("[%1]").arg(i));
            if (!difference.isEmpty())
                return difference;
        }
        return {};
    }
    case QJsonValue::String:
        if (!node.IsScalar() || scalar != json.toString())
            return path + QStringLiteral(": '%1' instead of '%2'").arg(scalar, json.toString());
        if (plain() && readsAsNonString(scalar))
            return path + QStringLiteral(": the string '%1' is plain").arg(scalar);
        return {};
    case QJsonValue::Double: {
        bool ok = false;
        const double value = scalar.toDouble(&ok);
        if (!plain() || !ok || !readsAsNonString(scalar) || value != json.toDouble())
            return path +
                   QStringLiteral(": '%1' is not the number %2").arg(scalar).arg(json.toDouble());
        return {};
    }
    case QJsonValue::Bool:
        if (!plain() || scalar != (json.toBool() ? u"true" : u"false"))
            return path + QStringLiteral(": '%1' is not the boolean").arg(scalar);
        return {};
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        if (!node.IsNull())
            return path + QStringLiteral(": '%1' is not null").arg(scalar);
        return {};
    }
    return {};
}

// Reads the YAML back and compares it with the JSON; empty when equal in value and type.
QString roundTripDifference(const QString &yaml, const QByteArray &json)
{
    try {
        return differenceFrom(YAML::Load(yaml.toStdString()),
                              QJsonDocument::fromJson(json).object(), QStringLiteral("$"));
    } catch (const YAML::Exception &error) {
        return QStringLiteral("unreadable YAML: ") + QString::fromUtf8(error.what());
    }
}

QByteArray configMapWith(const QJsonObject &data)
{
    QJsonObject metadata{{QStringLiteral("name"), QStringLiteral("tricky")},
                         {QStringLiteral("namespace"), QStringLiteral("default")},
                         {QStringLiteral("annotations"),
                          QJsonObject{{QStringLiteral("keep"), QStringLiteral("me")}}}};
    return QJsonDocument(QJsonObject{{QStringLiteral("apiVersion"), QStringLiteral("v1")},
                                     {QStringLiteral("kind"), QStringLiteral("ConfigMap")},
                                     {QStringLiteral("metadata"), metadata},
                                     {QStringLiteral("data"), data}})
        .toJson(QJsonDocument::Compact);
}

// Strings that YAML 1.1 or 1.2 reads as another type unless quoted, and strings that need
// quotes or a block for their syntax: (name, value).
const QList<std::pair<const char *, QString>> kTrickyStrings = {
    {"true", QStringLiteral("true")},
    {"False", QStringLiteral("False")},
    {"yes", QStringLiteral("yes")},
    {"on", QStringLiteral("on")},
    {"off", QStringLiteral("OFF")},
    {"y", QStringLiteral("y")},
    {"n", QStringLiteral("n")},
    {"null", QStringLiteral("null")},
    {"tilde", QStringLiteral("~")},
    {"empty", QString()},
    {"port", QStringLiteral("9090")},
    {"resourceVersion", QStringLiteral("1229")},
    {"negative", QStringLiteral("-12")},
    {"plus", QStringLiteral("+12")},
    {"octal", QStringLiteral("0755")},
    {"octal 1.2", QStringLiteral("0o17")},
    {"hex", QStringLiteral("0x1f")},
    {"binary", QStringLiteral("0b101")},
    {"underscores", QStringLiteral("1_000")},
    {"float", QStringLiteral("1.5")},
    {"exponent", QStringLiteral("1e3")},
    {"leading dot", QStringLiteral(".5")},
    {"trailing dot", QStringLiteral("1.")},
    {"inf", QStringLiteral(".inf")},
    {"minus inf", QStringLiteral("-.Inf")},
    {"nan", QStringLiteral(".NaN")},
    {"base 60", QStringLiteral("1:20")},
    {"port mapping", QStringLiteral("8080:80")},
    {"timestamp", QStringLiteral("2026-11-29T01:01:08Z")},
    {"fractional timestamp", QStringLiteral("2026-11-29T01:01:08.123456+02:00")},
    {"date", QStringLiteral("2026-11-29")},
    {"spaced timestamp", QStringLiteral("2001-12-14 21:59:43.10")},
    {"colon space", QStringLiteral("key: value")},
    {"space hash", QStringLiteral("a #comment")},
    {"leading space", QStringLiteral(" lead")},
    {"trailing space", QStringLiteral("trail ")},
    {"dash space", QStringLiteral("- item")},
    {"star", QStringLiteral("*")},
    {"at", QStringLiteral("@x")},
    {"percent", QStringLiteral("%x")},
    {"backtick", QStringLiteral("`x`")},
    {"braces", QStringLiteral("{a}")},
    {"brackets", QStringLiteral("[a]")},
    {"quote", QStringLiteral("'quoted'")},
    {"double quote", QStringLiteral("\"dq\"")},
    {"pipe", QStringLiteral("|x")},
    {"question", QStringLiteral("? x")},
    {"document", QStringLiteral("---")},
    {"tab", QStringLiteral("a\tb")},
    {"emoji", QStringLiteral("smile 😀")},
    {"control", QStringLiteral("bell\a")},
    {"lines", QStringLiteral("line1\nline2")},
    {"final line feed", QStringLiteral("line1\n")},
    {"two final line feeds", QStringLiteral("line1\n\n")},
    {"first line indented", QStringLiteral("  indented\nnext")},
    {"first line empty", QStringLiteral("\nlead")},
    {"line with trailing space", QStringLiteral("a \nb")},
    {"carriage return", QStringLiteral("a\r\nb")},
    {"long words",
     QStringLiteral("0/3 nodes are available: 3 Insufficient cpu. preemption: 0/3 nodes are "
                    "available: 3 No preemption victims found for incoming pod.")},
    {"long true words",
     QStringLiteral("true that Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do "
                    "eiusmod tempor incididunt ut labore")},
    {"long quoted", QStringLiteral("'Lorem ipsum dolor sit amet, consectetur adipiscing elit, "
                                   "sed do eiusmod tempor incididunt ut labore")},
    // Plain for go-yaml and for both YAML versions: no quotes needed.
    {"word", QStringLiteral("hello")},
    {"version", QStringLiteral("1.2.3")},
    {"image", QStringLiteral("quay.io/prometheus/node-exporter:v1.7.0")},
    {"inner colon", QStringLiteral("a:b")},
    {"inner hash", QStringLiteral("a#b")},
    {"dash word", QStringLiteral("-foo")},
    {"apostrophe", QStringLiteral("it's")},
    {"accents", QStringLiteral("é ü")},
    {"masked", QStringLiteral("••••••••")},
};

} // namespace

class TestYamlRenderer : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
    }

    void cleanup()
    {
        m_sim.reset();
        m_home.reset();
    }

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

    void shouldQuoteStringsThatWouldReadAsAnotherType()
    {
        // Given the annotations of a simulated pod: strings that look like a bool and a number
        const QByteArray pod =
            R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","resourceVersion":"1229",)"
            R"("creationTimestamp":"2026-11-29T01:01:08Z","annotations":{)"
            R"("prometheus.io/port":"9090","prometheus.io/scrape":"true"}}})";
        // When rendered
        const QString yaml = YamlRenderer::render(pod, {});
        // Then each is quoted as kubectl quotes it
        QVERIFY2(yaml.contains(QStringLiteral("    prometheus.io/port: \"9090\"\n")),
                 qPrintable(yaml));
        QVERIFY(yaml.contains(QStringLiteral("    prometheus.io/scrape: \"true\"\n")));
        QVERIFY(yaml.contains(QStringLiteral("  resourceVersion: \"1229\"\n")));
        QVERIFY(yaml.contains(QStringLiteral("  creationTimestamp: \"2026-11-29T01:01:08Z\"\n")));
    }

    void shouldReadTrickyStringsBackAsTheSameStrings_data()
    {
        QTest::addColumn<QString>("value");
        for (const auto &[name, value] : kTrickyStrings)
            QTest::newRow(name) << value;
    }

    void shouldReadTrickyStringsBackAsTheSameStrings()
    {
        // Given a ConfigMap holding the string as a value and as a key
        QFETCH(QString, value);
        const QByteArray json = configMapWith({{QStringLiteral("value"), value}, {value, value}});
        // When rendered and read back by yaml-cpp
        const QString yaml = YamlRenderer::render(json, {});
        // Then both are the same string, and no plain scalar reads as another type
        const QString difference = roundTripDifference(yaml, json);
        QVERIFY2(difference.isEmpty(), qPrintable(difference + u'\n' + yaml));
    }

    void shouldKeepNumbersBooleansAndNullsTyped()
    {
        // Given JSON numbers of every shape, booleans and null
        const QByteArray json =
            R"({"apiVersion":"v1","kind":"Thing","metadata":{"name":"n"},"spec":{"int":42,)"
            R"("negative":-7,"int64Min":-9223372036854775808,"uint64Max":18446744073709551615,)"
            R"("half":1.5,"small":1e-7,"million":1234567.8,"oneFloat":1.0,"e20":1e20,)"
            R"("e21":1e21,"negativeZero":-0.0,"yes":true,"no":false,"nothing":null}})";
        // When rendered
        const QString yaml = YamlRenderer::render(json, {});
        // Then each prints as kubectl prints it (integers as integers, floats as Go's %g)...
        const QString expected = QStringLiteral("spec:\n"
                                                "  e20: 1e+20\n"
                                                "  e21: 1e+21\n"
                                                "  half: 1.5\n"
                                                "  int: 42\n"
                                                "  int64Min: -9223372036854775808\n"
                                                "  million: 1.2345678e+06\n"
                                                "  negative: -7\n"
                                                "  negativeZero: 0\n"
                                                "  \"no\": false\n"
                                                "  nothing: null\n"
                                                "  oneFloat: 1\n"
                                                "  small: 1e-07\n"
                                                "  uint64Max: 1.8446744073709552e+19\n"
                                                "  \"yes\": true\n");
        QVERIFY2(yaml.endsWith(expected), qPrintable(yaml));
        // ...and reads back as the same values, of the same types
        const QString difference = roundTripDifference(yaml, json);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }

    void shouldSortKeysAsKubectlWithApiVersionAndKindFirst()
    {
        // Given a list item: no apiVersion nor kind, keys in no particular order
        const QByteArray item =
            R"({"status":{"phase":"Running"},"spec":{"a10":1,"a2":2,"B":3,"a":4,"_x":5,"10":6,)"
            R"("9":7,"a01":8,"a1":9},"metadata":{"name":"web"}})";
        YamlRenderer::Options options;
        options.apiVersion = QStringLiteral("apps/v1");
        options.kind = QStringLiteral("Deployment");
        // When rendered for its resource
        const QString yaml = YamlRenderer::render(item, options);
        // Then apiVersion and kind come first, then metadata, spec, status, and keys sort
        // as go-yaml sorts them (digit runs as numbers, letters before other characters)
        QCOMPARE(yaml, QStringLiteral("apiVersion: apps/v1\n"
                                      "kind: Deployment\n"
                                      "metadata:\n"
                                      "  name: web\n"
                                      "spec:\n"
                                      "  _x: 5\n"
                                      "  \"9\": 7\n"
                                      "  \"10\": 6\n"
                                      "  B: 3\n"
                                      "  a: 4\n"
                                      "  a1: 9\n"
                                      "  a01: 8\n"
                                      "  a2: 2\n"
                                      "  a10: 1\n"
                                      "status:\n"
                                      "  phase: Running\n"));
        // And an object that has its own apiVersion and kind keeps them
        options.kind = QStringLiteral("Pod");
        QVERIFY(YamlRenderer::render(kSecret, options).contains("\nkind: Secret\n"));
    }

    void shouldWriteSequencesAndBlocksAsKubectl()
    {
        // Given nested sequences, empty collections and multi-line strings
        const QByteArray json =
            R"({"kind":"K","spec":{"containers":[{"name":"a","args":["--x","- y"],"env":[]},)"
            R"({"name":"b","resources":{}}],"script":"echo 1\necho 2\n","matrix":[[1,2],[]]}})";
        // When rendered / Then "- " sits at the key's indentation and blocks are literal
        QCOMPARE(YamlRenderer::render(json, {}), QStringLiteral("kind: K\n"
                                                                "spec:\n"
                                                                "  containers:\n"
                                                                "  - args:\n"
                                                                "    - --x\n"
                                                                "    - '- y'\n"
                                                                "    env: []\n"
                                                                "    name: a\n"
                                                                "  - name: b\n"
                                                                "    resources: {}\n"
                                                                "  matrix:\n"
                                                                "  - - 1\n"
                                                                "    - 2\n"
                                                                "  - []\n"
                                                                "  script: |\n"
                                                                "    echo 1\n"
                                                                "    echo 2\n"));
    }

    void shouldPrintTrickyStringsAsKubectlDoes()
    {
        // Given kubectl, and a ConfigMap of every tricky string, as values and as keys
        if (LocalKubectl::path().isEmpty())
            QSKIP("kubectl is not installed");
        // (each key alone in its map: kubectl's order of keys that do not sort transitively,
        // "0b101" < "1_000" < "0755" < "0b101", changes from run to run)
        QJsonObject data;
        for (const auto &[name, value] : kTrickyStrings) {
            const QString key = QString::fromLatin1(name);
            data.insert(key, value);
            data.insert(key + QStringLiteral(" as key"), QJsonObject{{value, key}});
        }
        data.insert(QStringLiteral("numbers"),
                    QJsonDocument::fromJson(R"({"a":1.5,"b":1e-7,"c":1234567.8,"d":1e21,)"
                                            R"("e":18446744073709551615,"f":-0.0,"g":100000.5,)"
                                            R"("h":0.0001,"i":0.00001,"j":-2.5e-300,"k":1e300})")
                        .object());
        const QByteArray json = configMapWith(data);
        QFile file(m_home->filePath(QStringLiteral("tricky.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(json);
        file.close();
        // When kubectl prints it (locally, no server) and the renderer renders it
        const QByteArray expected =
            LocalKubectl::run({QStringLiteral("annotate"), QStringLiteral("--local"),
                               QStringLiteral("-f"), file.fileName(), QStringLiteral("-o"),
                               QStringLiteral("yaml"), QStringLiteral("kubeglass.io/absent-")},
                              m_home->path());
        QVERIFY(!expected.isEmpty());
        // Then the texts are the same, byte for byte
        QCOMPARE(YamlRenderer::render(json, {}), QString::fromUtf8(expected));
    }

    void shouldMatchKubectlOnSimulatorObjects_data()
    {
        QTest::addColumn<QString>("listPath");
        QTest::addColumn<QString>("resource");
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<QString>("kind");
        QTest::newRow("pods") << "/api/v1/namespaces/default/pods"
                              << "pods"
                              << "v1"
                              << "Pod";
        QTest::newRow("deployments") << "/apis/apps/v1/namespaces/default/deployments"
                                     << "deployments.apps"
                                     << "apps/v1"
                                     << "Deployment";
        QTest::newRow("replicasets") << "/apis/apps/v1/namespaces/default/replicasets"
                                     << "replicasets.apps"
                                     << "apps/v1"
                                     << "ReplicaSet";
        QTest::newRow("services") << "/api/v1/namespaces/default/services"
                                  << "services"
                                  << "v1"
                                  << "Service";
        QTest::newRow("configmaps") << "/api/v1/namespaces/default/configmaps"
                                    << "configmaps"
                                    << "v1"
                                    << "ConfigMap";
        QTest::newRow("secrets") << "/api/v1/namespaces/default/secrets"
                                 << "secrets"
                                 << "v1"
                                 << "Secret";
        QTest::newRow("events") << "/api/v1/namespaces/default/events"
                                << "events"
                                << "v1"
                                << "Event";
        QTest::newRow("nodes") << "/api/v1/nodes"
                               << "nodes"
                               << "v1"
                               << "Node";
        QTest::newRow("namespaces") << "/api/v1/namespaces"
                                    << "namespaces"
                                    << "v1"
                                    << "Namespace";
        QTest::newRow("widgets") << "/apis/demo.kubeglass.io/v1/namespaces/default/widgets"
                                 << "widgets.demo.kubeglass.io"
                                 << "demo.kubeglass.io/v1"
                                 << "Widget";
    }

    void shouldMatchKubectlOnSimulatorObjects()
    {
        // Given the simulator's list of a resource (its items carry no apiVersion nor kind)
        QFETCH(QString, listPath);
        QFETCH(QString, resource);
        QFETCH(QString, apiVersion);
        QFETCH(QString, kind);
        startSimulator();
        const QJsonArray items = QJsonDocument::fromJson(httpGet(listPath))
                                     .object()
                                     .value(QLatin1String("items"))
                                     .toArray();
        QVERIFY(!items.isEmpty());
        YamlRenderer::Options options;
        options.apiVersion = apiVersion;
        options.kind = kind;
        options.revealSecretData = true; // kubectl shows the data
        for (qsizetype i = 0; i < std::min<qsizetype>(items.size(), 3); ++i) {
            // When each is rendered for its resource, without the apiVersion and kind that a
            // real API server leaves out of list items
            QJsonObject item = items.at(i).toObject();
            item.remove(QLatin1String("apiVersion"));
            item.remove(QLatin1String("kind"));
            const QString yaml = YamlRenderer::render(QJsonDocument(item).toJson(), options);
            // Then it reads back as the object, value and type, with both filled in...
            item.insert(QLatin1String("apiVersion"), apiVersion);
            item.insert(QLatin1String("kind"), kind);
            const QString difference = roundTripDifference(yaml, QJsonDocument(item).toJson());
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
            QVERIFY2(yaml.startsWith(QStringLiteral("apiVersion: ") + apiVersion + u'\n'),
                     qPrintable(yaml));
            // ...and is kubectl's text for the same object, when kubectl is here
            if (LocalKubectl::path().isEmpty())
                continue;
            const QJsonObject metadata = item.value(QLatin1String("metadata")).toObject();
            QStringList arguments = {QStringLiteral("--server"),
                                     m_url.toString(),
                                     QStringLiteral("get"),
                                     resource,
                                     metadata.value(QLatin1String("name")).toString(),
                                     QStringLiteral("-o"),
                                     QStringLiteral("yaml")};
            const QString ns = metadata.value(QLatin1String("namespace")).toString();
            if (!ns.isEmpty())
                arguments << QStringLiteral("-n") << ns;
            const QByteArray expected = LocalKubectl::run(arguments, m_home->path());
            QVERIFY(!expected.isEmpty());
            QCOMPARE(yaml, QString::fromUtf8(expected));
        }
    }

private:
    void startSimulator()
    {
        SimConfig config;
        config.namespaces = 3;
        config.pods = 12;
        m_sim = std::make_unique<SimServerThread>();
        m_url = m_sim->start(config);
        QVERIFY2(!m_url.isEmpty(), qPrintable(m_sim->errorString()));
    }

    QByteArray httpGet(const QString &path)
    {
        QNetworkAccessManager manager;
        QUrl url = m_url;
        url.setPath(path);
        std::unique_ptr<QNetworkReply> reply(manager.get(QNetworkRequest(url)));
        QEventLoop loop;
        connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        return reply->readAll();
    }

    std::unique_ptr<QTemporaryDir> m_home;
    std::unique_ptr<SimServerThread> m_sim;
    QUrl m_url;
};

QTEST_GUILESS_MAIN(TestYamlRenderer)
#include "tst_yamlrenderer.moc"
