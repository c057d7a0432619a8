"""Seeds the realk8s plane through the API, as a kubelet and users would, and makes churn."""

import concurrent.futures
import os
import time

VIEWER_NAMESPACE = "team-view"
OTHER_NAMESPACES = ["team-a", "team-b", "batch"]
# The benchmarks seed more (bench/realcluster-sync-benchmark.sh); the tests keep the default.
PODS_PER_NAMESPACE = int(os.environ.get("KUBEGLASS_REALK8S_PODS_PER_NAMESPACE", "75"))
NODES = ["node-1", "node-2", "node-3"]
CRD_GROUP, CRD_PLURAL = "demo.kubeglass.io", "widgets"
THREADS = 8


def now():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def container_status(kind, restarts):
    base = {"name": "app", "image": "registry.example/app:1.0", "imageID": "",
            "restartCount": restarts, "ready": kind == "running", "started": kind == "running"}
    if kind == "running":
        base["state"] = {"running": {"startedAt": now()}}
        base["containerID"] = "containerd://" + "0" * 64
    elif kind == "crashloop":
        base["state"] = {"waiting": {"reason": "CrashLoopBackOff",
                                     "message": "back-off 5m0s restarting failed container"}}
        base["lastState"] = {"terminated": {"exitCode": 1, "reason": "Error",
                                            "startedAt": now(), "finishedAt": now()}}
    elif kind == "imagepull":
        base["state"] = {"waiting": {"reason": "ImagePullBackOff",
                                     "message": "Back-off pulling image"}}
    elif kind in ("succeeded", "failed"):
        code = 0 if kind == "succeeded" else 2
        base["state"] = {"terminated": {"exitCode": code,
                                        "reason": "Completed" if code == 0 else "Error",
                                        "startedAt": now(), "finishedAt": now()}}
    return base


def pod_status(kind, index, restarts=0):
    """A status as a kubelet reports it, for kind in running/crashloop/imagepull/succeeded/failed."""
    phase = {"running": "Running", "crashloop": "Running", "imagepull": "Pending",
             "succeeded": "Succeeded", "failed": "Failed"}[kind]
    ready = "True" if kind == "running" else "False"
    return {
        "phase": phase, "hostIP": f"192.168.0.{10 + index % 3}",
        "podIP": f"10.244.{index // 250}.{index % 250 + 1}", "startTime": now(),
        "qosClass": "BestEffort",
        "conditions": [
            {"type": "Initialized", "status": "True", "lastTransitionTime": now()},
            {"type": "Ready", "status": ready, "lastTransitionTime": now()},
            {"type": "ContainersReady", "status": ready, "lastTransitionTime": now()},
            {"type": "PodScheduled", "status": "True", "lastTransitionTime": now()},
        ],
        "containerStatuses": [container_status(kind, restarts)],
    }


# One pod in 20 is left Pending (never scheduled), the rest share out as below.
KINDS = ["running"] * 12 + ["crashloop", "crashloop", "imagepull", "succeeded", "succeeded",
                            "failed", "running", "pending"]


def pod(namespace, name, index, labels):
    spec = {"containers": [{"name": "app", "image": "registry.example/app:1.0"}],
            "automountServiceAccountToken": False, "terminationGracePeriodSeconds": 0}
    if KINDS[index % len(KINDS)] != "pending":
        spec["nodeName"] = NODES[index % len(NODES)]
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name, "namespace": namespace, "labels": labels}, "spec": spec}


def create_pod(api, namespace, name, index, labels):
    created = api.call("POST", f"/api/v1/namespaces/{namespace}/pods",
                       pod(namespace, name, index, labels))
    kind = KINDS[index % len(KINDS)]
    if kind == "pending":
        return
    created["status"] = pod_status(kind, index, restarts=7 if kind == "crashloop" else 0)
    api.call("PUT", f"/api/v1/namespaces/{namespace}/pods/{name}/status", created)


def ensure(api, path, body):
    api.call("POST", path, body, ok=(200, 201, 409))


def node(name):
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name,
                                                  "kubernetes.io/os": "linux"}}}


def node_status(name, index):
    resources = {"cpu": "8", "memory": "32Gi", "pods": "110", "ephemeral-storage": "100Gi"}
    return {
        "capacity": resources, "allocatable": dict(resources, cpu="7800m", memory="31Gi"),
        "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                        "message": "kubelet is posting ready status",
                        "lastHeartbeatTime": now(), "lastTransitionTime": now()}],
        "addresses": [{"type": "InternalIP", "address": f"192.168.0.{10 + index}"},
                      {"type": "Hostname", "address": name}],
        "nodeInfo": {"kubeletVersion": "v1.20.2", "kubeProxyVersion": "v1.20.2",
                     "operatingSystem": "linux", "architecture": "amd64",
                     "containerRuntimeVersion": "containerd://1.6.20", "osImage": "Debian 12",
                     "kernelVersion": "6.1.0", "machineID": "", "systemUUID": "", "bootID": ""},
    }


def crd():
    return {
        "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": f"{CRD_PLURAL}.{CRD_GROUP}"},
        "spec": {
            "group": CRD_GROUP, "scope": "Namespaced",
            "names": {"plural": CRD_PLURAL, "singular": "widget", "kind": "Widget",
                      "shortNames": ["wdg"]},
            "versions": [{
                "name": "v1", "served": True, "storage": True,
                "schema": {"openAPIV3Schema": {"type": "object", "properties": {
                    "spec": {"type": "object", "properties": {
                        "size": {"type": "integer"}, "color": {"type": "string"}}},
                    "status": {"type": "object", "properties": {"state": {"type": "string"}}}}}},
                "subresources": {"status": {}},
                "additionalPrinterColumns": [
                    {"name": "Size", "type": "integer", "jsonPath": ".spec.size"},
                    {"name": "Color", "type": "string", "jsonPath": ".spec.color"},
                    {"name": "State", "type": "string", "jsonPath": ".status.state"},
                    {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"}],
            }],
        },
    }


def wait_for(check, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.2)
    raise RuntimeError(f"timed out waiting for {what}")


def seed(api):
    namespaces = [VIEWER_NAMESPACE] + OTHER_NAMESPACES
    ensure(api, "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd())
    for ns in namespaces:
        ensure(api, "/api/v1/namespaces", {"metadata": {"name": ns, "labels": {"team": ns}}})
        # The ServiceAccount admission plugin needs it before the first pod; the controller
        # manager would make it a moment later.
        ensure(api, f"/api/v1/namespaces/{ns}/serviceaccounts", {"metadata": {"name": "default"}})
    for index, name in enumerate(NODES):
        ensure(api, "/api/v1/nodes", node(name))
        current = api.call("GET", f"/api/v1/nodes/{name}")
        current["status"] = node_status(name, index)
        api.call("PUT", f"/api/v1/nodes/{name}/status", current)
    # The viewer may get, list and watch pods in its namespace and nothing else.
    ensure(api, f"/apis/rbac.authorization.k8s.io/v1/namespaces/{VIEWER_NAMESPACE}/roles",
           {"metadata": {"name": "pod-viewer"},
            "rules": [{"apiGroups": [""], "resources": ["pods"],
                       "verbs": ["get", "list", "watch"]}]})
    ensure(api, f"/apis/rbac.authorization.k8s.io/v1/namespaces/{VIEWER_NAMESPACE}/rolebindings",
           {"metadata": {"name": "viewer-pod-viewer"},
            "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role",
                        "name": "pod-viewer"},
            "subjects": [{"apiGroup": "rbac.authorization.k8s.io", "kind": "User",
                          "name": "viewer"}]})
    jobs = []
    for ns in namespaces:
        for i in range(PODS_PER_NAMESPACE):
            app = ["web", "api", "worker", "cron"][i % 4]
            jobs.append((ns, f"{app}-{i:03d}", len(jobs), {"app": app, "seed": "true"}))
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        list(pool.map(lambda job: create_pod(api, *job), jobs))
        pod_seconds = time.monotonic() - started
        for ns in namespaces:
            for i in range(3):
                pool.submit(ensure, api, f"/api/v1/namespaces/{ns}/services", {
                    "metadata": {"name": f"svc-{i}"},
                    "spec": {"selector": {"app": ["web", "api", "worker"][i]},
                             "ports": [{"port": 80 + i, "targetPort": 8080}]}})
                pool.submit(ensure, api, f"/api/v1/namespaces/{ns}/configmaps", {
                    "metadata": {"name": f"config-{i}"}, "data": {"key": f"value-{i}"}})
    # A real Deployment: the controller manager makes its ReplicaSet and pods.
    ensure(api, "/apis/apps/v1/namespaces/team-a/deployments", {
        "metadata": {"name": "frontend"},
        "spec": {"replicas": 3, "selector": {"matchLabels": {"app": "frontend"}},
                 "template": {"metadata": {"labels": {"app": "frontend"}},
                              "spec": {"automountServiceAccountToken": False,
                                       "terminationGracePeriodSeconds": 0,
                                       "containers": [{"name": "app",
                                                       "image": "registry.example/web:2"}]}}}})
    wait_for(lambda: any(c["type"] == "Established" and c["status"] == "True" for c in api.call(
        "GET", f"/apis/apiextensions.k8s.io/v1/customresourcedefinitions/{CRD_PLURAL}.{CRD_GROUP}"
    ).get("status", {}).get("conditions", [])), "the CRD to be established")
    for ns in namespaces[:2]:
        for i in range(4):
            ensure(api, f"/apis/{CRD_GROUP}/v1/namespaces/{ns}/{CRD_PLURAL}", {
                "apiVersion": f"{CRD_GROUP}/v1", "kind": "Widget",
                "metadata": {"name": f"widget-{i}"},
                "spec": {"size": i + 1, "color": ["red", "green", "blue", "amber"][i]}})
    deployment_pods = wait_for_deployment_pods(api)
    return {"namespaces": len(namespaces), "pods": len(jobs) + deployment_pods,
            "nodes": len(NODES), "widgets": 8,
            "seededPodsPerSecond": round(len(jobs) / pod_seconds, 1)}


def wait_for_deployment_pods(api):
    """Waits for the frontend Deployment's pods and reports them running, as a kubelet would."""
    path = "/api/v1/namespaces/team-a/pods?labelSelector=app%3Dfrontend"
    wait_for(lambda: len(api.call("GET", path)["items"]) == 3, "the Deployment's pods", 60)
    for index, item in enumerate(api.call("GET", path)["items"]):
        item["status"] = pod_status("running", index)
        api.call("PUT", f"/api/v1/namespaces/team-a/pods/{item['metadata']['name']}/status",
                 item, ok=(200, 201, 409))
    return 3


def churn(api, count):
    """count changes of several kinds in namespace batch: new pods, relabelled pods, deletions,
    status changes and configmaps; returns what it did."""
    done = {"created": 0, "modified": 0, "deleted": 0}
    stamp = int(time.time() * 1000) % 10**8
    existing = [item["metadata"]["name"] for item in
                api.call("GET", "/api/v1/namespaces/batch/pods?labelSelector=seed%3Dtrue")["items"]]

    def change(i):
        kind = i % 4
        if kind == 0:
            create_pod(api, "batch", f"churn-{stamp}-{i}", i, {"app": "churn"})
            return "created"
        if kind == 3 and existing:
            name = existing[(i * 7) % len(existing)]
            status, _ = api.request("DELETE", f"/api/v1/namespaces/batch/pods/{name}",
                                    {"gracePeriodSeconds": 0})
            return "deleted" if status in (200, 202) else "modified"
        if kind == 2:
            ensure(api, "/api/v1/namespaces/batch/configmaps",
                   {"metadata": {"name": f"churn-{stamp}-{i}"}, "data": {"i": str(i)}})
            return "created"
        name = existing[(i * 3) % len(existing)] if existing else None
        if name:
            api.request("PATCH", f"/api/v1/namespaces/batch/pods/{name}",
                        {"metadata": {"labels": {"churn": str(i)}}},
                        content_type="application/merge-patch+json")
        return "modified"

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        for result in pool.map(change, range(count)):
            done[result] += 1
    # Last, a write outside pods: etcd's revision then lies past the last pod event, as in a
    # busy cluster, so a pod watch resumed after an apiserver restart is older than the new
    # watch cache and gets 410.
    ensure(api, "/api/v1/namespaces/batch/configmaps",
           {"metadata": {"name": f"churn-{stamp}-end"}, "data": {"count": str(count)}})
    done["created"] += 1
    return done
