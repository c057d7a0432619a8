"""HTTP to the realk8s plane: the apiserver (TLS, bearer token) and etcd's gRPC gateway."""

import base64
import http.client
import json
import secrets
import ssl
import threading
import urllib.parse
import urllib.request


def new_token():
    return secrets.token_hex(24)


class ApiError(Exception):
    def __init__(self, method, path, status, body):
        super().__init__(f"{method} {path}: {status} {body[:300]!r}")
        self.status = status


class Api:
    """One keep-alive connection per thread: seeding runs in a thread pool."""

    def __init__(self, server, ca, token):
        url = urllib.parse.urlsplit(server)
        self.host, self.port = url.hostname, url.port
        self.context = ssl.create_default_context(cafile=ca)
        self.token = token
        self.local = threading.local()

    def connection(self):
        if getattr(self.local, "connection", None) is None:
            self.local.connection = http.client.HTTPSConnection(
                self.host, self.port, context=self.context, timeout=30)
        return self.local.connection

    def request(self, method, path, body=None, content_type="application/json"):
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json",
                   "User-Agent": "kubeglass-realk8s-fixture"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = content_type
        for attempt in range(2):
            try:
                connection = self.connection()
                connection.request(method, path, body=data, headers=headers)
                response = connection.getresponse()
                text = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.local.connection = None  # the server closed a kept-alive connection
                if attempt == 1:
                    raise
        try:
            parsed = json.loads(text) if text else None
        except ValueError:
            parsed = None
        return response.status, parsed

    def call(self, method, path, body=None, ok=(200, 201), content_type="application/json"):
        status, parsed = self.request(method, path, body, content_type)
        if status not in ok:
            raise ApiError(method, path, status, json.dumps(parsed))
        return parsed


def _etcd(url, path, body):
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def etcd_health(url):
    with urllib.request.urlopen(url + "/health", timeout=2) as response:
        return json.loads(response.read()).get("health") == "true"


def etcd_compact(url):
    """Compacts etcd to its current revision; returns that revision."""
    revision = int(_etcd(url, "/v3/kv/range",
                         {"key": base64.b64encode(b"/").decode()})["header"]["revision"])
    _etcd(url, "/v3/kv/compaction", {"revision": revision, "physical": True})
    return revision
