#!/usr/bin/env python3
"""A real Kubernetes 1.20.2 control plane on loopback for the realcluster tests.

  plane.py start DIR     etcd, kube-apiserver and kube-controller-manager in DIR (made anew),
                         seeded; writes DIR/env (KEY=VALUE lines, docs/realcluster.md)
  plane.py stop DIR      kills exactly the processes started here (by pid) and removes DIR
  plane.py CONTROL DIR   kill-apiserver | start-apiserver | restart-apiserver | restart-etcd |
                         pause-apiserver | resume-apiserver | churn [N] | compact | wait-ready

Only the standard library; binaries come from scripts/realk8s/control-plane.sh.
"""

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time

# The clone may be read-only (CI): no __pycache__ beside the scripts.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import planeapi  # noqa: E402
import seed  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
COMPONENTS = ("etcd", "kube-apiserver", "kube-controller-manager")


def log(message):
    print(f"realk8s: {message}", file=sys.stderr, flush=True)


def free_port():
    """A free loopback port below the ephemeral range: a port the kernel hands out to outgoing
    connections could be taken by one while its server restarts."""
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        ephemeral_low = int(f.read().split()[0])
    while True:
        port = random.randrange(10000, ephemeral_low)
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue


def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_certificates(d):
    """A CA, the apiserver's serving certificate for 127.0.0.1 and localhost, service-account keys."""
    pki = os.path.join(d, "pki")
    os.makedirs(pki)
    p = lambda name: os.path.join(pki, name)  # noqa: E731
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        "-subj", "/CN=kubeglass-realk8s-ca", "-keyout", p("ca.key"), "-out", p("ca.crt"))
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=kube-apiserver",
        "-keyout", p("apiserver.key"), "-out", p("apiserver.csr"))
    with open(p("apiserver.ext"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n"
                "extendedKeyUsage=serverAuth\nkeyUsage=digitalSignature,keyEncipherment\n")
    run("openssl", "x509", "-req", "-in", p("apiserver.csr"), "-CA", p("ca.crt"),
        "-CAkey", p("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", p("apiserver.ext"),
        "-out", p("apiserver.crt"))
    run("openssl", "genrsa", "-out", p("sa.key"), "2048")
    run("openssl", "rsa", "-in", p("sa.key"), "-pubout", "-out", p("sa.pub"))
    return pki


def kubeconfig(path, server, ca, user, token, namespace):
    # JSON is YAML: kubectl and Kubeglass read it as a kubeconfig.
    config = {
        "apiVersion": "v1", "kind": "Config", "current-context": "realk8s",
        "clusters": [{"name": "realk8s", "cluster": {"server": server, "certificate-authority": ca}}],
        "users": [{"name": user, "user": {"token": token}}],
        "contexts": [{"name": "realk8s",
                      "context": {"cluster": "realk8s", "user": user, "namespace": namespace}}],
    }
    with open(path, "w") as f:
        json.dump(config, f, indent=1)
    os.chmod(path, 0o600)


class Plane:
    def __init__(self, d):
        self.dir = os.path.abspath(d)
        self.state_path = os.path.join(self.dir, "state.json")

    def load(self):
        with open(self.state_path) as f:
            self.state = json.load(f)
        return self

    def save(self):
        tmp = self.state_path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(self.state, f, indent=1)
        os.replace(tmp, self.state_path)
        self.write_env()

    def write_env(self):
        s = self.state
        env = {
            "DIR": self.dir, "SERVER": s["server"], "CA": s["ca"],
            "ADMIN_TOKEN": s["adminToken"], "VIEWER_TOKEN": s["viewerToken"],
            "ADMIN_KUBECONFIG": s["adminKubeconfig"], "VIEWER_KUBECONFIG": s["viewerKubeconfig"],
            "VIEWER_NAMESPACE": s["viewerNamespace"],
            "OTHER_NAMESPACES": ",".join(s["otherNamespaces"]),
            "ETCD_URL": s["etcdUrl"], "ETCD_PID": s["pids"].get("etcd", 0),
            "APISERVER_PID": s["pids"].get("kube-apiserver", 0),
            "CONTROLLER_MANAGER_PID": s["pids"].get("kube-controller-manager", 0),
            "CONTROL": f"{sys.executable} {os.path.abspath(__file__)}",
            "SEEDED_PODS": s.get("seededPods", 0),
        }
        # The tokens alone, one a line, for the credential scan (tests/security) after the tests.
        with open(os.path.join(self.dir, "credentials.txt"), "w") as f:
            os.chmod(f.name, 0o600)
            f.write("# realk8s plane tokens (random per start)\n")
            f.write("".join(s[key] + "\n" for key in ("adminToken", "viewerToken", "kcmToken")))
        tmp = os.path.join(self.dir, "env.tmp")
        with open(tmp, "w") as f:
            for key, value in env.items():
                f.write(f"KUBEGLASS_REALK8S_{key}={value}\n")
        os.chmod(tmp, 0o600)
        os.replace(tmp, os.path.join(self.dir, "env"))

    def api(self, token=None):
        return planeapi.Api(self.state["server"], self.state["ca"],
                            token or self.state["adminToken"])

    # ---- processes ------------------------------------------------------------------------
    def launch(self, name):
        command = self.state["commands"][name]
        logfile = open(os.path.join(self.dir, "logs", name + ".log"), "ab")
        # A session of its own: CTest's setup step ends while the plane keeps running.
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=logfile,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        logfile.close()
        self.state["pids"][name] = process.pid
        self.save()
        return process.pid

    def ours(self, name):
        """The pid of our component if it still runs that binary (a pid may be reused)."""
        pid = self.state["pids"].get(name, 0)
        if not pid:
            return 0
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv0 = f.read().split(b"\0")[0].decode()
        except OSError:
            return 0
        return pid if argv0 == self.state["commands"][name][0] else 0

    def kill(self, name, sig=signal.SIGKILL):
        pid = self.ours(name)
        if pid:
            os.kill(pid, sig)
            if sig in (signal.SIGKILL, signal.SIGTERM):
                self.reap(pid)
        if sig in (signal.SIGKILL, signal.SIGTERM):
            self.state["pids"][name] = 0
            self.save()

    @staticmethod
    def reap(pid, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.waitpid(pid, os.WNOHANG)  # ours only if this process started it
            except ChildProcessError:
                pass
            try:
                with open(f"/proc/{pid}/stat") as f:
                    if f.read().split(") ")[-1].startswith("Z"):
                        return
            except OSError:
                return
            time.sleep(0.05)

    def start_apiserver(self, attempts=5):
        """Starts the apiserver and waits until it is ready. Its port can still be held for a
        moment by the one just killed: then it exits at once and is started again."""
        log_path = os.path.join(self.dir, "logs", "kube-apiserver.log")
        for attempt in range(attempts):
            log_size = os.path.getsize(log_path) if os.path.exists(log_path) else 0
            self.launch("kube-apiserver")
            try:
                return self.wait_apiserver()
            except RuntimeError:
                with open(log_path, "rb") as f:
                    f.seek(log_size)
                    in_use = b"address already in use" in f.read()
                if not in_use or attempt == attempts - 1:
                    raise
                log("the apiserver's port is still in use; starting it again")
                time.sleep(1)

    def wait_apiserver(self, timeout=90):
        api = self.api()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.ours("kube-apiserver"):
                raise RuntimeError("kube-apiserver exited; see " + self.dir + "/logs")
            try:
                if api.request("GET", "/readyz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("kube-apiserver not ready in time")

    def wait_etcd(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if planeapi.etcd_health(self.state["etcdUrl"]):
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("etcd not healthy in time")


def start(d, binaries):
    started = time.monotonic()
    if os.path.exists(d):
        stop(d)
    os.makedirs(os.path.join(d, "logs"))
    plane = Plane(d)
    pki = make_certificates(plane.dir)
    etcd_port, peer_port, api_port = free_port(), free_port(), free_port()
    server = f"https://127.0.0.1:{api_port}"
    tokens = {name: planeapi.new_token() for name in ("admin", "viewer", "kcm")}
    with open(os.path.join(pki, "tokens.csv"), "w") as f:
        f.write(f'{tokens["admin"]},admin,1001,"system:masters"\n'
                f'{tokens["viewer"]},viewer,1002\n'
                f'{tokens["kcm"]},system:kube-controller-manager,1003,"system:masters"\n')
    os.chmod(os.path.join(pki, "tokens.csv"), 0o600)
    ca = os.path.join(pki, "ca.crt")
    viewer_namespace, others = seed.VIEWER_NAMESPACE, seed.OTHER_NAMESPACES
    admin_kc = os.path.join(plane.dir, "admin.kubeconfig")
    viewer_kc = os.path.join(plane.dir, "viewer.kubeconfig")
    kcm_kc = os.path.join(plane.dir, "kcm.kubeconfig")
    kubeconfig(admin_kc, server, ca, "admin", tokens["admin"], "default")
    kubeconfig(viewer_kc, server, ca, "viewer", tokens["viewer"], viewer_namespace)
    kubeconfig(kcm_kc, server, ca, "kcm", tokens["kcm"], "default")
    etcd_url = f"http://127.0.0.1:{etcd_port}"
    peer_url = f"http://127.0.0.1:{peer_port}"
    commands = {
        "etcd": ["/usr/bin/etcd", "--name", "realk8s", "--data-dir", os.path.join(plane.dir, "etcd"),
                 "--listen-client-urls", etcd_url, "--advertise-client-urls", etcd_url,
                 "--listen-peer-urls", peer_url, "--initial-advertise-peer-urls", peer_url,
                 "--initial-cluster", f"realk8s={peer_url}", "--log-level", "warn"],
        "kube-apiserver": [
            os.path.join(binaries, "kube-apiserver"), "--etcd-servers", etcd_url,
            "--bind-address", "127.0.0.1", "--advertise-address", "127.0.0.1",
            "--secure-port", str(api_port), "--insecure-port", "0",
            "--cert-dir", os.path.join(plane.dir, "apiserver-certs"),
            "--tls-cert-file", os.path.join(pki, "apiserver.crt"),
            "--tls-private-key-file", os.path.join(pki, "apiserver.key"),
            "--token-auth-file", os.path.join(pki, "tokens.csv"),
            "--authorization-mode", "RBAC",
            "--service-account-issuer", "https://kubernetes.default.svc",
            "--api-audiences", "https://kubernetes.default.svc",
            "--service-account-key-file", os.path.join(pki, "sa.pub"),
            "--service-account-signing-key-file", os.path.join(pki, "sa.key"),
            "--service-cluster-ip-range", "10.96.0.0/16",
            "--endpoint-reconciler-type", "none", "--etcd-compaction-interval", "1m",
            # -v 3 logs every request with its status (httplog): tests read what happened.
            "--profiling=false", "--v", "3"],
        "kube-controller-manager": [
            os.path.join(binaries, "kube-controller-manager"), "--kubeconfig", kcm_kc,
            "--controllers", "*,-nodelifecycle", "--leader-elect=false",
            "--service-account-private-key-file", os.path.join(pki, "sa.key"),
            "--root-ca-file", ca, "--port", "0", "--secure-port", "0",
            "--concurrent-deployment-syncs", "2", "--v", "1"],
    }
    plane.state = {
        "server": server, "ca": ca, "etcdUrl": etcd_url, "adminToken": tokens["admin"],
        "viewerToken": tokens["viewer"], "kcmToken": tokens["kcm"], "adminKubeconfig": admin_kc,
        "viewerKubeconfig": viewer_kc, "viewerNamespace": viewer_namespace,
        "otherNamespaces": others, "commands": commands, "pids": {}, "timings": {},
    }
    plane.save()
    plane.launch("etcd")
    plane.wait_etcd()
    plane.start_apiserver()
    plane.launch("kube-controller-manager")
    ready = time.monotonic() - started
    log(f"control plane ready in {ready:.1f} s at {server}")
    seeding = time.monotonic()
    counts = seed.seed(plane.api())
    seeded = time.monotonic() - seeding
    plane.state["seededPods"] = counts["pods"]
    plane.state["timings"] = {"readySeconds": round(ready, 1), "seedSeconds": round(seeded, 1),
                              "podsPerSecond": counts["seededPodsPerSecond"]}
    plane.save()
    log(f"seeded {counts} in {seeded:.1f} s (pods with their status: "
        f"{counts['seededPodsPerSecond']:.0f} pods/s); env file {os.path.join(plane.dir, 'env')}")


def stop(d):
    d = os.path.abspath(d)
    try:
        plane = Plane(d).load()
    except (OSError, ValueError):
        plane = None
    if plane:
        for name in reversed(COMPONENTS):
            pid = plane.ours(name)
            if pid:
                os.kill(pid, signal.SIGCONT)  # a paused apiserver must see its SIGTERM
                os.kill(pid, signal.SIGTERM)
        for name in reversed(COMPONENTS):
            pid = plane.ours(name)
            if pid:
                Plane.reap(pid, timeout=10)
                if plane.ours(name):
                    os.kill(pid, signal.SIGKILL)
                    Plane.reap(pid)
    # Only a folder this script made (it holds state.json or logs/) is removed.
    if os.path.isdir(d) and (os.path.exists(os.path.join(d, "state.json"))
                             or os.path.isdir(os.path.join(d, "logs"))):
        subprocess.run(["rm", "-rf", "--one-file-system", d], check=True)


def control(action, d, args):
    plane = Plane(d).load()
    if action == "kill-apiserver":
        plane.kill("kube-apiserver")
    elif action == "start-apiserver":
        plane.start_apiserver()
    elif action == "restart-apiserver":
        plane.kill("kube-apiserver")
        plane.start_apiserver()
    elif action == "restart-etcd":
        plane.kill("etcd", signal.SIGTERM)
        plane.launch("etcd")
        plane.wait_etcd()
        plane.wait_apiserver()
    elif action == "pause-apiserver":
        plane.kill("kube-apiserver", signal.SIGSTOP)
    elif action == "resume-apiserver":
        plane.kill("kube-apiserver", signal.SIGCONT)
    elif action == "churn":
        print(json.dumps(seed.churn(plane.api(), int(args[0]) if args else 60)))
    elif action == "compact":
        # Compacts etcd at its current revision, as the apiserver's compactor would a minute on.
        print(planeapi.etcd_compact(plane.state["etcdUrl"]))
    elif action == "wait-ready":
        plane.wait_apiserver()
    else:
        raise SystemExit(f"unknown command {action}\n{__doc__}")


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    action, d = argv[1], argv[2]
    if action == "start":
        binaries = subprocess.run([os.path.join(HERE, "control-plane.sh")], check=True,
                                  stdout=subprocess.PIPE, text=True).stdout.strip()
        try:
            start(d, binaries)
        except Exception:
            for name in ("kube-apiserver", "etcd", "kube-controller-manager"):
                path = os.path.join(d, "logs", name + ".log")
                if os.path.exists(path):
                    with open(path, errors="replace") as f:
                        log(f"last lines of {name}.log:\n" + "".join(f.readlines()[-15:]))
            stop(d)
            raise
    elif action == "stop":
        stop(d)
    else:
        control(action, d, argv[3:])


if __name__ == "__main__":
    main(sys.argv)
