#!/usr/bin/env python3
"""Writes the seed inputs of each fuzz target into Fuzz/Corpus/<target>/ and libFuzzer's dictionaries into
Fuzz/Dictionaries/<target>.dict (Fuzz/README.md).

Seeds are small inputs each parser accepts, reaching deep into it; libFuzzer mutates them, and `Scripts/fuzz --merge`
later keeps, of the seeds and of what fuzzing found, the fewest inputs that reach as much code. They are written here
(and from the project's own synthetic export fixture and type catalogs), never copied from third-party files.
FuzzCorpusTests checks that every route of the wire-body target has a seed its route accepts. Run this again after
changing a seed or a wire format.
"""
import base64
import csv
import hashlib
import io
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
REPOSITORY = ROOT.parent
CORPUS = ROOT / "Corpus"
DICTIONARIES = ROOT / "Dictionaries"
SYNTHETIC = REPOSITORY / "Tests/OpenHealthKitExchangeTests/Fixtures/Synthetic/everything/apple_health_export"

UUID = "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
MEMBER = "9B2F1A6C-2D4E-4A8B-8C1D-5E6F7A8B9C0D"
PRESCRIPTION = "7D3C2B1A-0F9E-4D8C-B7A6-958473625140"
# The app's workout on every fuzz store, its activity and the effort score related to it (WireBodyFuzzing).
WORKOUT = "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D"
ACTIVITY = "B2C3D4E5-F6A7-4B8C-9D0E-1F2A3B4C5D6E"
EFFORT = "C3D4E5F6-A7B8-4C9D-8E1F-2A3B4C5D6E7F"
ROUTE = "D4E5F6A7-B8C9-4DAE-9F10-3B4C5D6E7F80"


def date_predicate(start, end):
    return {"kind": "sampleDates", "startDate": start, "endDate": end, "options": ["strictStartDate"]}


# One or more bodies per route, in the order of WireBodyFuzzing.bodies: an input's first byte picks its route.
WIRE_BODIES = [
    # saveSamples
    [{"objects": [{"uuid": UUID, "type": "HKQuantityTypeIdentifierHeartRate", "startDate": 1700000000,
                   "endDate": 1700000000, "quantity": {"value": 72, "unit": "count/min"},
                   "device": {"name": "Strap", "manufacturer": "Acme"},
                   "metadata": {"HKWasUserEntered": {"bool": True}, "HKHeartRateMotionContext": {"number": 1},
                                "note": {"string": "after run"}}}]},
     {"objects": [{"uuid": UUID, "type": "HKCorrelationTypeIdentifierBloodPressure",
                   "startDate": "2024-01-01T10:00:00Z", "endDate": "2024-01-01T10:00:00Z",
                   "objects": [{"uuid": MEMBER, "type": "HKQuantityTypeIdentifierBloodPressureSystolic",
                                "startDate": 1704103200, "endDate": 1704103200,
                                "quantity": {"value": 120, "unit": "mmHg"}},
                               {"uuid": "5C1D2E3F-4A5B-4C6D-8E7F-901A2B3C4D5E",
                                "type": "HKQuantityTypeIdentifierBloodPressureDiastolic",
                                "startDate": 1704103200, "endDate": 1704103200,
                                "quantity": {"value": 80, "unit": "mmHg"}}]}]},
     {"objects": [{"uuid": UUID, "type": "sleepAnalysis", "startDate": 1700000000, "endDate": 1700028800,
                   "value": 3}]},
     {"objects": [{"uuid": UUID, "type": "HKWorkoutTypeIdentifier", "startDate": 1700000000, "endDate": 1700003600,
                   "workoutActivityType": 37, "totalDistance": {"value": 10, "unit": "km"},
                   "totalEnergyBurned": {"value": 600, "unit": "kcal"},
                   "workoutEvents": [{"type": 1, "startDate": 1700001000, "endDate": 1700001000}]}]}],
    # deleteSamples
    [{"uuids": [UUID, MEMBER]}],
    # deleteMatchingSamples
    [{"type": "HKQuantityTypeIdentifierStepCount",
      "predicate": {"kind": "and", "predicates": [date_predicate(0, 1800000000),
                                                  {"kind": "quantity", "operator": "<",
                                                   "quantity": {"value": 100, "unit": "count"}}]}}],
    # querySamples
    [{"type": "HKQuantityTypeIdentifierHeartRate", "predicate": {"kind": "uuids", "uuids": [UUID]},
      "sort": [{"key": "startDate", "ascending": False}], "limit": 10},
     {"type": "heartRate", "predicate": {"kind": "or", "predicates": [
         {"kind": "not", "predicate": {"kind": "sources", "bundleIdentifiers": ["com.example.app"]}},
         {"kind": "metadataComparison", "key": "HKHeartRateMotionContext", "operator": ">=",
          "value": {"number": 1}},
         {"kind": "devices", "devices": [{"HKDevicePropertyName": "Strap"}]},
         {"kind": "sourceRevisions", "revisions": [{"bundleIdentifier": "com.example.app",
                                                    "version": {"any": True}, "productType": {"equalTo": None},
                                                    "operatingSystemVersion": {"any": True}}]}]}},
     {"type": "HKWorkoutTypeIdentifier", "predicate": {"kind": "and", "predicates": [
         {"kind": "workoutActivityType", "workoutActivityType": 37},
         {"kind": "workoutDuration", "operator": ">", "duration": 600},
         {"kind": "workoutTotal", "total": "totalDistance", "operator": ">=",
          "quantity": {"value": 5, "unit": "km"}}]},
      "sort": [{"key": "workoutTotalDistance", "ascending": True}]},
     {"type": "sleepAnalysis", "predicate": {"kind": "and", "predicates": [
         {"kind": "categoryValues", "values": [0, 3, 4]}, {"kind": "categoryValue", "operator": "!=", "value": 2},
         {"kind": "metadataAllowedValues", "key": "HKTimeZone", "allowedValues": [{"string": "Europe/Paris"}]},
         {"kind": "metadataKeyExists", "key": "HKWasUserEntered"}, {"kind": "noCorrelation"}]}},
     # A query whose answer shares its source revisions (docs/HEALTHD.md).
     {"type": "HKQuantityTypeIdentifierHeartRate", "predicate": date_predicate(1700000000, 1700003600),
      "sort": [{"key": "startDate", "ascending": False}], "limit": 100, "shareSourceRevisions": True}],
    # queryAnchored
    [{"queries": [{"type": "HKQuantityTypeIdentifierStepCount"},
                  {"type": "HKQuantityTypeIdentifierHeartRate", "predicate": date_predicate(1700000000, None)}],
      "anchor": 0, "limit": 5}],
    # querySources
    [{"type": "HKQuantityTypeIdentifierStepCount",
      "predicate": {"kind": "deviceProperty", "property": "HKDevicePropertyModel", "allowedValues": ["Watch"]}}],
    # queryCorrelations
    [{"type": "HKCorrelationTypeIdentifierBloodPressure", "predicate": {"kind": "all"},
      "samplePredicates": {"HKQuantityTypeIdentifierBloodPressureSystolic":
                           {"kind": "quantity", "operator": ">=", "quantity": {"value": 140, "unit": "mmHg"}}}}],
    # queryStatistics
    [{"type": "HKQuantityTypeIdentifierStepCount", "options": 17,
      "range": {"start": 1700000000, "end": 1700086400}}],
    # queryStatisticsCollection
    [{"type": "HKQuantityTypeIdentifierHeartRate", "options": 46,
      "intervals": {"anchorDate": 0, "intervalComponents": {"day": 1}, "calendar": "gregorian",
                    "timeZone": "Europe/Berlin"}},
     {"type": "stepCount", "options": 16, "predicate": date_predicate("2024-03-30T00:00:00Z", 1712000000),
      "intervals": {"anchorDate": "2024-01-01T00:00:00+01:00", "intervalComponents": {"hour": 6, "minute": 30},
                    "calendar": "hebrew", "timeZone": "GMT+0100"},
      "range": {"start": 1711000000, "end": 1712000000}}],
    # queryActivitySummaries
    [{"predicate": {"kind": "activitySummaryDays", "firstDay": "2024-01-01", "lastDay": "2024-01-31"}}],
    # preferredUnits
    [{"types": ["HKQuantityTypeIdentifierHeartRate", "bodyMass"]}],
    # checkAuthorization, requestAuthorization, authorizationRequestStatus
    [{"toShare": ["HKQuantityTypeIdentifierStepCount"], "toRead": ["HKCharacteristicTypeIdentifierDateOfBirth"]}],
    [{"toShare": [], "toRead": ["heartRate", "HKWorkoutTypeIdentifier"]}],
    [{"toShare": ["HKWorkoutTypeIdentifier"], "toRead": []}],
    # enableBackgroundDelivery
    [{"type": "HKQuantityTypeIdentifierStepCount", "frequency": "hourly"}],
    # acknowledgeBackgroundDelivery
    [{"types": ["HKQuantityTypeIdentifierStepCount"], "anchor": 12}],
    # setBackgroundDeliveryCallback
    [{"url": "http://127.0.0.1:8123/wake"}],
    # registerApp
    [{"infoPlist": '<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key>'
                   "<string>com.example.fuzz</string><key>CFBundleName</key><string>Fuzz</string>"
                   "<key>NSHealthShareUsageDescription</key><string>Reads your steps.</string></dict></plist>",
      "entitlements": '<plist version="1.0"><dict><key>com.apple.developer.healthkit</key><true/></dict></plist>',
      "credentialLifetime": 3600}],
    # setAppGrants
    [{"grants": {"HKQuantityTypeIdentifierStepCount": {"share": "sharingAuthorized", "read": "denied"}}}],
    # answerAuthorization
    [{"allowedToShare": ["HKQuantityTypeIdentifierStepCount"], "allowedToRead": ["heartRate"]}],
    # setOwnerCharacteristic
    [{"type": "HKCharacteristicTypeIdentifierDateOfBirth", "value": "1980-04-12"},
     {"type": "HKCharacteristicTypeIdentifierBiologicalSex", "value": "2"}],
    # setSourcePriority
    [{"type": "HKQuantityTypeIdentifierStepCount", "sources": ["com.example.watch", "com.example.phone"]}],
    # queryQuantitySeries
    [{"type": "HKQuantityTypeIdentifierHeartRate", "predicate": date_predicate(0, 1800000000),
      "orderByQuantitySampleStartDate": True}],
    # queryDocuments
    [{"type": "HKDocumentTypeIdentifierCDA", "predicate": date_predicate(0, 1800000000),
      "sort": [{"key": "startDate", "ascending": False}], "limit": 5, "includeDocumentData": True}],
    # queryMedications
    [{"predicate": {"kind": "and", "predicates": [{"kind": "medicationArchived", "flag": False},
                                                  {"kind": "medicationHasSchedule", "flag": True}]},
      "limit": 10}],
    # addAttachment: to the prescription of every fuzz store (WireBodyFuzzing.prescriptionUUID)
    [{"object": PRESCRIPTION, "name": "scan.png", "contentType": "public.png",
      "data": base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR").decode(),
      "metadata": {"page": {"number": 1}}}],
    # requestObjectAuthorization
    [{"type": "HKVisionPrescriptionTypeIdentifier", "predicate": {"kind": "uuids", "uuids": [PRESCRIPTION]}},
     {"type": "HKDataTypeUserAnnotatedMedicationConcept",
      "predicate": {"kind": "medicationArchived", "flag": False}}],
    # saveOwnerMedication
    [{"conceptCode": "fuzz-paracetamol", "displayText": "Paracetamol 500 mg", "generalForm": "tablet",
      "relatedCodings": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "313782"}],
      "nickname": "Fever", "isArchived": False, "hasSchedule": False}],
    # logOwnerDose: of the medication of every fuzz store (WireBodyFuzzing.medicationCode)
    [{"uuid": UUID, "type": "HKMedicationDoseEventTypeIdentifierMedicationDoseEvent", "startDate": 1700000000,
      "endDate": 1700000000,
      "medicationDoseEvent": {"medicationConcept": "fuzz-ibuprofen", "logStatus": 4, "scheduleType": 2,
                              "scheduledDate": 1699999200, "scheduledDoseQuantity": 1, "doseQuantity": 1,
                              "unit": "count"}}],
    # associateWithWorkout: the effort score of every fuzz store, with its workout
    [{"workout": WORKOUT, "samples": [EFFORT]}],
    # saveWorkoutRoute
    [{"route": {"uuid": ROUTE, "type": "HKWorkoutRouteTypeIdentifier", "startDate": 1700000000,
                "endDate": 1700003600, "metadata": {"HKTimeZone": {"string": "Europe/Berlin"}}},
      "workout": WORKOUT,
      "locations": [{"timestamp": 1700000000, "latitude": 52.52, "longitude": 13.405, "altitude": 34,
                     "horizontalAccuracy": 5, "verticalAccuracy": 3, "course": 90, "speed": 2.8,
                     "courseAccuracy": 10, "speedAccuracy": 0.5},
                    {"timestamp": "2023-11-14T22:23:20Z", "latitude": 52.5205, "longitude": 13.406}]}],
    # queryRouteLocations
    [{"route": ROUTE, "startDate": 1700000000, "endDate": 1700003600, "offset": 0, "limit": 100}],
    # relateWorkoutEffort: to the activity of the fuzz store's workout
    [{"sample": {"uuid": "E5F6A7B8-C9DA-4EBF-A021-4C5D6E7F8091",
                 "type": "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore", "startDate": 1700003600,
                 "endDate": 1700003600, "quantity": {"value": 6, "unit": "appleEffortScore"}},
      "workout": WORKOUT, "activity": ACTIVITY}],
    # unrelateWorkoutEffort: the effort score related to the fuzz store's workout
    [{"sample": {"uuid": EFFORT, "type": "HKQuantityTypeIdentifierWorkoutEffortScore", "startDate": 1700003600,
                 "endDate": 1700003600, "quantity": {"value": 7, "unit": "appleEffortScore"}},
      "workout": WORKOUT}],
    # queryEffortRelationships
    [{"predicate": {"kind": "workoutActivities", "predicate": {"kind": "activityType", "workoutActivityType": 37}},
      "anchor": 0, "option": 1},
     {"predicate": {"kind": "and", "predicates": [
         {"kind": "activityDates", "startDate": 1690000000, "endDate": 1710000000, "options": ["strictStartDate"]},
         {"kind": "activityDuration", "operator": ">=", "duration": 600},
         {"kind": "workoutStatistic", "statistic": "sum", "type": "HKQuantityTypeIdentifierDistanceWalkingRunning",
          "operator": ">", "quantity": {"value": 1, "unit": "km"}, "ofActivity": False},
         {"kind": "effortRelated", "workout": WORKOUT}]},
      "option": 0}],
    # addOwnerWebhook
    [{"url": "http://127.0.0.1:9000/hook", "types": ["stepCount", "HKQuantityTypeIdentifierHeartRate"]},
     {"url": "https://example.com/hook", "types": ["sleepAnalysis"], "allowExternal": True}],
]

SAVE, DELETE, SAMPLES, ANCHORED, STATISTICS, COLLECTION, PRIORITY = 0, 1, 3, 4, 7, 8, 21

# Inputs of several requests, one per line, run in order on one store: a line's first byte is the route's index, plus
# the number of routes when an app makes the request rather than the owner.
SEQUENCES = [
    [(SAVE, True, WIRE_BODIES[SAVE][0]), (COLLECTION, True, WIRE_BODIES[COLLECTION][0]),
     (SAMPLES, False, WIRE_BODIES[SAMPLES][1]), (DELETE, True, {"uuids": [UUID]})],
    [(SAVE, False, {"objects": [{"uuid": UUID, "type": "stepCount", "startDate": 1711900000, "endDate": 1711990000,
                                 "quantity": {"value": 4000, "unit": "count"}}]}),
     (SAVE, True, {"objects": [{"uuid": MEMBER, "type": "stepCount", "startDate": 1711950000, "endDate": 1711960000,
                                "quantity": {"value": 900, "unit": "count"}}]}),
     (PRIORITY, False, WIRE_BODIES[PRIORITY][0]), (COLLECTION, True, WIRE_BODIES[COLLECTION][1]),
     (STATISTICS, False, WIRE_BODIES[STATISTICS][0]), (ANCHORED, True, WIRE_BODIES[ANCHORED][0])],
]

UNITS = ["count/min", "mg/dL", "mmol<180.15588000005408>/L", "kcal/hr·kg", "m^2", "degF", "%", "dBASPL", "cm^-1",
         "(kg*m)/(s^2)", "mL/(kg*min)", "ft", "IU", "mcg", "cal", "Cal", "lb", "st", "appleEffortScore", "km/hr",
         "dBHL", "count/s", "W", "V", "mmHg", "cmAq", "atm", "S", "Hz", "lx", "D", "pD"]

DATES = ["2016-04-08 10:08:00 +0100", "2016-04-08T10:08:00+01:00", "2016-04-08T10:08:00.250Z",
         "20150616071916-0700", "2024-11-03", "2024-11-03T01:30:00-07:00", "1700000000", "-62135596800",
         '"2024-02-29T23:59:59.5+05:45"', "2024-02-29 23:59:60 -1200", "0001-01-01 00:00:00 +1400"]

# Health Auto Export pushes (export format version 2), one family or section each.
HEALTH_AUTO_EXPORT = [
    {"data": {"metrics": [
        {"name": "step_count", "units": "count", "data": [
            {"date": "2026-03-05 08:00:00 +0100", "qty": 12, "source": "Watch|iPhone"}]},
        {"name": "heart_rate", "units": "count/min", "data": [
            {"date": "2026-03-05 08:00:00 +0100", "Min": 60, "Avg": 70, "Max": 80}]}]}},
    {"data": {"metrics": [
        {"data": [{"date": "2026-03-05 07:30:00 -0800", "systolic": 120, "diastolic": 80}], "name": "blood_pressure",
         "units": "mmHg"},
        {"name": "blood_glucose", "units": "mmol/L", "data": [
            {"date": "2026-03-05 07:00:00 +0000", "qty": 5.4, "mealTime": "After Meal"}]}]}},
    {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
        {"startDate": "2026-03-04 23:00:00 +0100", "endDate": "2026-03-05 01:00:00 +0100", "qty": 2, "value": "REM"},
        {"date": "2026-03-05", "totalSleep": 6, "core": 4, "deep": 1, "rem": 1,
         "sleepStart": "2026-03-04 23:00:00 +0100", "sleepEnd": "2026-03-05 06:00:00 +0100", "inBed": 7,
         "inBedStart": "2026-03-04 22:50:00 +0100", "inBedEnd": "2026-03-05 06:10:00 +0100"}]}]}},
    {"data": {"metrics": [
        {"name": "sexual_activity", "units": "count", "data": [
            {"date": "2026-03-05 22:00:00 +0100", "Unspecified": 1, "Protection Used": 0, "Protection Not Used": 2}]},
        {"name": "insulin_delivery", "units": "IU", "data": [
            {"date": "2026-03-05 07:05:00 +0100", "qty": 4, "reason": "Basal"}]}],
        "ecg": []}},
    {"data": {"workouts": [{
        "id": "7C1E0A52-3F7B-4C0E-9C59-2B8D2E5E1A10", "name": "Outdoor Run", "start": "2025-03-02 07:15:04 +0100",
        "end": "2025-03-02 07:48:51 +0100", "duration": 2027.3, "isIndoor": False,
        "activeEnergyBurned": {"qty": 331.8, "units": "kcal"}, "distance": {"qty": 5.61, "units": "km"},
        "heartRate": {"min": {"qty": 101, "units": "bpm"}, "avg": {"qty": 151, "units": "bpm"},
                      "max": {"qty": 171, "units": "bpm"}},
        "heartRateData": [{"date": "2025-03-02 07:15:00 +0100", "Min": 101, "Avg": 104, "Max": 110, "units": "bpm"}],
        "route": [{"latitude": 52.5163, "longitude": 13.3777, "altitude": 41.2,
                   "timestamp": "2025-03-02 07:15:05 +0100"}]}]}},
    {"data": {
        "symptoms": [{"start": "2026-03-05 09:00:00 +0100", "name": "Headache", "severity": "Moderate"}],
        "cycleTracking": [{"start": "2026-03-01 00:00:00 +0100", "name": "Menstrual Flow", "value": "Medium",
                           "isCycleStart": True}],
        "stateOfMind": [{"start": "2026-03-05 20:00:00 +0100", "kind": "mood", "valence": 0.6,
                         "labels": ["Calm"], "associations": ["Family"]}],
        "heartRateNotifications": [{"start": "2026-03-05 14:00:00 +0100", "end": "2026-03-05 14:10:00 +0100",
                                    "threshold": 120, "heartRate": [{"hr": 124, "units": "bpm"}]}]}},
    {"data": {
        "medications": [{"displayText": "Aspirin", "start": "2026-03-05 08:00:00 +0100", "status": "Taken",
                         "scheduledDate": "2026-03-05 08:00:00 +0100", "dosage": 1, "form": "Tablet",
                         "codings": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "1191"}]}],
        "ecg": [{"start": "2026-03-05 10:00:00 +0100", "end": "2026-03-05 10:00:01 +0100",
                 "classification": "Sinus Rhythm", "averageHeartRate": 72, "samplingFrequency": 4,
                 "voltageMeasurements": [{"date": "2026-03-05 10:00:00.000 +0100", "voltage": 0.0001, "units": "V"}
                                         for _ in range(4)]}]}},
]

# A key on the first line, its value after.
METADATA = ["HKWasUserEntered\n1", "HKTimeZone\nEurope/Berlin", "HKHeartRateMotionContext\n2",
            "HKElevationAscended\n418 cm", "HKWeatherTemperature\n56 degF", "HKWeatherHumidity\n96 %",
            "HKAverageMETs\n3.9 kcal/hr·kg", "HKSyncVersion\n3", "HKSyncIdentifier\nabc",
            "com.example.custom\n2024-11-03 10:00:00 +0100",
            '{"HKWasUserEntered":{"bool":true},"HKWeatherTemperature":{"quantity":{"value":21.5,"unit":"degC"}},'
            '"when":{"date":1700000000.25},"count":{"number":3},"note":{"string":"x"}}']


def write(target, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def export_zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            # A fixed date, so that the same files make the same archive (and the same seed name).
            entry = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return buffer.getvalue()


def catalog(name, column):
    with open(REPOSITORY / "Reference" / name, newline="", encoding="utf-8") as file:
        return [row[column] for row in csv.DictReader(file)]


def object_keys(value):
    """Every key of every object in a JSON value (dicts and lists), nested ones included."""
    if isinstance(value, dict):
        return set(value).union(*(object_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(object_keys(item) for item in value))
    return set()


def write_dictionary(target, tokens):
    """libFuzzer's dictionary format: one quoted token a line, bytes outside printable ASCII as \\xNN."""
    DICTIONARIES.mkdir(exist_ok=True)
    lines = []
    for token in dict.fromkeys(tokens):
        escaped = "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f"\\x{b:02X}" for b in token.encode())
        lines.append(f'"{escaped}"')
    (DICTIONARIES / f"{target}.dict").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main():
    def request(route, as_app, body):
        selector = route + (len(WIRE_BODIES) if as_app else 0)
        if selector == ord("\n"):  # the line separator: the same route and caller, two rounds later
            selector += 2 * len(WIRE_BODIES)
        return bytes([selector]) + json.dumps(body, separators=(",", ":")).encode()

    for index, bodies in enumerate(WIRE_BODIES):
        for body in bodies:
            write("wire-body", request(index, False, body))
    for sequence in SEQUENCES:
        write("wire-body", b"\n".join(request(*step) for step in sequence))
    for push in HEALTH_AUTO_EXPORT:
        write("health-auto-export", json.dumps(push).encode())
    write("health-auto-export", b'{"data": [1, 2')  # not a push
    for unit in UNITS:
        write("unit-string", unit.encode())
    for date in DATES:
        write("date", date.encode())
    for entry in METADATA:
        write("metadata", entry.encode())
    export = (SYNTHETIC / "export.xml").read_bytes()
    write("export-xml", export)
    write("export-xml", export[: len(export) // 2])  # an export cut short
    hostile = (b'<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
               b'<HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierStepCount" value="&e;" unit="count" '
               b'startDate="2024-01-01 10:00:00 +0000" endDate="2024-01-01 10:01:00 +0000"/></HealthData>')
    write("export-xml", hostile)
    files = [("apple_health_export/export.xml", export)]
    for path in sorted(SYNTHETIC.rglob("*")):
        if path.is_file() and path.name != "export.xml":
            files.append(("apple_health_export/" + str(path.relative_to(SYNTHETIC)), path.read_bytes()))
    write("export-zip", export_zip(files))
    write("export-zip", export_zip([("apple_health_export/export.xml", hostile)]))

    types = (catalog("quantity-types.csv", "raw_string") + catalog("category-types.csv", "raw_string")
             + catalog("quantity-types.csv", "identifier") + catalog("category-types.csv", "identifier"))
    metadata_keys = catalog("metadata-keys.csv", "raw_string")
    json_tokens = ['{"', '":', '","', '"}', '[', ']', '{}', '[]', 'true', 'false', 'null', '1e308', '-0', '0.5',
                   '"kind":', '"predicates":[', '"predicate":', '"value":', '"unit":', '"string":', '"number":',
                   '"bool":', '"date":', '"quantity":', '"any":true', '"equalTo":']
    wire_keys = object_keys(WIRE_BODIES)
    kinds = ["and", "or", "not", "all", "none", "sampleDates", "sources", "sourceRevisions", "devices",
             "deviceProperty", "uuids", "metadataKeyExists", "metadataAllowedValues", "metadataComparison",
             "noCorrelation", "workout", "quantity", "categoryValue", "categoryValues", "workoutActivityType",
             "workoutDuration", "workoutTotal", "activitySummaryDays", "electrocardiogramClassification",
             "electrocardiogramSymptomsStatus", "associatedWithElectrocardiogram", "clinicalResourceType",
             "clinicalRecord", "stateOfMindKind", "stateOfMindLabel", "stateOfMindAssociation", "stateOfMindValence",
             "doseEventConcepts", "doseEventStatuses", "doseEventScheduledDates", "doseEventScheduledRange",
             "medicationArchived", "medicationHasSchedule", "workoutActivities", "activityType", "activityDuration",
             "activityDates", "workoutStatistic", "effortRelated"]
    write_dictionary("wire-body", json_tokens + [f'"{key}"' for key in sorted(wire_keys)]
                     + [f'"{kind}"' for kind in kinds] + [f'"{name}"' for name in types] + UNITS
                     + ["<", "<=", ">", ">=", "==", "!=", UUID, "2024-01-01T00:00:00Z"])
    write_dictionary("unit-string", UNITS + ["/", "*", "^", "(", ")", "<", ">", "·", "-", ".", "k", "m", "c", "µ",
                                             "mc", "d", "n", "p", "f", "M", "G", "T", "da", "h", "count", "g", "L",
                                             "s", "min", "hr", "day", "mol", "J", "K", "degC", "in", "yd", "mi",
                                             "oz", "fl_oz_us", "fl_oz_imp", "cup_us", "pt_us", "Pa", "inHg", "dB"])
    write_dictionary("date", ["-", ":", "T", "Z", " ", "+", ".", "0000", "9999", "1970-01-01", "00:00:00",
                              "23:59:60", "+0000", "+14:00", "-1200", "e308", '"', "1e15"])
    write_dictionary("metadata", metadata_keys + ["\n", "=", " ", '{"', '":{"', '"}}', "string", "number", "bool",
                                                  "date", "quantity", "true", "false", "HK"] + UNITS[:12])
    xml = ["<Record ", "<Workout ", "<Correlation ", "<ActivitySummary ", "<MetadataEntry ", "<WorkoutEvent ",
           "<WorkoutStatistics ", "<WorkoutRoute ", "<FileReference ", "<HeartRateVariabilityMetadataList>",
           "<InstantaneousBeatsPerMinute ", "<ClinicalRecord ", "<Audiogram ", "<SensitivityPoint ", "<Me ",
           "<ExportDate ", "<HealthData locale=\"en_US\">", "</HealthData>", "/>", ">", "</Record>", "</Workout>",
           "</Correlation>", ' type="', ' value="', ' unit="', ' key="', ' sourceName="', ' sourceVersion="',
           ' device="', ' creationDate="', ' startDate="', ' endDate="', ' path="', ' workoutActivityType="',
           ' duration="', ' durationUnit="', "<!DOCTYPE", "<!ENTITY", "<![CDATA[", "]]>", "&amp;", "&#", "&lt;",
           "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "2024-01-01 10:00:00 +0100", "<<HKDevice: 0x1>, name:Watch>"]
    write_dictionary("export-xml", xml + types + metadata_keys)
    push_keys = object_keys(HEALTH_AUTO_EXPORT)
    write_dictionary("health-auto-export", ['{"', '":', '","', '"}', '[', ']', '{}', '[]', 'true', 'false', 'null',
                                            '1e308', '-0', '\\u00e9', '\\ud83d\\ude00', '"2026-03-05 08:00:00 +0100"',
                                            '"count/min"', '"bpm"', '"Outdoor Run"']
                     + [f'"{key}"' for key in sorted(push_keys)])
    write_dictionary("export-zip", ["PK\x03\x04", "PK\x01\x02", "PK\x05\x06", "apple_health_export/",
                                    "export.xml", "export_cda.xml", "workout-routes/", "clinical-records/"] + xml[:20])


if __name__ == "__main__":
    main()
