#include "sim/SimAuth.h"

#include "sim/SimJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslSocket>

SimAuth::SimAuth(const SimConfig &config)
    : m_token(config.bearerToken.toUtf8())
    , m_clientCerts(config.clientCertAuth)
    , m_userName(config.userName.toUtf8())
{
    for (const QString &r : config.forbiddenClusterWide)
        m_forbidden.insert(r.toUtf8());
    for (const QString &ns : config.allowedNamespaces)
        m_allowedNamespaces.insert(ns.toUtf8());
}

std::optional<QByteArray> SimAuth::authenticate(const SimHttpRequest &request,
                                                QTcpSocket *socket) const
{
    if (m_token.isEmpty() && !m_clientCerts)
        return m_userName;
    if (!m_token.isEmpty() && request.header("authorization") == "Bearer " + m_token)
        return m_userName;
    if (m_clientCerts) {
        // The listener asks for a certificate without requiring one (token clients must get
        // through the handshake); a certificate counts only if it verified against the CA.
        auto *ssl = qobject_cast<QSslSocket *>(socket);
        if (ssl && !ssl->peerCertificate().isNull() && ssl->sslHandshakeErrors().isEmpty()) {
            const QStringList cn = ssl->peerCertificate().subjectInfo(QSslCertificate::CommonName);
            if (!cn.isEmpty())
                return cn.first().toUtf8();
        }
    }
    return std::nullopt;
}

bool SimAuth::allowed(QByteArrayView resource, const QByteArray &ns) const
{
    return !m_forbidden.contains(resource.toByteArray()) ||
           (!ns.isEmpty() && m_allowedNamespaces.contains(ns));
}

QByteArray SimAuth::forbiddenStatus(const QByteArray &user, QByteArrayView verb,
                                    const SimResourceType &type, const QByteArray &ns,
                                    const QByteArray &name) const
{
    return forbidden(user, verb, type.plural, type.plural, type.group, ns, name);
}

QByteArray SimAuth::forbiddenStatus(const QByteArray &user, QByteArrayView verb,
                                    QByteArrayView plural, QByteArrayView group,
                                    const QByteArray &ns, const QByteArray &name) const
{
    return forbidden(user, verb, plural.toByteArray() + '.' + group.toByteArray(), plural, group,
                     ns, name);
}

QByteArray SimAuth::forbidden(const QByteArray &user, QByteArrayView verb, QByteArrayView subject,
                              QByteArrayView plural, QByteArrayView group, const QByteArray &ns,
                              const QByteArray &name) const
{
    QByteArray message = subject.toByteArray();
    if (!name.isEmpty())
        message.append(" \"").append(name).append('"');
    message.append(" is forbidden: User \"").append(user).append("\" cannot ").append(verb);
    message.append(" resource \"").append(plural).append("\" in API group \"");
    message.append(group).append('"');
    if (ns.isEmpty())
        message.append(" at the cluster scope");
    else
        message.append(" in the namespace \"").append(ns).append('"');
    QByteArray details;
    if (!name.isEmpty())
        details = R"("name":)" + SimJson::quoted(name) + ',';
    if (!group.isEmpty() && subject != plural)
        details.append(R"("group":)").append(SimJson::quoted(group)).append(',');
    details.append(R"("kind":)").append(SimJson::quoted(plural));
    return SimJson::status(403, "Forbidden", message, details);
}

QByteArray SimAuth::unauthorizedStatus()
{
    return SimJson::status(401, "Unauthorized", "Unauthorized");
}

bool SimAuth::accessReview(const QByteArray &body, QByteArray *answer, QString *error) const
{
    QJsonParseError parseError;
    const QJsonObject review = QJsonDocument::fromJson(body, &parseError).object();
    if (parseError.error != QJsonParseError::NoError ||
        review.value(QLatin1String("kind")).toString() !=
            QLatin1String("SelfSubjectAccessReview")) {
        *error = QStringLiteral("expected a SelfSubjectAccessReview");
        return false;
    }
    const QJsonObject spec = review.value(QLatin1String("spec")).toObject();
    const QJsonObject attrs = spec.value(QLatin1String("resourceAttributes")).toObject();
    const QByteArray resource = attrs.value(QLatin1String("resource")).toString().toUtf8();
    const QByteArray ns = attrs.value(QLatin1String("namespace")).toString().toUtf8();
    const QString verb = attrs.value(QLatin1String("verb")).toString();
    const bool readVerb = verb == QLatin1String("get") || verb == QLatin1String("list") ||
                          verb == QLatin1String("watch");
    const bool isAllowed = spec.contains(QLatin1String("nonResourceAttributes")) ||
                           (readVerb && allowed(resource, ns));
    QJsonObject status{{QStringLiteral("allowed"), isAllowed}};
    if (!isAllowed)
        status.insert(QStringLiteral("reason"), QStringLiteral("denied by the simulated RBAC"));
    QJsonObject out{{QStringLiteral("kind"), QStringLiteral("SelfSubjectAccessReview")},
                    {QStringLiteral("apiVersion"), QStringLiteral("authorization.k8s.io/v1")},
                    {QStringLiteral("metadata"), QJsonObject{}},
                    {QStringLiteral("spec"), spec},
                    {QStringLiteral("status"), status}};
    *answer = QJsonDocument(out).toJson(QJsonDocument::Compact);
    return true;
}

bool SimAuth::rulesReview(const QByteArray &body, QByteArray *answer, QString *error) const
{
    QJsonParseError parseError;
    const QJsonObject review = QJsonDocument::fromJson(body, &parseError).object();
    if (parseError.error != QJsonParseError::NoError ||
        review.value(QLatin1String("kind")).toString() != QLatin1String("SelfSubjectRulesReview")) {
        *error = QStringLiteral("expected a SelfSubjectRulesReview");
        return false;
    }
    const QJsonObject spec = review.value(QLatin1String("spec")).toObject();
    const QByteArray ns = spec.value(QLatin1String("namespace")).toString().toUtf8();
    const QJsonArray readVerbs{QStringLiteral("get"), QStringLiteral("list"),
                               QStringLiteral("watch")};
    QJsonArray rules;
    for (int i = 0; i < SimResourceType::Count; ++i) {
        const SimResourceType &t = SimResourceType::get(static_cast<SimResourceType::Id>(i));
        if (!allowed(t.plural, ns))
            continue;
        rules.append(
            QJsonObject{{QStringLiteral("verbs"), readVerbs},
                        {QStringLiteral("apiGroups"), QJsonArray{QString::fromUtf8(t.group)}},
                        {QStringLiteral("resources"), QJsonArray{QString::fromUtf8(t.plural)}}});
    }
    rules.append(QJsonObject{
        {QStringLiteral("verbs"), QJsonArray{QStringLiteral("create")}},
        {QStringLiteral("apiGroups"), QJsonArray{QStringLiteral("authorization.k8s.io")}},
        {QStringLiteral("resources"), QJsonArray{QStringLiteral("selfsubjectaccessreviews"),
                                                 QStringLiteral("selfsubjectrulesreviews")}}});
    const QJsonArray nonResource{
        QJsonObject{{QStringLiteral("verbs"), QJsonArray{QStringLiteral("get")}},
                    {QStringLiteral("nonResourceURLs"),
                     QJsonArray{QStringLiteral("/api"), QStringLiteral("/api/*"),
                                QStringLiteral("/apis"), QStringLiteral("/apis/*"),
                                QStringLiteral("/version"), QStringLiteral("/healthz")}}}};
    QJsonObject out{
        {QStringLiteral("kind"), QStringLiteral("SelfSubjectRulesReview")},
        {QStringLiteral("apiVersion"), QStringLiteral("authorization.k8s.io/v1")},
        {QStringLiteral("metadata"), QJsonObject{}},
        {QStringLiteral("spec"), spec},
        {QStringLiteral("status"), QJsonObject{{QStringLiteral("resourceRules"), rules},
                                               {QStringLiteral("nonResourceRules"), nonResource},
                                               {QStringLiteral("incomplete"), false}}}};
    *answer = QJsonDocument(out).toJson(QJsonDocument::Compact);
    return true;
}
