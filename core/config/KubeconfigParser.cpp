#include "core/config/KubeconfigParser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

#include <yaml-cpp/yaml.h>

namespace {

const char ExecExtensionName[] = "client.authentication.k8s.io/exec";
// Bounds the YAML → JSON conversion of extensions (aliases can make a small file huge).
constexpr int MaxJsonNodes = 10000;
constexpr int MaxJsonDepth = 100;

struct ParseFailure
{
    QString message;
};

class Reader
{
public:
    explicit Reader(const QString &path)
        : m_path(path)
        , m_dir(QFileInfo(path).absolutePath())
    {}

    KubeconfigDocument read(const YAML::Node &root)
    {
        KubeconfigDocument doc;
        doc.path = m_path;
        if (!root || root.IsNull())
            return doc; // kubectl accepts an empty file
        if (!root.IsMap())
            fail(root, QString(),
                 QStringLiteral("expected a mapping (apiVersion, clusters, users, "
                                "contexts...) at the top level"));
        doc.currentContext = stringField(root, "current-context", QString());
        forEachNamed(root, "clusters", "cluster",
                     [&](const QString &name, const YAML::Node &entry, const YAML::Node &body,
                         const QString &field) {
                         doc.clusters.append(readCluster(name, entry, body, field));
                     });
        forEachNamed(
            root, "users", "user",
            [&](const QString &name, const YAML::Node &entry, const YAML::Node &body,
                const QString &field) { doc.users.append(readUser(name, entry, body, field)); });
        forEachNamed(root, "contexts", "context",
                     [&](const QString &name, const YAML::Node &entry, const YAML::Node &body,
                         const QString &field) {
                         doc.contexts.append(readContext(name, entry, body, field));
                     });
        return doc;
    }

private:
    static int lineOf(const YAML::Node &node) { return node.Mark().line + 1; }

    // The line of the key itself: a block mapping's own mark is its first entry's line.
    static int keyLine(const YAML::Node &map, const char *key)
    {
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (it->first.IsScalar() && it->first.Scalar() == key)
                return lineOf(it->first);
        }
        return 0;
    }

    [[noreturn]] void fail(const YAML::Node &node, const QString &field, const QString &problem)
    {
        throw ParseFailure{kubeconfigLocation(m_path, lineOf(node), field) + problem};
    }

    static QString join(const QString &parent, const char *key)
    {
        return parent.isEmpty() ? QString::fromLatin1(key)
                                : parent + QLatin1Char('.') + QLatin1String(key);
    }

    static QString typeName(const YAML::Node &node)
    {
        if (node.IsSequence())
            return QStringLiteral("a list");
        if (node.IsMap())
            return QStringLiteral("a mapping");
        return QStringLiteral("a scalar");
    }

    QString scalar(const YAML::Node &node, const QString &field)
    {
        if (!node || node.IsNull()) // absent or explicitly null
            return {};
        if (!node.IsScalar())
            fail(node, field, QStringLiteral("expected a string, found %1").arg(typeName(node)));
        return QString::fromStdString(node.Scalar());
    }

    KubeconfigField<QString> stringField(const YAML::Node &map, const char *key,
                                         const QString &parent)
    {
        const YAML::Node node = map[key];
        if (!node)
            return {};
        return {scalar(node, join(parent, key)), lineOf(node)};
    }

    KubeconfigField<QString> pathField(const YAML::Node &map, const char *key,
                                       const QString &parent)
    {
        KubeconfigField<QString> field = stringField(map, key, parent);
        field.value = absolutePath(field.value);
        return field;
    }

    QString absolutePath(const QString &path) const
    {
        if (path.isEmpty() || QDir::isAbsolutePath(path))
            return path;
        return QDir::cleanPath(m_dir + QLatin1Char('/') + path);
    }

    KubeconfigField<bool> boolField(const YAML::Node &map, const char *key, const QString &parent)
    {
        const YAML::Node node = map[key];
        if (!node || node.IsNull())
            return {};
        bool value = false;
        if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value))
            fail(node, join(parent, key), QStringLiteral("expected true or false"));
        return {value, lineOf(node)};
    }

    KubeconfigField<QByteArray> base64Field(const YAML::Node &map, const char *key,
                                            const QString &parent)
    {
        const KubeconfigField<QString> text = stringField(map, key, parent);
        QByteArray compact = text.value.toLatin1();
        compact.replace('\n', "").replace('\r', "").replace(' ', "");
        const auto decoded =
            QByteArray::fromBase64Encoding(compact, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            fail(map[key], join(parent, key), QStringLiteral("not valid base64"));
        return {*decoded, text.line};
    }

    QStringList stringList(const YAML::Node &node, const QString &field)
    {
        QStringList list;
        if (!node || node.IsNull())
            return list;
        if (!node.IsSequence())
            fail(node, field, QStringLiteral("expected a list, found %1").arg(typeName(node)));
        for (std::size_t i = 0; i < node.size(); ++i)
            list.append(scalar(node[i], field + QStringLiteral("[%1]").arg(i)));
        return list;
    }

    void requireMap(const YAML::Node &node, const QString &field)
    {
        if (node && !node.IsNull() && !node.IsMap())
            fail(node, field, QStringLiteral("expected a mapping, found %1").arg(typeName(node)));
    }

    // clusters/users/contexts: lists of {name, <body>}; names unique within one file.
    template <typename Fn>
    void forEachNamed(const YAML::Node &root, const char *listKey, const char *bodyKey, Fn fn)
    {
        const YAML::Node list = root[listKey];
        const QString listField = QString::fromLatin1(listKey);
        if (!list || list.IsNull())
            return;
        if (!list.IsSequence())
            fail(list, listField, QStringLiteral("expected a list, found %1").arg(typeName(list)));
        QSet<QString> seen;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node entry = list[i];
            const QString entryField = listField + QStringLiteral("[%1]").arg(i);
            if (!entry.IsMap())
                fail(entry, entryField,
                     QStringLiteral("expected a mapping, found %1").arg(typeName(entry)));
            const QString name = scalar(entry["name"], join(entryField, "name"));
            const QString field = listField + QStringLiteral("[\"%1\"]").arg(name);
            if (seen.contains(name))
                fail(entry, field, QStringLiteral("duplicate name \"%1\"").arg(name));
            seen.insert(name);
            const YAML::Node body = entry[bodyKey];
            requireMap(body, join(field, bodyKey));
            fn(name, entry, body ? body : YAML::Node(YAML::NodeType::Map), join(field, bodyKey));
        }
    }

    KubeconfigCluster readCluster(const QString &name, const YAML::Node &entry,
                                  const YAML::Node &body, const QString &field)
    {
        KubeconfigCluster cluster;
        cluster.name = name;
        cluster.file = m_path;
        cluster.line = lineOf(entry);
        cluster.server = stringField(body, "server", field);
        cluster.certificateAuthority = pathField(body, "certificate-authority", field);
        cluster.certificateAuthorityData = base64Field(body, "certificate-authority-data", field);
        cluster.insecureSkipTlsVerify = boolField(body, "insecure-skip-tls-verify", field);
        cluster.tlsServerName = stringField(body, "tls-server-name", field);
        cluster.proxyUrl = stringField(body, "proxy-url", field);
        cluster.disableCompression = boolField(body, "disable-compression", field);
        const YAML::Node extensions = body["extensions"];
        const QString extensionsField = join(field, "extensions");
        if (extensions && !extensions.IsNull()) {
            if (!extensions.IsSequence())
                fail(extensions, extensionsField, QStringLiteral("expected a list"));
            for (const YAML::Node &extension : extensions) {
                requireMap(extension, extensionsField);
                if (scalar(extension["name"], extensionsField) ==
                    QLatin1String(ExecExtensionName)) {
                    int budget = MaxJsonNodes;
                    cluster.execExtension = {
                        toJson(extension["extension"], extensionsField, budget), lineOf(extension)};
                }
            }
        }
        return cluster;
    }

    KubeconfigUser readUser(const QString &name, const YAML::Node &entry, const YAML::Node &body,
                            const QString &field)
    {
        KubeconfigUser user;
        user.name = name;
        user.file = m_path;
        user.line = lineOf(entry);
        user.token = stringField(body, "token", field);
        user.tokenFile = pathField(body, "tokenFile", field);
        user.username = stringField(body, "username", field);
        user.password = stringField(body, "password", field);
        user.clientCertificate = pathField(body, "client-certificate", field);
        user.clientCertificateData = base64Field(body, "client-certificate-data", field);
        user.clientKey = pathField(body, "client-key", field);
        user.clientKeyData = base64Field(body, "client-key-data", field);
        user.impersonate = stringField(body, "as", field).value;
        user.impersonateUid = stringField(body, "as-uid", field).value;
        user.impersonateGroups = stringList(body["as-groups"], join(field, "as-groups"));
        const YAML::Node extra = body["as-user-extra"];
        requireMap(extra, join(field, "as-user-extra"));
        if (extra) {
            for (auto it = extra.begin(); it != extra.end(); ++it) {
                const QString key = scalar(it->first, join(field, "as-user-extra"));
                const QString valuesField = join(field, "as-user-extra") + QLatin1Char('.') + key;
                for (const QString &value : stringList(it->second, valuesField))
                    user.impersonateUserExtra.append({key, value});
            }
        }
        const YAML::Node authProvider = body["auth-provider"];
        requireMap(authProvider, join(field, "auth-provider"));
        if (authProvider && authProvider.IsMap()) {
            user.authProvider = stringField(authProvider, "name", join(field, "auth-provider"));
            user.authProvider.line = keyLine(body, "auth-provider");
        }
        const YAML::Node exec = body["exec"];
        const QString execField = join(field, "exec");
        requireMap(exec, execField);
        if (exec && exec.IsMap()) {
            user.exec = readExec(exec, execField);
            user.exec->line = keyLine(body, "exec");
            if (!user.exec->interactiveMode.line)
                user.exec->interactiveMode.line = user.exec->line;
        }
        return user;
    }

    KubeconfigExec readExec(const YAML::Node &body, const QString &field)
    {
        KubeconfigExec exec;
        exec.command = stringField(body, "command", field);
        // kubectl resolves the command against the file's directory only when it is a path;
        // a bare name is looked up in PATH when the plugin runs.
        if (exec.command.value.contains(QLatin1Char('/')) ||
            (QDir::separator() != QLatin1Char('/') &&
             exec.command.value.contains(QDir::separator())))
            exec.command.value = absolutePath(exec.command.value);
        exec.args = stringList(body["args"], join(field, "args"));
        const YAML::Node env = body["env"];
        const QString envField = join(field, "env");
        if (env && !env.IsNull()) {
            if (!env.IsSequence())
                fail(env, envField, QStringLiteral("expected a list of {name, value}"));
            exec.envLine = lineOf(env);
            for (std::size_t i = 0; i < env.size(); ++i) {
                const QString itemField = envField + QStringLiteral("[%1]").arg(i);
                requireMap(env[i], itemField);
                exec.env.append({stringField(env[i], "name", itemField).value,
                                 stringField(env[i], "value", itemField).value});
            }
        }
        exec.apiVersion = stringField(body, "apiVersion", field);
        exec.installHint = stringField(body, "installHint", field).value;
        exec.provideClusterInfo = boolField(body, "provideClusterInfo", field).value;
        exec.interactiveMode = stringField(body, "interactiveMode", field);
        return exec;
    }

    KubeconfigContext readContext(const QString &name, const YAML::Node &entry,
                                  const YAML::Node &body, const QString &field)
    {
        KubeconfigContext context;
        context.name = name;
        context.file = m_path;
        context.line = lineOf(entry);
        context.cluster = stringField(body, "cluster", field);
        context.user = stringField(body, "user", field);
        context.namespaceName = stringField(body, "namespace", field);
        return context;
    }

    // YAML → JSON the way kubectl's YAML decoder types plain scalars.
    // depth bounds the recursion: an alias can make a node contain itself (&x [*x]), which the
    // node budget alone would only stop 10,000 stack frames deep.
    QJsonValue toJson(const YAML::Node &node, const QString &field, int &budget, int depth = 0)
    {
        if (--budget < 0)
            fail(node, field, QStringLiteral("too large"));
        if (depth > MaxJsonDepth)
            fail(node, field, QStringLiteral("nested too deeply (or an alias refers to itself)"));
        if (!node || node.IsNull())
            return QJsonValue::Null;
        if (node.IsSequence()) {
            QJsonArray array;
            for (const YAML::Node &item : node)
                array.append(toJson(item, field, budget, depth + 1));
            return array;
        }
        if (node.IsMap()) {
            QJsonObject object;
            for (auto it = node.begin(); it != node.end(); ++it)
                object.insert(scalar(it->first, field),
                              toJson(it->second, field, budget, depth + 1));
            return object;
        }
        const QString text = QString::fromStdString(node.Scalar());
        if (node.Tag() == "!") // quoted: always a string
            return text;
        bool boolean = false;
        if (YAML::convert<bool>::decode(node, boolean))
            return boolean;
        bool ok = false;
        const qlonglong integer = text.toLongLong(&ok);
        if (ok)
            return integer;
        const double number = text.toDouble(&ok);
        if (ok)
            return number;
        return text;
    }

    QString m_path;
    QString m_dir;
};

QString tooLargeError(const QString &path)
{
    return kubeconfigLocation(path, 0, QString()) +
           QStringLiteral("file is larger than %1 MB; not a kubeconfig")
               .arg(KubeconfigParser::MaxFileBytes / (1024 * 1024));
}

} // namespace

KubeconfigDocument KubeconfigParser::parse(const QByteArray &data, const QString &path,
                                           QString *error)
{
    error->clear();
    if (data.size() > MaxFileBytes) {
        *error = tooLargeError(path);
        return {};
    }
    try {
        const YAML::Node root = YAML::Load(std::string(data.constData(), std::size_t(data.size())));
        return Reader(path).read(root);
    } catch (const ParseFailure &failure) {
        *error = failure.message;
    } catch (const YAML::Exception &e) {
        *error = kubeconfigLocation(path, e.mark.is_null() ? 0 : e.mark.line + 1, QString()) +
                 QStringLiteral("invalid YAML: ") + QString::fromStdString(e.msg);
    } catch (const std::exception &e) {
        *error = kubeconfigLocation(path, 0, QString()) + QString::fromLocal8Bit(e.what());
    }
    return {};
}

KubeconfigDocument KubeconfigParser::parseFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = kubeconfigLocation(path, 0, QString()) + file.errorString();
        return {};
    }
    if (file.size() > MaxFileBytes) {
        *error = tooLargeError(path);
        return {};
    }
    return parse(file.readAll(), path, error);
}
