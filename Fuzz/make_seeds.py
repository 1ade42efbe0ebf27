#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target into Fuzz/Corpus/<target>/ (Fuzz/README.md).

Seeds are small, valid-looking inputs that reach deep into each parser; libFuzzer mutates them. They are written from
this script (and from the project's own synthetic export fixture), never copied from third-party files. Run it again
after changing a seed; `Scripts/fuzz` reads the committed files.
"""
import hashlib
import io
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "Corpus"
SYNTHETIC = ROOT.parent / "Tests/OpenHealthKitExchangeTests/Fixtures/Synthetic/everything/apple_health_export"

# The order of healthd's routes with a body in OpenHealthKitFuzzing's WireBodyFuzzing.bodies: the first byte of a
# wire-body input picks one.
WIRE_BODIES = [
    ("save", {"objects": [{"uuid": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "type": "HKQuantityTypeIdentifierHeartRate",
                           "startDate": 1700000000, "endDate": 1700000000, "quantity": {"value": 72, "unit": "count/min"},
                           "metadata": {"HKWasUserEntered": True, "HKHeartRateMotionContext": 1}}]}),
    ("delete", {"uuids": ["6F9619FF-8B86-D011-B42D-00C04FC964FF"]}),
    ("delete-matching", {"type": "HKQuantityTypeIdentifierStepCount",
                         "predicate": {"and": [{"startDate": {">=": 0}}, {"value": {"<": 100, "unit": "count"}}]}}),
    ("samples", {"type": "HKQuantityTypeIdentifierHeartRate", "predicate": {"uuid": {"in": []}},
                 "sort": [{"key": "startDate", "ascending": False}], "limit": 10}),
    ("anchored", {"queries": [{"type": "HKQuantityTypeIdentifierStepCount"}], "anchor": 0, "limit": 5}),
    ("sources", {"type": "HKQuantityTypeIdentifierStepCount"}),
    ("correlations", {"type": "HKCorrelationTypeIdentifierBloodPressure",
                      "samplePredicates": {"HKQuantityTypeIdentifierBloodPressureSystolic": {"not": {"uuid": {"in": []}}}}}),
    ("statistics", {"type": "HKQuantityTypeIdentifierStepCount", "options": 16,
                    "range": {"start": 1700000000, "end": 1700086400}}),
    ("statistics-collection", {"type": "HKQuantityTypeIdentifierHeartRate", "options": 14,
                               "intervals": {"anchorDate": 0, "intervalComponents": {"day": 1},
                                             "calendar": "gregorian", "timeZone": "Europe/Berlin"}}),
    ("activity-summaries", {"predicate": {"dateComponents": {"in": ["2024-01-01"]}}}),
    ("preferred-units", {"types": ["HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierBodyMass"]}),
    ("authorization-check", {"toShare": ["HKQuantityTypeIdentifierStepCount"], "toRead": ["HKCharacteristicTypeIdentifierDateOfBirth"]}),
    ("authorization-request", {"toShare": [], "toRead": ["HKQuantityTypeIdentifierHeartRate"]}),
    ("authorization-status", {"toShare": ["HKWorkoutTypeIdentifier"], "toRead": []}),
    ("background-delivery", {"type": "HKQuantityTypeIdentifierStepCount", "frequency": "hourly"}),
    ("background-acknowledge", {"types": ["HKQuantityTypeIdentifierStepCount"], "anchor": 12}),
    ("background-callback", {"url": "http://127.0.0.1:8123/wake"}),
    ("register-app", {"infoPlist": "<plist version=\"1.0\"><dict><key>CFBundleIdentifier</key><string>com.example.fuzz</string>"
                                   "<key>NSHealthShareUsageDescription</key><string>Reads</string></dict></plist>",
                      "entitlements": "<plist version=\"1.0\"><dict><key>com.apple.developer.healthkit</key><true/></dict></plist>",
                      "credentialLifetime": 3600}),
    ("grants", {"grants": {"HKQuantityTypeIdentifierStepCount": {"share": "sharingAuthorized", "read": "sharingDenied"}}}),
    ("answer", {"allowedToShare": ["HKQuantityTypeIdentifierStepCount"], "allowedToRead": []}),
    ("characteristic", {"type": "HKCharacteristicTypeIdentifierDateOfBirth", "value": "1980-04-12"}),
    ("priority", {"type": "HKQuantityTypeIdentifierStepCount", "sources": ["com.apple.Health", "com.example.watch"]}),
]

UNITS = ["count/min", "mg/dL", "mmol<180.15588000005408>/L", "kcal/hr·kg", "m^2", "degF", "%", "dBASPL", "cm^-1",
         "(kg*m)/(s^2)", "mL/(kg*min)", "ft", "IU", "mcg", "cal", "Cal", "lb", "st", "appleEffortScore", "km/hr",
         "dBHL", "count/s", "W", "V", "mmHg", "cmAq", "atm", "S", "Hz", "lx", "diopter", "prism diopter"]

DATES = ["2016-04-08 10:08:00 +0100", "2016-04-08T10:08:00+01:00", "2016-04-08T10:08:00.250Z",
         "20150616071916-0700", "2024-11-03", "2024-11-03T01:30:00-07:00", "1700000000", "-62135596800",
         "2024-02-29 23:59:60 -1200", "0001-01-01 00:00:00 +1400"]

METADATA = ["HKWasUserEntered\n1", "HKTimeZone\nEurope/Berlin", "HKHeartRateMotionContext\n2",
            "HKElevationAscended\n418 cm", "HKWeatherTemperature\n56 degF", "HKWeatherHumidity\n96 %",
            "HKAverageMETs\n3.9 kcal/hr·kg", "HKSyncVersion\n3", "HKSyncIdentifier\nabc",
            "com.example.custom\n2024-11-03 10:00:00 +0100", '{"HKWasUserEntered":true,"x":{"value":1,"unit":"m"}}']


def write(target, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def export_zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            archive.writestr(name, data)
    return buffer.getvalue()


def main():
    for index, (_, body) in enumerate(WIRE_BODIES):
        write("wire-body", bytes([index]) + json.dumps(body, separators=(",", ":")).encode())
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


if __name__ == "__main__":
    main()
