#pragma once

#include "sim/SimObject.h"

#include <QByteArray>
#include <QList>
#include <QPair>

// A simulated Service's spec, the one source of its object and of its Table row, so that the
// two agree: type ClusterIP, a cluster IP drawn from its uid, one port "http" 80/TCP to the
// pods' 8080, and the selector app=<its name> (the pods of the Deployment or StatefulSet it is
// named after, as SimEndpointSlices lists them). No simulated Service lacks a selector.
class SimServices
{
public:
    struct Port
    {
        QByteArray name;
        QByteArray protocol;
        int port = 0;
        int targetPort = 0;
        int nodePort = 0; // 0: none, as on a ClusterIP Service
    };
    using Labels = QList<QPair<QByteArray, QByteArray>>;

    static QByteArray type(const SimObject &) { return "ClusterIP"; }
    static QByteArray clusterIp(const SimObject &service);
    static QList<Port> ports(const SimObject &service);
    static Labels selector(const SimObject &service);

    // `,"spec":{...},"status":{...}` from the fields above.
    static void renderBody(QByteArray &out, const SimObject &service);
    // The Table cells 1.20's printService computes besides Name and Age, each a JSON string:
    // Type, Cluster-IP, External-IP, Port(s), Selector.
    static QList<QByteArray> cells(const SimObject &service);

    // printers.go's makePortString: "80/TCP", "80:30080/TCP" with a node port, joined with
    // ','; printService's "<none>" when there are no ports.
    static QByteArray portsText(const QList<Port> &ports);
    // labels.FormatLabels: "k=v" sorted by key, joined with ','; "<none>" when empty.
    static QByteArray labelsText(Labels labels);
};
