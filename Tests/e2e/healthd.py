"""A real healthd for the end-to-end tests: the built executable on a temporary store and a free port, and the
owner's and apps' HTTP calls to it (standard library only)."""

import json
import os
import plistlib
import queue
import re
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# How long a test waits for one answer (a page to load, an HTTP response to arrive) before it fails: far above an
# honest run, so that only a hang fails (a quiet run loads its slowest page in under a second; beside stress-ng a
# Summary page on PostgreSQL once took more than the minute allowed before), and Scripts/test's watchdog bounds the
# pass even then.
PATIENCE = 600


def stop_process(process):
    """Asks a child process to end (SIGTERM), and kills it when it has not within 30 s."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()


class OutputLines:
    """Everything a child process prints, read by a thread of its own from its start: waiting for a line then has a
    deadline, and never blocks on a read that might not end."""

    def __init__(self, process):
        self.lines = []
        self._fresh = queue.Queue()
        threading.Thread(target=self._drain, args=(process,), daemon=True).start()

    def _drain(self, process):
        for line in process.stdout:
            self.lines.append(line)
            self._fresh.put(line)
        self._fresh.put(None)

    def wait_for(self, pattern, seconds=PATIENCE):
        """The match of the first line matching `pattern` printed within `seconds`; None when the process closed
        its output (it exited) or the time ran out first."""
        deadline = time.time() + seconds
        while True:
            try:
                line = self._fresh.get(timeout=max(0.0, deadline - time.time()))
            except queue.Empty:
                return None
            if line is None:
                return None
            match = re.search(pattern, line)
            if match:
                return match


class Answer:
    def __init__(self, status, body, headers):
        self.status = status
        self.body = body
        self.headers = headers

    @property
    def json(self):
        return json.loads(self.body.decode("utf-8")) if self.body else None

    def __repr__(self):
        return f"<{self.status} {self.body[:200]!r}>"


class Healthd:
    """`healthd --port 0 --store <temporary>/health.sqlite`, stopped with SIGTERM; with `database` (a PostgreSQL
    URL, its password in `environment`'s PGPASSWORD), `--database` too: the data lives there."""

    def __init__(self, binary=None, environment=None, database=None):
        self.binary = binary or os.environ.get("HEALTHD_BINARY") or str(ROOT / ".build" / "debug" / "healthd")
        if not Path(self.binary).exists():
            raise RuntimeError(f"{self.binary} is missing: build it with `swift build --product healthd` (Scripts/e2e does)")
        self.directory = tempfile.mkdtemp(prefix="healthd-e2e-")
        self.store = os.path.join(self.directory, "health.sqlite")
        # healthd ends itself once this test process is gone, however it ended (Sources/healthd/ParentWatch.swift).
        self.environment = dict(os.environ, OPENHEALTHKIT_EXIT_WITH_PARENT="1")
        self.environment.update(environment or {})
        # The PostgreSQL URL the data lives in, or None for the SQLite store.
        self.database = database
        self.arguments = ["--database", database] if database else []
        self._start("0")
        with open(self.store + ".owner-secret", encoding="utf-8") as file:
            self.owner_secret = file.read().strip()

    def _start(self, port):
        self.process = subprocess.Popen(
            [self.binary, "--port", port, "--store", self.store] + self.arguments,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=self.environment, text=True)
        self.output = OutputLines(self.process)
        match = self.output.wait_for(r"(http://127\.0\.0\.1:\d+)/")
        if not match:
            self.process.kill()
            raise RuntimeError("healthd did not print its address:\n" + "".join(self.output.lines))
        self.banner = match.string
        self.address = match.group(1)

    @property
    def hk(self):
        """The built `hk`, beside healthd."""
        return str(Path(self.binary).parent / "hk")

    @property
    def store_arguments(self):
        """What `hk` needs to open the store this healthd serves: its SQLite file, and its PostgreSQL database if
        it has one (the password is in `environment`)."""
        return ["--store", self.store] + self.arguments

    def import_fixture(self, name="Synthetic/everything"):
        """`hk import` of a fixture export (Tests/OpenHealthKitExchangeTests/Fixtures/<name>) into this store."""
        result = subprocess.run(
            [self.hk, "import", str(ROOT / "Tests/OpenHealthKitExchangeTests/Fixtures" / name), *self.store_arguments,
             "--quiet"], capture_output=True, text=True, env=self.environment, timeout=PATIENCE)
        assert result.returncode == 0, result.stderr

    def restart_after_kill(self):
        """SIGKILL (healthd stops in the middle of whatever it does), then starts again on the same store and port."""
        port = self.address.rsplit(":", 1)[1]
        self.process.kill()
        self.process.wait(timeout=30)
        self._start(port)

    def stop(self):
        stop_process(self.process)

    # HTTP

    def call(self, method, path, token=None, body=None, headers=None, timeout=PATIENCE):
        data = None
        request_headers = dict(headers or {})
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            request_headers["Content-Type"] = "application/json"
        if token:
            request_headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.address + path, data=data, method=method, headers=request_headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Answer(response.status, response.read(), response.headers)
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.read(), error.headers)

    def owner(self, method, path, body=None):
        return self.call(method, path, token=self.owner_secret, body=body)

    def register(self, bundle_identifier, name, read_reason, write_reason, background_delivery=False):
        """Registers an app from its property lists, as the owner does; returns its credential."""
        info = plistlib.dumps({
            "CFBundleIdentifier": bundle_identifier, "CFBundleName": name, "CFBundleVersion": "3",
            "NSHealthShareUsageDescription": read_reason, "NSHealthUpdateUsageDescription": write_reason,
        }).decode("utf-8")
        granted = {"com.apple.developer.healthkit": True}
        if background_delivery:
            granted["com.apple.developer.healthkit.background-delivery"] = True
        entitlements = plistlib.dumps(granted).decode("utf-8")
        answer = self.owner("POST", "/v1/owner/apps", {"infoPlist": info, "entitlements": entitlements})
        assert answer.status == 201, answer
        return answer.json["credential"]


class App:
    """An app calling healthd with its credential, as HKHealthStore's remote backend does."""

    def __init__(self, healthd, credential):
        self.healthd = healthd
        self.credential = credential

    def call(self, method, path, body=None):
        return self.healthd.call(method, path, token=self.credential, body=body)

    def request_authorization(self, to_share, to_read):
        """requestAuthorization: asks, and keeps asking while the owner has not answered (202)."""
        body = {"toShare": to_share, "toRead": to_read}
        while True:
            answer = self.call("POST", "/v1/authorization/request?wait=20", body)
            if answer.status != 202:
                return answer

    def status(self, type_name):
        answer = self.call("GET", "/v1/authorization/status?type=" + type_name)
        assert answer.status == 200, answer
        return answer.json["name"]

    def save_quantity(self, type_name, value, unit, start, end):
        return self.call("POST", "/v1/samples", {"objects": [{
            "uuid": str(__import__("uuid").uuid4()).upper(), "type": type_name, "startDate": start, "endDate": end,
            "quantity": {"value": value, "unit": unit},
        }]})

    def samples(self, type_name):
        answer = self.call("POST", "/v1/queries/samples", {"type": type_name})
        assert answer.status == 200, answer
        return answer.json["samples"]
