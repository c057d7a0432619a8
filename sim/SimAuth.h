#pragma once

#include "sim/SimConfig.h"
#include "sim/SimHttpRequest.h"
#include "sim/SimResourceType.h"

#include <QByteArray>
#include <QSet>

#include <optional>

class QTcpSocket;

// Authentication (bearer token, client certificate) and the simulated RBAC: cluster-wide
// reads of chosen resources are forbidden, namespaced ones allowed in chosen namespaces.
class SimAuth
{
public:
    explicit SimAuth(const SimConfig &config);

    // The authenticated user, or nothing (answer 401).
    std::optional<QByteArray> authenticate(const SimHttpRequest &request, QTcpSocket *socket) const;
    bool allowed(QByteArrayView resource, const QByteArray &ns) const;
    // The 403 Status body for a denied verb on a resource (name may be empty).
    QByteArray forbiddenStatus(const QByteArray &user, QByteArrayView verb,
                               const SimResourceType &type, const QByteArray &ns,
                               const QByteArray &name) const;
    // The same for a resource of another API group (an aggregated API such as
    // metrics.k8s.io), named as the apiserver names it: "pods.metrics.k8s.io is forbidden".
    QByteArray forbiddenStatus(const QByteArray &user, QByteArrayView verb, QByteArrayView plural,
                               QByteArrayView group, const QByteArray &ns,
                               const QByteArray &name) const;
    // Answers to POSTed SelfSubjectAccessReview / SelfSubjectRulesReview bodies; false and
    // an error message for a body that is not one.
    bool accessReview(const QByteArray &body, QByteArray *answer, QString *error) const;
    bool rulesReview(const QByteArray &body, QByteArray *answer, QString *error) const;

    static QByteArray unauthorizedStatus();

private:
    // subject: the resource as the message's first word names it.
    QByteArray forbidden(const QByteArray &user, QByteArrayView verb, QByteArrayView subject,
                         QByteArrayView plural, QByteArrayView group, const QByteArray &ns,
                         const QByteArray &name) const;

    QByteArray m_token;
    bool m_clientCerts;
    QByteArray m_userName;
    QSet<QByteArray> m_forbidden;
    QSet<QByteArray> m_allowedNamespaces;
};
