#pragma once

#include "sim/SimObject.h"

#include <QByteArray>

// Renders the kinds SimConfig::moreWorkloads adds (Jobs, CronJobs, StatefulSets, DaemonSets,
// PersistentVolumeClaims, EndpointSlices) as a 1.20.2 kube-apiserver returns them: the fields
// after metadata, and the metadata annotations and finalizers their controllers set.
class SimWorkloadRenderer
{
public:
    // The CronJobs' spec.schedule: daily at 03:00, so that one finished Job stands for the day.
    static constexpr char kCronSchedule[] = "0 3 * * *";
    static constexpr char kClaimSize[] = "1Gi";
    // The time a finished Job ran for (its completionTime - startTime).
    static constexpr qint64 kJobRunMs = 27000;
    static constexpr char kStorageClass[] = "standard";

    // `,"spec":...,"status":...` (an EndpointSlice's addressType, endpoints and ports).
    static void renderBody(QByteArray &out, const SimObject &o);
    // `,"annotations":{...}` for the kinds whose controllers annotate them; nothing otherwise.
    static void renderAnnotations(QByteArray &out, const SimObject &o);
    // `,"finalizers":[...]`: a PersistentVolumeClaim's protection; nothing otherwise.
    static void renderFinalizers(QByteArray &out, const SimObject &o);
    // A StatefulSet's or DaemonSet's controller-revision-hash, as its pods are labelled.
    static QByteArray revisionHash(const SimObject &owner);
    // A bound claim's PersistentVolume ("pvc-<claim uid>").
    static QByteArray volumeName(const SimObject &claim) { return "pvc-" + claim.uid; }

private:
    static void renderJob(QByteArray &out, const SimObject &o);
    static void renderCronJob(QByteArray &out, const SimObject &o);
    static void renderStatefulSet(QByteArray &out, const SimObject &o);
    static void renderDaemonSet(QByteArray &out, const SimObject &o);
    static void renderClaim(QByteArray &out, const SimObject &o);
    static void renderEndpointSlice(QByteArray &out, const SimObject &o);
};
