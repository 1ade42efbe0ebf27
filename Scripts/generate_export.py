#!/usr/bin/env python3
"""Writes a synthetic Apple Health export of about the requested size, for import benchmarks.

    Scripts/generate_export.py --size-mb 500 --out /tmp/export [--zip] [--seed 1]

Writes OUT/apple_health_export/export.xml (and workout-routes/*.gpx), and with --zip also OUT/export.zip holding the
same files, as the Health app shares them. The data are made up but shaped like a real export of an iPhone and an
Apple Watch worn every day: records grouped by type as Apple writes them (steps, heart rate with motion context,
active and basal energy, distance, flights, exercise and stand time from both devices with their HKDevice
descriptions; heart rate variability with its instantaneous beats; sleep stages and stand hours; blood pressure
readings listed on their own and again inside their correlations; weekly body mass), then workouts (every other
day, with events, statistics, weather metadata and a GPX route), then daily activity summaries. The same seed and
size always give the same bytes.
"""
import argparse
import os
import random
import zipfile

DTD = """<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ELEMENT WorkoutEvent ((MetadataEntry)*)>
<!ELEMENT WorkoutStatistics EMPTY>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ELEMENT FileReference EMPTY>
<!ELEMENT ActivitySummary EMPTY>
<!ELEMENT MetadataEntry EMPTY>
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
]>
"""

PHONE = ("Anna’s iPhone", "17.4.1",
         "&lt;&lt;HKDevice: 0x{:x}&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:17.4.1&gt;")
WATCH = ("Anna’s Apple Watch", "10.4",
         "&lt;&lt;HKDevice: 0x{:x}&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.4&gt;")
OFFSET = "+0100"
# 2021-01-01 00:00:00 local time, as seconds since 1970 (UTC+1).
FIRST_DAY = 1_609_455_600


class Clock:
    """Formats 'yyyy-MM-dd HH:mm:ss +0100' quickly: the day part is cached."""

    def __init__(self):
        self.days = {}

    def day(self, index):
        text = self.days.get(index)
        if text is None:
            import datetime
            date = datetime.date(2021, 1, 1) + datetime.timedelta(days=index)
            text = self.days[index] = date.isoformat()
        return text

    def at(self, seconds):
        day, rest = divmod(int(seconds) - FIRST_DAY, 86_400)
        return f"{self.day(day)} {rest // 3600:02d}:{rest // 60 % 60:02d}:{rest % 60:02d} {OFFSET}"


class Writer:
    def __init__(self, path, seed):
        self.out = open(path, "w", encoding="utf-8", newline="\n")
        self.random = random.Random(seed)
        self.clock = Clock()
        self.address = 0x280000000

    def device(self, template):
        # Each record of a real export shows its own HKDevice address.
        self.address += self.random.randrange(16, 4096, 16)
        return template.format(self.address)

    def record(self, type_, source, unit, start, end, value, metadata=(), children=""):
        name, version, device = source
        clock = self.clock
        head = (f' <Record type="{type_}" sourceName="{name}" sourceVersion="{version}" device="{self.device(device)}"'
                f'{f" unit={chr(34)}{unit}{chr(34)}" if unit else ""} creationDate="{clock.at(end + 5)}" '
                f'startDate="{clock.at(start)}" endDate="{clock.at(end)}" value="{value}"')
        if not metadata and not children:
            self.out.write(head + "/>\n")
            return
        self.out.write(head + ">\n")
        for key, text in metadata:
            self.out.write(f'  <MetadataEntry key="{key}" value="{text}"/>\n')
        self.out.write(children)
        self.out.write(" </Record>\n")


def generate(out, size_mb, seed, make_zip):
    folder = os.path.join(out, "apple_health_export")
    os.makedirs(os.path.join(folder, "workout-routes"), exist_ok=True)
    target = size_mb * 1_000_000
    # A day of data is about 600 kB: enough days for the size.
    days = max(1, round(target / 600_000))
    path = os.path.join(folder, "export.xml")
    writer = Writer(path, seed)
    xml, rnd, clock = writer.out, writer.random, writer.clock
    xml.write('<?xml version="1.0" encoding="UTF-8"?>\n' + DTD + '<HealthData locale="en_GB">\n')
    xml.write(f' <ExportDate value="{clock.at(FIRST_DAY + days * 86_400 + 3600)}"/>\n')
    xml.write(' <Me HKCharacteristicTypeIdentifierDateOfBirth="1986-05-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"'
              ' HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"'
              ' HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n')

    def each_day():
        for day in range(days):
            yield day, FIRST_DAY + day * 86_400

    def intervals(base, count, length, start_hour=7, end_hour=22):
        span = (end_hour - start_hour) * 3600
        step = span // count
        for index in range(count):
            start = base + start_hour * 3600 + index * step + rnd.randrange(0, max(1, step - length))
            yield start, start + length

    # Records, type by type, as Apple writes them.
    cumulative = [
        ("HKQuantityTypeIdentifierStepCount", "count", [(PHONE, 90, 420, lambda: rnd.randrange(10, 900)),
                                                       (WATCH, 140, 60, lambda: rnd.randrange(5, 140))]),
        ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km", [(PHONE, 90, 420, lambda: f"{rnd.uniform(0.005, 0.6):.5f}"),
                                                                  (WATCH, 110, 60, lambda: f"{rnd.uniform(0.003, 0.1):.5f}")]),
        ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal", [(WATCH, 420, 60, lambda: f"{rnd.uniform(0.05, 9):.3f}")]),
        ("HKQuantityTypeIdentifierBasalEnergyBurned", "kcal", [(WATCH, 220, 300, lambda: f"{rnd.uniform(3, 8):.3f}")]),
        ("HKQuantityTypeIdentifierFlightsClimbed", "count", [(PHONE, 8, 60, lambda: rnd.randrange(1, 4))]),
        ("HKQuantityTypeIdentifierAppleExerciseTime", "min", [(WATCH, 30, 60, lambda: 1)]),
        ("HKQuantityTypeIdentifierAppleStandTime", "min", [(WATCH, 24, 300, lambda: rnd.randrange(1, 5))]),
    ]
    for type_, unit, sources in cumulative:
        for source, count, length, value in sources:
            for _, base in each_day():
                for start, end in intervals(base, count, length):
                    writer.record(type_, source, unit, start, end, value())
    for _, base in each_day():
        for start, _ in intervals(base, 300, 0, 0, 24):
            writer.record("HKQuantityTypeIdentifierHeartRate", WATCH, "count/min", start, start, rnd.randrange(52, 160),
                          [("HKMetadataKeyHeartRateMotionContext", rnd.choice("0012"))])
    for _, base in each_day():
        for start, end in intervals(base, 5, 60, 0, 24):
            beats = "".join(
                f'   <InstantaneousBeatsPerMinute bpm="{rnd.randrange(55, 80)}" time="{clock.at(start + i)[11:19]}.{rnd.randrange(100):02d}"/>\n'
                for i in range(60))
            writer.record("HKQuantityTypeIdentifierHeartRateVariabilitySDNN", WATCH, "ms", start, end, f"{rnd.uniform(20, 90):.4f}",
                          children=f"  <HeartRateVariabilityMetadataList>\n{beats}  </HeartRateVariabilityMetadataList>\n")
    for _, base in each_day():
        writer.record("HKQuantityTypeIdentifierRestingHeartRate", WATCH, "count/min", base + 80_000, base + 80_100, rnd.randrange(50, 65))
    # Blood pressure every third morning: each reading's values are listed on their own here, and again inside the
    # reading's correlation below.
    pressures = {day: (base + 8 * 3600 + rnd.randrange(3600), rnd.randrange(105, 140), rnd.randrange(65, 90))
                 for day, base in each_day() if day % 3 == 0}
    for at, systolic, _ in pressures.values():
        writer.record("HKQuantityTypeIdentifierBloodPressureSystolic", PHONE, "mmHg", at, at, systolic)
    for at, _, diastolic in pressures.values():
        writer.record("HKQuantityTypeIdentifierBloodPressureDiastolic", PHONE, "mmHg", at, at, diastolic)
    for day, base in each_day():
        if day % 7 == 0:
            at = base + 7 * 3600
            writer.record("HKQuantityTypeIdentifierBodyMass", PHONE, "kg", at, at, f"{rnd.uniform(58, 64):.1f}", [("HKWasUserEntered", "1")])
    stages = ["HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
              "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAwake"]
    for _, base in each_day():
        start = base - 3600
        writer.record("HKCategoryTypeIdentifierSleepAnalysis", PHONE, None, start, start + 8 * 3600, "HKCategoryValueSleepAnalysisInBed",
                      [("HKTimeZone", "Europe/London")])
        for _ in range(12):
            length = rnd.randrange(600, 2400)
            writer.record("HKCategoryTypeIdentifierSleepAnalysis", WATCH, None, start, start + length, rnd.choice(stages),
                          [("HKTimeZone", "Europe/London")])
            start += length
    for _, base in each_day():
        for hour in range(8, 22):
            at = base + hour * 3600
            stood = rnd.random() < 0.8
            writer.record("HKCategoryTypeIdentifierAppleStandHour", WATCH, None, at, at + 3600,
                          "HKCategoryValueAppleStandHourStood" if stood else "HKCategoryValueAppleStandHourIdle")

    # Blood pressure correlations: the same readings again, inside their correlations.
    name, version, _ = PHONE
    for at, systolic, diastolic in pressures.values():
        span = f'creationDate="{clock.at(at + 5)}" startDate="{clock.at(at)}" endDate="{clock.at(at)}"'
        xml.write(f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="{name}" sourceVersion="{version}" {span}>\n'
                  '  <MetadataEntry key="HKWasUserEntered" value="1"/>\n')
        for type_, value in (("Systolic", systolic), ("Diastolic", diastolic)):
            xml.write(f'  <Record type="HKQuantityTypeIdentifierBloodPressure{type_}" sourceName="{name}" sourceVersion="{version}" '
                      f'unit="mmHg" {span} value="{value}"/>\n')
        xml.write(" </Correlation>\n")

    # Workouts, every other day, with a GPX route.
    kinds = ["HKWorkoutActivityTypeRunning", "HKWorkoutActivityTypeWalking", "HKWorkoutActivityTypeCycling"]
    name, version, device = WATCH
    for day, base in each_day():
        if day % 2:
            continue
        start = base + 18 * 3600 + rnd.randrange(1800)
        minutes = rnd.randrange(25, 60)
        end = start + minutes * 60
        energy = minutes * rnd.uniform(7, 11)
        distance = minutes * rnd.uniform(0.09, 0.17)
        span = f'startDate="{clock.at(start)}" endDate="{clock.at(end)}"'
        xml.write(f' <Workout workoutActivityType="{rnd.choice(kinds)}" duration="{minutes - 3}" durationUnit="min" sourceName="{name}" '
                  f'sourceVersion="{version}" device="{writer.device(device)}" creationDate="{clock.at(end + 10)}" {span}>\n'
                  '  <MetadataEntry key="HKIndoorWorkout" value="0"/>\n'
                  '  <MetadataEntry key="HKTimeZone" value="Europe/London"/>\n'
                  f'  <MetadataEntry key="HKWeatherTemperature" value="{rnd.randrange(35, 80)} degF"/>\n'
                  f'  <MetadataEntry key="HKWeatherHumidity" value="{rnd.randrange(30, 99) * 100} %"/>\n'
                  f'  <MetadataEntry key="HKAverageMETs" value="{rnd.uniform(5, 11):.4f} kcal/hr·kg"/>\n'
                  f'  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="{clock.at(start)}" duration="{minutes // 2}" durationUnit="min"/>\n'
                  f'  <WorkoutEvent type="HKWorkoutEventTypePause" date="{clock.at(start + 600)}" duration="0" durationUnit="min"/>\n'
                  f'  <WorkoutEvent type="HKWorkoutEventTypeResume" date="{clock.at(start + 780)}" duration="0" durationUnit="min"/>\n'
                  f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" {span} sum="{energy:.3f}" unit="kcal"/>\n'
                  f'  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" {span} sum="{distance:.4f}" unit="km"/>\n'
                  f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" {span} average="{rnd.randrange(120, 160)}" '
                  f'minimum="{rnd.randrange(80, 110)}" maximum="{rnd.randrange(160, 185)}" unit="count/min"/>\n')
        route = f"route_{clock.day(day)}_{day}.gpx"
        xml.write(f'  <WorkoutRoute sourceName="{name}" sourceVersion="{version}" creationDate="{clock.at(end + 10)}" {span}>\n'
                  f'   <FileReference path="/workout-routes/{route}"/>\n  </WorkoutRoute>\n </Workout>\n')
        with open(os.path.join(folder, "workout-routes", route), "w", encoding="utf-8") as gpx:
            gpx.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" '
                      'xmlns="http://www.topografix.com/GPX/1/1">\n <trk>\n  <trkseg>\n')
            latitude, longitude = 51.5 + rnd.uniform(-0.05, 0.05), -0.12 + rnd.uniform(-0.05, 0.05)
            for second in range(0, minutes * 60, 10):
                latitude += rnd.uniform(-0.0002, 0.0002)
                longitude += rnd.uniform(-0.0002, 0.0002)
                utc = start + second - 3600
                stamp = f"{clock.day((utc - FIRST_DAY) // 86_400)}T{(utc - FIRST_DAY) % 86_400 // 3600:02d}:{(utc - FIRST_DAY) % 3600 // 60:02d}:{(utc - FIRST_DAY) % 60:02d}Z"
                gpx.write(f'   <trkpt lon="{longitude:.6f}" lat="{latitude:.6f}"><ele>{rnd.uniform(5, 40):.6f}</ele><time>{stamp}</time>'
                          f'<extensions><speed>{rnd.uniform(1, 4):.6f}</speed><course>{rnd.uniform(0, 360):.6f}</course>'
                          f'<hAcc>{rnd.uniform(2, 8):.6f}</hAcc><vAcc>{rnd.uniform(2, 8):.6f}</vAcc></extensions></trkpt>\n')
            gpx.write("  </trkseg>\n </trk>\n</gpx>\n")

    for day, base in each_day():
        xml.write(f' <ActivitySummary dateComponents="{clock.day(day)}" activeEnergyBurned="{rnd.uniform(200, 900):.3f}" '
                  f'activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" '
                  f'appleExerciseTime="{rnd.randrange(0, 90)}" appleExerciseTimeGoal="30" appleStandHours="{rnd.randrange(6, 15)}" '
                  'appleStandHoursGoal="12"/>\n')
    xml.write("</HealthData>\n")
    xml.close()

    if make_zip:
        with zipfile.ZipFile(os.path.join(out, "export.zip"), "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
            for root, _, files in os.walk(folder):
                for file in sorted(files):
                    full = os.path.join(root, file)
                    archive.write(full, os.path.relpath(full, out))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=500, help="approximate size of export.xml in MB (10^6 bytes)")
    parser.add_argument("--out", required=True, help="folder to write apple_health_export/ (and export.zip) into")
    parser.add_argument("--zip", action="store_true", help="also write export.zip")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    path = generate(arguments.out, arguments.size_mb, arguments.seed, arguments.zip)
    print(f"{path}: {os.path.getsize(path) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
