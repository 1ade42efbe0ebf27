"""schemathesis against a real healthd (docs/SECURITY.md, "healthd answers as its OpenAPI document says").

Starts the built healthd on a temporary store and a free loopback port (as the end-to-end tests do), registers an app
and gives it some data and decisions, then runs schemathesis twice against the document healthd serves at
`/openapi.yaml`: once with the app's credential on the routes apps call, once with the owner secret on the owner's
routes (the public ones in both). While it runs, the owner answers every permission request (allowing it), as a
person at the Health web app would, so that `requestAuthorization` calls return. Every check schemathesis has must
pass: no 5xx, every status, content type, header and body as the document says, schema-invalid input refused with a
4xx, a method a path does not take 405 with `Allow`, every credential checked. Each run is bounded in examples per
operation (`--max-examples`, default 25) and uses a fixed seed, so that a failure replays.

    python3 Tests/schemathesis/run.py [--max-examples N] [--seed N] [--postgresql] [--quick] [schemathesis options...]

With --postgresql healthd keeps its data in a throwaway PostgreSQL server (Tests/e2e/postgres.py) instead of SQLite.
With --quick (what Scripts/test runs) the app's run leaves out schemathesis's coverage phase: its boundary values of
every field of the predicate bodies are about 67,000 requests and 8 minutes, against about 1,100 requests for the
other phases; the owner's run keeps every phase. Without it, the whole of both: run it by hand after a change to a
route or to docs/openapi.yaml.
A run that sent no request to either side fails: it checked nothing.

Needs HEALTHD_BINARY (Scripts/schemathesis sets it) and schemathesis (pip; .ci/run installs the pinned version).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from healthd import ROOT, Healthd  # noqa: E402
from postgres import PostgreSQL  # noqa: E402

APP = "org.example.schemathesis"
REPORTS = ROOT / ".build" / "schemathesis"  # a folder per storage and run, so that both storages can run at once
QUICK_PHASES = "examples,fuzzing,stateful"
# The change stream never ends (a server-sent event stream): a client reading it to the end waits forever. Its
# answers are tested by DaemonChangeStreamTests.
ENDLESS = "/v1/changes/stream"
TYPES = ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBodyMass",
         "HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic",
         "HKCategoryTypeIdentifierSleepAnalysis", "HKCorrelationTypeIdentifierBloodPressure", "HKWorkoutTypeIdentifier"]


def prepare(daemon):
    """Registers the app, decides some of its types and saves a few samples, so that queries have answers."""
    credential = daemon.register(APP, "Schemathesis", "Reads to check.", "Writes to check.", background_delivery=True)
    grants = {name: {"share": "sharingAuthorized", "read": "authorized"} for name in TYPES
              if "Correlation" not in name}
    grants["HKCategoryTypeIdentifierSleepAnalysis"] = {"share": "sharingAuthorized", "read": "denied"}
    answer = daemon.owner("PUT", f"/v1/owner/apps/{APP}/grants", {"grants": grants})
    assert answer.status == 200, answer
    start = 1_700_000_000
    samples = [{"uuid": str(uuid.uuid4()).upper(), "type": "HKQuantityTypeIdentifierHeartRate",
                "startDate": start + 60 * index, "endDate": start + 60 * index,
                "quantity": {"value": 60 + index, "unit": "count/min"},
                "metadata": {"HKWasUserEntered": {"bool": True}}} for index in range(5)]
    samples.append({"uuid": str(uuid.uuid4()).upper(), "type": "HKQuantityTypeIdentifierStepCount",
                    "startDate": start, "endDate": start + 3600, "quantity": {"value": 4000, "unit": "count"}})
    answer = daemon.call("POST", "/v1/samples", token=credential, body={"objects": samples})
    assert answer.status == 200, answer
    answer = daemon.owner("PUT", "/v1/owner/characteristics/HKCharacteristicTypeIdentifierDateOfBirth",
                          {"type": "HKCharacteristicTypeIdentifierDateOfBirth", "value": "1980-04-12"})
    assert answer.status == 200, answer
    return credential


class Owner(threading.Thread):
    """Answers every pending permission request, allowing what it asks, until stopped."""

    def __init__(self, daemon):
        super().__init__(daemon=True)
        self.daemon_ = daemon
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.wait(0.2):
            answer = self.daemon_.owner("GET", "/v1/owner/authorization/pending")
            for request in (answer.json or {}).get("requests", []) if answer.status == 200 else []:
                self.daemon_.owner("POST", f"/v1/owner/authorization/{request['id']}/answer",
                                   {"allowedToShare": request["toShare"], "allowedToRead": request["toRead"]})


def schemathesis(daemon, report, token, filters, arguments):
    """One schemathesis run, its reports in `report`; returns (exit status, requests sent)."""
    name = report.name
    command = ["schemathesis", "run", f"{daemon.address}/openapi.yaml", "--url", daemon.address,
               "--header", f"Authorization: Bearer {token}", "--checks", "all",
               "--exclude-checks", "positive_data_acceptance", "--continue-on-failure", "--exclude-path", ENDLESS,
               "--max-examples", str(arguments.max_examples), "--seed", str(arguments.seed),
               "--request-timeout", "60", "--workers", "1", "--report", "junit,ndjson", "--report-dir", str(report),
               # Hypothesis's "too slow" check times data generation by the clock: on a busy machine it fails a run
               # that checked everything (seen beside other test passes).
               "--suppress-health-check", "too_slow",
               "--no-color", *filters, *arguments.rest]
    print(f"schemathesis ({name}):", " ".join(command).replace(token, "<" + name + " token>"), flush=True)
    started = time.monotonic()
    finished = subprocess.run(command, cwd=report.parent)
    requests = count_requests(report)
    print(f"schemathesis ({name}): {requests} requests in {time.monotonic() - started:.0f} s, "
          f"exit status {finished.returncode}", flush=True)
    return finished.returncode, requests


def count_requests(report):
    """The requests a run sent, from its ndjson events (one interaction per request)."""
    total = 0
    for path in report.glob("*.ndjson"):
        with open(path, encoding="utf-8") as file:
            for line in file:
                total += len(re.findall(r'"request":\s*\{', line)) if '"ScenarioFinished"' in line else 0
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--postgresql", action="store_true", help="healthd's data in a throwaway PostgreSQL server")
    parser.add_argument("--quick", action="store_true", help="the app's run without the coverage phase")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="passed to schemathesis run")
    arguments = parser.parse_args()
    storage = "postgresql" if arguments.postgresql else "sqlite"
    reports = {name: REPORTS / storage / name for name in ("app", "owner")}
    for report in reports.values():
        report.mkdir(parents=True, exist_ok=True)
        for old in report.iterdir():
            old.unlink()
    environment = {"LANG": "en_US.UTF-8", "LC_ALL": "", "TZ": "UTC"}
    server = PostgreSQL() if arguments.postgresql else None
    database = None
    if server:
        database = server.create_database()
        environment["PGPASSWORD"] = server.password
    daemon = Healthd(environment=environment, database=database)
    owner = Owner(daemon)
    try:
        credential = prepare(daemon)
        owner.start()
        app_phases = ["--phases", QUICK_PHASES] if arguments.quick else []
        results = [
            schemathesis(daemon, reports["app"], credential, ["--exclude-tag", "owner", *app_phases], arguments),
            schemathesis(daemon, reports["owner"], daemon.owner_secret, ["--include-tag-regex", "^(owner|public)$"],
                         arguments),
        ]
    finally:
        owner.stopped.set()
        daemon.stop()
        if server:
            server.stop()
    failed = [status for status, _ in results if status != 0]
    silent = [name for name, (_, requests) in zip(("app", "owner"), results) if requests == 0]
    print(json.dumps({"storage": storage,
                      "requests": {"app": results[0][1], "owner": results[1][1]}}))
    if silent:
        print(f"schemathesis: no request was sent as {' and '.join(silent)}: nothing was checked", flush=True)
    sys.exit(1 if failed or silent else 0)


if __name__ == "__main__":
    main()
