"""healthd's FHIR R4 API (/fhir/r4), its answers validated by an independent FHIR R4 model library (fhir.resources
6.1.0, FHIR 4.0.1).

A real healthd serves a store into which `hk import` put a fixture export; every page of a search of all
Observations, every resource read by id, the Devices, the Patient, the CapabilityStatement, a bulk export's NDJSON
files and the OperationOutcomes of refused requests are parsed by the library's R4 models, and the Observations are
compared with those of `hk export --format fhir` of the same store: the API and the export make the same resources.
With FHIR_DATABASE=postgresql the store is a database of a throwaway PostgreSQL server. Run through
Scripts/fhir-check (HEALTHD_BINARY, else the healthd beside HK_BINARY).
"""

import json
import os
import pathlib
import time
import urllib.parse

import pytest
from fhir.resources import construct_fhir_element
from fhir.resources.bundle import Bundle
from fhir.resources.capabilitystatement import CapabilityStatement
from fhir.resources.operationoutcome import OperationOutcome

from conftest import FIXTURES, HK, hk
from healthd import PATIENCE, Healthd

HEALTHD = os.environ.get("HEALTHD_BINARY") or str(pathlib.Path(HK).parent / "healthd")
FIXTURE = "Synthetic/everything"


@pytest.fixture(scope="module")
def served(postgresql, tmp_path_factory):
    """A healthd on a store holding the fixture, and the FHIR Bundle `hk export` makes of that store."""
    database, environment, password = None, None, None
    if postgresql:
        database, password = postgresql.create_database(), postgresql.password
        environment = {"PGPASSWORD": password}
    healthd = Healthd(binary=HEALTHD, environment=environment, database=database)
    try:
        hk("import", str(FIXTURES / FIXTURE), *healthd.store_arguments, "--quiet", password=password)
        exported = tmp_path_factory.mktemp("fhir-api") / "bundle.json"
        hk("export", "--format", "fhir", "--out", str(exported), *healthd.store_arguments, "--timezone", "UTC",
           password=password)
        yield healthd, json.loads(exported.read_text(encoding="utf-8"))
    finally:
        healthd.stop()


def get(healthd, path):
    answer = healthd.owner("GET", path)
    assert answer.headers["Content-Type"].startswith("application/fhir+json"), path
    return answer.status, answer.json


def search_all(healthd, path):
    """Every resource of a search, following its next links; each page is a valid searchset Bundle."""
    resources, pages = [], 0
    while path:
        status, page = get(healthd, path)
        assert status == 200, page
        parsed = Bundle.parse_obj(page)
        assert parsed.type == "searchset"
        resources += [entry["resource"] for entry in page.get("entry", [])]
        links = {link["relation"]: link["url"] for link in page["link"]}
        path = links.get("next", "").removeprefix(healthd.address) or None
        pages += 1
        assert pages < 1000, "the next links do not end"
    return resources


def without_references(observation):
    """An Observation without what refers to others: the API writes `Patient/…`, `Observation/…` and `Device/…`,
    a Bundle `urn:uuid:…` and the device's display alone."""
    observation = dict(observation)
    observation.pop("subject", None)
    observation.pop("hasMember", None)
    observation.pop("device", None)
    return observation


def test_the_capability_statement_is_valid(served):
    healthd, _ = served
    answer = healthd.call("GET", "/fhir/r4/metadata")
    assert answer.status == 200
    statement = CapabilityStatement.parse_obj(answer.json)
    assert statement.fhirVersion == "4.0.1"
    assert [resource.type for resource in statement.rest[0].resource] == ["Patient", "Device", "Observation"]
    assert [operation.name for operation in statement.rest[0].operation] == ["export"]


def test_the_patient_is_valid_and_every_observation_refers_to_it(served):
    healthd, _ = served
    [patient] = search_all(healthd, "/fhir/r4/Patient")
    construct_fhir_element("Patient", patient)
    for observation in search_all(healthd, "/fhir/r4/Observation?_count=200"):
        assert observation["subject"]["reference"] == "Patient/" + patient["id"]


def test_searches_page_through_the_observations_the_export_writes(served):
    healthd, exported = served
    found = search_all(healthd, "/fhir/r4/Observation?_count=37")
    ids = [observation["id"] for observation in found]
    assert len(ids) == len(set(ids))
    written = {
        entry["resource"]["id"]: entry["resource"] for entry in exported["entry"]
        if entry["resource"]["resourceType"] == "Observation" and entry["fullUrl"].startswith("urn:uuid:")
    }
    members = {
        member["reference"].removeprefix("urn:uuid:") for observation in written.values()
        for member in observation.get("hasMember", [])
    }
    # A correlation's members are found through it (hasMember), not on their own.
    assert set(ids) == set(written) - members
    for observation in found:
        construct_fhir_element("Observation", observation)
        assert without_references(observation) == without_references(written[observation["id"]])
        if "device" in observation:
            assert observation["device"]["display"] == written[observation["id"]]["device"]["display"]
        for member in observation.get("hasMember", []):
            assert member["reference"].removeprefix("Observation/") in members


def test_every_device_is_valid_and_every_device_an_observation_names_is_one_of_them(served):
    healthd, _ = served
    devices = {device["id"]: device for device in search_all(healthd, "/fhir/r4/Device")}
    assert devices
    for device in devices.values():
        construct_fhir_element("Device", device)
    observations = search_all(healthd, "/fhir/r4/Observation?_count=500")
    named = {observation["device"]["reference"] for observation in observations if "device" in observation}
    assert named and named <= {"Device/" + id for id in devices}
    for reference in named:
        status, device = get(healthd, "/fhir/r4/" + reference)
        assert status == 200 and device == devices[reference.removeprefix("Device/")]


def test_every_observation_reads_back_by_id(served):
    healthd, _ = served
    for observation in search_all(healthd, "/fhir/r4/Observation?_count=500&_sort=-date"):
        status, read = get(healthd, "/fhir/r4/Observation/" + observation["id"])
        assert status == 200
        assert read == observation
        for member in observation.get("hasMember", []):
            status, read = get(healthd, "/fhir/r4/" + member["reference"])
            assert status == 200
            construct_fhir_element("Observation", read)


def test_searches_by_code_category_and_date_find_only_what_they_name(served):
    healthd, _ = served
    everything = search_all(healthd, "/fhir/r4/Observation?_count=500")
    heart_rates = search_all(healthd, "/fhir/r4/Observation?code=" + urllib.parse.quote("http://loinc.org|8867-4"))
    assert heart_rates
    assert all(
        any(coding["code"] == "8867-4" for coding in observation["code"]["coding"]) for observation in heart_rates)
    vital_signs = search_all(healthd, "/fhir/r4/Observation?category=vital-signs")
    assert vital_signs and len(vital_signs) < len(everything)
    assert all(
        observation["category"][0]["coding"][0]["code"] == "vital-signs" for observation in vital_signs)
    starts = sorted(observation.get("effectiveDateTime") or observation["effectivePeriod"]["start"]
                    for observation in everything)
    middle = starts[len(starts) // 2][:10]
    later = search_all(healthd, "/fhir/r4/Observation?_count=500&date=ge" + middle)
    assert 0 < len(later) < len(everything)
    for observation in later:
        end = observation.get("effectiveDateTime") or observation["effectivePeriod"]["end"]
        assert end[:10] >= middle


@pytest.mark.parametrize("path", [
    "/fhir/r4/Observation?_lastUpdated=ge2024-01-01",
    "/fhir/r4/Observation?date=2024-02-30",
    "/fhir/r4/Observation/00000000-0000-4000-8000-000000000000",
    "/fhir/r4/Encounter",
])
def test_refusals_are_valid_operation_outcomes(served, path):
    healthd, _ = served
    status, outcome = get(healthd, path)
    assert status in (400, 404)
    parsed = OperationOutcome.parse_obj(outcome)
    assert parsed.issue[0].severity == "error"


def test_a_bulk_export_writes_valid_ndjson_of_what_searches_find(served):
    healthd, _ = served
    kick_off = healthd.call("GET", "/fhir/r4/$export", token=healthd.owner_secret,
                            headers={"Prefer": "respond-async", "Accept": "application/fhir+json"})
    assert kick_off.status == 202
    status_path = kick_off.headers["Content-Location"].removeprefix(healthd.address)
    for _ in range(PATIENCE * 10):
        status = healthd.owner("GET", status_path)
        if status.status != 202:
            break
        time.sleep(0.1)
    assert status.status == 200, status
    manifest = status.json
    assert manifest["requiresAccessToken"] is True
    exported = {}
    for output in manifest["output"]:
        answer = healthd.owner("GET", output["url"].removeprefix(healthd.address))
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "application/fhir+ndjson"
        lines = answer.body.decode("utf-8").splitlines()
        for line in lines:
            resource = json.loads(line)
            assert resource["resourceType"] == output["type"]
            construct_fhir_element(resource["resourceType"], resource)
        exported[output["type"]] = [json.loads(line) for line in lines]
    assert exported["Observation"] == search_all(healthd, "/fhir/r4/Observation?_count=1000")
    assert exported["Patient"] == search_all(healthd, "/fhir/r4/Patient")
    assert healthd.owner("DELETE", status_path).status == 202
