"""hk export --format fhir, validated by an independent FHIR R4 model library (fhir.resources 6.1.0, FHIR 4.0.1).

Each fixture export is imported into a store of its own with `hk import`, exported with `hk export --format fhir`,
and every resource of the Bundle is parsed by the library's R4 models; the codes and units of the Observations are
checked against the mapping table of docs/FHIR.md. Run through Scripts/fhir-check (HK_BINARY names the hk to test).
With FHIR_DATABASE=postgresql every store is a database of a throwaway PostgreSQL server (Tests/e2e/postgres.py)
instead of a SQLite file: the export reads the same data through the other storage.
"""

import json
import re

import pytest
import fhir.resources
from fhir.resources import construct_fhir_element
from fhir.resources.bundle import Bundle

from conftest import FIXTURES, ROOT, hk

EXPORTS = [
    "Synthetic/everything",
    "Synthetic/localized.zip",
    "tdda-applehealthdata/export6s3sample.xml",
    "dogsheep-healthkit-to-sqlite/zip_contents",
    "alxdrcirilo-apple-health-parser/export.zip",
    "aleksi-applehealth/testdata.xml",
]

LOINC = "http://loinc.org"
UCUM = "http://unitsofmeasure.org"
HEALTHKIT_TYPE = "https://openhealthkit.org/fhir/CodeSystem/healthkit-type"


def export_bundle(fixture, folder, postgresql):
    store = ["--store", str(folder / "health.sqlite")]
    password = None
    if postgresql:
        store += ["--database", postgresql.create_database()]
        password = postgresql.password
    hk("import", str(FIXTURES / fixture), *store, "--quiet", password=password)
    bundle = folder / "bundle.json"
    hk("export", "--format", "fhir", "--out", str(bundle), *store, "--timezone", "Europe/Berlin", password=password)
    assert oct(bundle.stat().st_mode & 0o777) == "0o600"
    return json.loads(bundle.read_text(encoding="utf-8"))


def mapping_table():
    """The rows of docs/FHIR.md's mapping table: HealthKit short name -> (LOINC codes, UCUM code, category, profile)."""
    rows = {}
    text = (ROOT / "docs" / "FHIR.md").read_text(encoding="utf-8")
    table = text.split("## Mapping table", 1)[1].split("\n\n")
    for line in next(part for part in table if part.startswith("| HealthKit type")).splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        name = re.match(r"`(\w+)`", cells[0]).group(1)
        codes = re.findall(r"`([\d-]+)`", cells[1])
        unit = re.match(r"`([^`]+)`", cells[3])
        profile = None if cells[5] == "—" else cells[5]
        rows[name] = (codes, unit.group(1) if unit else None, cells[4], profile)
    return rows


def codings(concept):
    return (concept or {}).get("coding", [])


def healthkit_name(observation):
    for coding in codings(observation.get("code")):
        if coding["system"] == HEALTHKIT_TYPE:
            return coding.get("display")
    return None


@pytest.fixture(scope="module", params=EXPORTS)
def bundle(request, tmp_path_factory, postgresql):
    return export_bundle(request.param, tmp_path_factory.mktemp("fhir"), postgresql)


def test_the_library_models_fhir_r4():
    assert fhir.resources.__fhir_version__ == "4.0.1"


def test_the_bundle_and_every_resource_are_valid_r4(bundle):
    parsed = Bundle.parse_obj(bundle)
    assert parsed.type == "collection"
    assert len(parsed.entry) == len(bundle["entry"])
    for entry in bundle["entry"]:
        resource = entry["resource"]
        construct_fhir_element(resource["resourceType"], resource)


def test_every_observation_refers_to_the_patient(bundle):
    entries = bundle["entry"]
    patient = entries[0]
    assert patient["resource"]["resourceType"] == "Patient"
    full_urls = [entry["fullUrl"] for entry in entries]
    assert len(full_urls) == len(set(full_urls))
    for entry in entries[1:]:
        resource = entry["resource"]
        if resource["resourceType"] == "Observation" and HEALTHKIT_TYPE in json.dumps(resource.get("code")):
            assert resource["subject"]["reference"] == patient["fullUrl"]
            assert "effectiveDateTime" in resource or "effectivePeriod" in resource
            for member in resource.get("hasMember", []):
                assert member["reference"] in full_urls


def test_codes_and_units_follow_the_mapping_table(bundle):
    table = mapping_table()
    checked = 0
    for entry in bundle["entry"]:
        observation = entry["resource"]
        name = healthkit_name(observation)
        if observation["resourceType"] != "Observation" or name not in table:
            continue
        codes, unit, category, profile = table[name]
        loinc = [coding["code"] for coding in codings(observation["code"]) if coding["system"] == LOINC]
        assert loinc == codes, name
        assert [coding["code"] for concept in observation.get("category", []) for coding in codings(concept)] == [category], name
        if profile:
            assert observation["meta"]["profile"] == [f"http://hl7.org/fhir/StructureDefinition/{profile}"], name
        quantities = [observation["valueQuantity"]] if "valueQuantity" in observation else [
            component["valueQuantity"] for component in observation.get("component", []) if name == "bloodPressure"]
        for quantity in quantities:
            assert quantity["system"] == UCUM and quantity["code"] == unit, name
        checked += 1
    assert checked > 0


def test_blood_pressure_is_one_observation_with_two_components(tmp_path, postgresql):
    bundle = export_bundle("Synthetic/everything", tmp_path, postgresql)
    pressures = [entry["resource"] for entry in bundle["entry"] if any(
        coding["code"] == "85354-9" for coding in codings(entry["resource"].get("code")))]
    assert len(pressures) == 1
    components = {codings(component["code"])[0]["code"]: component["valueQuantity"] for component in pressures[0]["component"]}
    assert components["8480-6"]["value"] == 121 and components["8480-6"]["code"] == "mm[Hg]"
    assert components["8462-4"]["value"] == 79 and components["8462-4"]["code"] == "mm[Hg]"


def test_an_electrocardiogram_is_an_ekg_study_with_its_voltages_as_sampled_data(tmp_path, postgresql):
    bundle = export_bundle("Synthetic/everything", tmp_path, postgresql)
    recordings = sorted(
        (entry["resource"] for entry in bundle["entry"] if healthkit_name(entry["resource"]) == "electrocardiogram"),
        key=lambda observation: observation["effectivePeriod"]["start"])
    assert len(recordings) == 2
    morning = recordings[0]
    construct_fhir_element("Observation", morning)
    assert [coding["code"] for coding in codings(morning["code"]) if coding["system"] == LOINC] == ["11524-6"]
    assert codings(morning["category"][0])[0]["code"] == "procedure"
    components = {codings(component["code"])[0]["code"]: component for component in morning["component"]}
    voltages = components["131329"]["valueSampledData"]
    assert voltages["origin"] == {"value": 0, "unit": "uV", "system": UCUM, "code": "uV"}
    assert voltages["period"] == pytest.approx(1000 / 512.844)
    assert len(voltages["data"].split(" ")) == 64
    assert components["8601-7"]["valueString"] == "Sinus Rhythm"
