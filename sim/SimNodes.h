#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>

// A simulated Node's status, the one source of its object and of its Table row, so that the
// two agree: one InternalIP address (no ExternalIP), its Ready condition (Unknown once the node
// is NotReady, as the node lifecycle controller sets it) and the nodeInfo of a Debian 12 kubelet.
class SimNodes
{
public:
    static constexpr const char *kKubeletVersion = "v1.31.0";
    static constexpr const char *kOsImage = "Debian GNU/Linux 12 (bookworm)";
    static constexpr const char *kKernelVersion = "6.1.0-18-amd64";
    static constexpr const char *kContainerRuntime = "containerd://1.7.13";

    // 10.0.0.(10 + the number in its name "node-N").
    static QByteArray internalIp(const SimObject &node);
    // The Ready condition's status: "True", or "Unknown" for a NotReady node.
    static QByteArray readyStatus(const SimObject &node);

    // `,"spec":{...},"status":{...}` from the fields above.
    static void renderBody(QByteArray &out, const SimObject &node);
    // The Table cells 1.20's printNode computes besides Name and Age, each a JSON string:
    // Status, Roles, Version, Internal-IP, External-IP, OS-Image, Kernel-Version,
    // Container-Runtime.
    static QList<QByteArray> cells(const SimObject &node);

    // printNode's Status: "Ready" or "Not<Ready>" from the Ready condition's status, "Unknown"
    // without one, then ",SchedulingDisabled" for an unschedulable node.
    static QByteArray statusText(const QByteArray &readyStatus, bool unschedulable);
    // findNodeRoles: the names after "node-role.kubernetes.io/" and the value of
    // "kubernetes.io/role", sorted, without duplicates, joined with ','; "<none>" when none.
    static QByteArray rolesText(const QList<QPair<QByteArray, QByteArray>> &labels);
};
