#!/usr/bin/env python3
"""Writes everything/apple_health_export/: an export exercising every element, written for OpenHealthKit's tests.

Its DTD has the iOS 16 defect (an ATTLIST without its closing '>'), a metadata value holds a vertical tab (0x0B), as
iOS exports did, and dates come in the usual and the iOS 8 formats. Run it from this folder.
"""
import os

W = 'device="&lt;&lt;HKDevice: 0x2811a9e40&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1&gt;"'
W2 = 'device="&lt;&lt;HKDevice: 0x2811b0a10&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.1&gt;"'
P = 'device="&lt;&lt;HKDevice: 0x2811a8d20&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:16.1&gt;"'
C = 'creationDate="2022-11-01 23:00:00 +0100"'

def span(start, end):
    return f'startDate="2022-11-01 {start} +0100" endDate="2022-11-01 {end} +0100"'

lines = [
 '<?xml version="1.0" encoding="UTF-8"?>',
 '<!DOCTYPE HealthData [',
 '<!-- HealthKit Export Version: 12 -->',
 '<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>',
 '<!ATTLIST HealthData',
 '  locale CDATA #REQUIRED',
 '>',
 '<!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>',
 '<!ATTLIST VisionPrescription',
 '  type             CDATA #REQUIRED',
 '  dateIssued       CDATA #REQUIRED',
 '  brand            CDATA #IMPLIED',
 '',
 '<!ELEMENT RightEye EMPTY>',
 ']>',
 '<HealthData locale="de_DE">',
 ' <ExportDate value="2022-11-02 20:15:00 +0100"/>',
 ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1980-02-29" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeONegative" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeIII" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>',
 f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Annas iPhone" sourceVersion="16.1" {P} unit="count" {C} {span("08:00:00", "08:09:00")} value="612"/>',
 f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} unit="count" {C} {span("08:00:00", "08:09:00")} value="598"/>',
 f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Annas Apple Watch" sourceVersion="9.1" {W2} unit="count/min" {C} {span("08:05:00", "08:05:00")} value="72">',
 '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="1"/>',
 '  <MetadataEntry key="Note" value="first\x0bsecond"/>',
 ' </Record>',
 f' <Record type="HKQuantityTypeIdentifierOxygenSaturation" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} unit="%" {C} {span("03:00:00", "03:00:00")} value="0.96"/>',
 f' <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Contour" sourceVersion="2" unit="mmol&lt;180.1558800000541&gt;/L" {C} {span("07:30:00", "07:30:00")} value="5.4"/>',
 f' <Record type="HKQuantityTypeIdentifierBodyTemperature" sourceName="Annas iPhone" sourceVersion="16.1" unit="degC" {C} {span("07:31:00", "07:31:00")} value="36.8"/>',
 f' <Record type="HKQuantityTypeIdentifierHeight" sourceName="Annas iPhone" sourceVersion="16.1" unit="cm" {C} {span("07:32:00", "07:32:00")} value="172">',
 '  <MetadataEntry key="HKWasUserEntered" value="1"/>',
 ' </Record>',
 f' <Record type="HKQuantityTypeIdentifierVO2Max" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} unit="mL/min·kg" {C} {span("18:40:00", "18:40:00")} value="41.3">',
 '  <MetadataEntry key="HKVO2MaxTestType" value="2"/>',
 ' </Record>',
 f' <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} unit="ms" {C} {span("22:10:05", "22:11:05")} value="48.2">',
 '  <HeartRateVariabilityMetadataList>',
 '   <InstantaneousBeatsPerMinute bpm="61" time="22:10:05,87"/>',
 '   <InstantaneousBeatsPerMinute bpm="63" time="10:10:06.81 PM"/>',
 '   <InstantaneousBeatsPerMinute bpm="62" time="22:10:07,77"/>',
 '  </HeartRateVariabilityMetadataList>',
 ' </Record>',
 f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} {C} {span("01:00:00", "02:30:00")} value="HKCategoryValueSleepAnalysisAsleepCore"/>',
 f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Annas iPhone" sourceVersion="16.1" {C} {span("00:30:00", "06:30:00")} value="HKCategoryValueSleepAnalysisAsleep"/>',
 f' <Record type="HKCategoryTypeIdentifierMenstrualFlow" sourceName="Zyklus" sourceVersion="4" {C} {span("00:00:00", "23:59:00")} value="HKCategoryValueMenstrualFlowMedium">',
 '  <MetadataEntry key="HKMenstrualCycleStart" value="1"/>',
 ' </Record>',
 f' <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Headspace" sourceVersion="3.9" {C} {span("12:00:00", "12:10:00")} value="HKCategoryValueNotApplicable"/>',
 f' <Record type="HKDataTypeSleepDurationGoal" sourceName="Annas iPhone" sourceVersion="16.1" unit="hr" {C} {span("00:00:00", "00:00:00")} value="8"/>',
 ' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Wäage – Ωmega" sourceVersion="3" unit="kg" creationDate="2016-04-08 10:09:00 +0100" startDate="2016-04-08 10:08:00 +0100" endDate="2016-04-08 10:08:00 +0100" value="65.2">',
 '  <MetadataEntry key="Original Source" value="Scale"/>',
 '  <MetadataEntry key="Weighing Distance" value="418 cm"/>',
 ' </Record>',
 ' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Old Sync" unit="kg" creationDate="20150616071916-0700" startDate="20150616071820-0700" endDate="20150616071820-0700" value="70.1"/>',
 f' <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" sourceVersion="7" unit="mmHg" {C} {span("09:00:00", "09:00:00")} value="121"/>',
 f' <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" sourceVersion="7" unit="mmHg" {C} {span("09:00:00", "09:00:00")} value="79"/>',
 f' <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="MyFood" sourceVersion="1" unit="kcal" {C} {span("13:00:00", "13:00:00")} value="530"/>',
 f' <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="MyFood" sourceVersion="1" unit="g" {C} {span("13:00:00", "13:00:00")} value="31"/>',
 f' <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" sourceVersion="7" {C} {span("09:00:00", "09:00:00")}>',
 '  <MetadataEntry key="HKWasUserEntered" value="0"/>',
 f'  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" sourceVersion="7" unit="mmHg" {C} {span("09:00:00", "09:00:00")} value="121"/>',
 f'  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" sourceVersion="7" unit="mmHg" {C} {span("09:00:00", "09:00:00")} value="79"/>',
 ' </Correlation>',
 f' <Correlation type="HKCorrelationTypeIdentifierFood" sourceName="MyFood" sourceVersion="1" {C} {span("13:00:00", "13:00:00")}>',
 '  <MetadataEntry key="HKFoodType" value="Pasta"/>',
 f'  <Record type="HKQuantityTypeIdentifierDietaryEnergyConsumed" sourceName="MyFood" sourceVersion="1" unit="kcal" {C} {span("13:00:00", "13:00:00")} value="530"/>',
 f'  <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="MyFood" sourceVersion="1" unit="g" {C} {span("13:00:00", "13:00:00")} value="31"/>',
 ' </Correlation>',
 f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Annas Apple Watch" sourceVersion="9.1" {W} {C} {span("18:00:00", "18:35:00")}>',
 '  <MetadataEntry key="HKIndoorWorkout" value="0"/>',
 '  <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>',
 '  <MetadataEntry key="HKWeatherTemperature" value="56 degF"/>',
 '  <MetadataEntry key="HKWeatherHumidity" value="7800 %"/>',
 '  <MetadataEntry key="HKAverageMETs" value="9.8 kcal/hr·kg"/>',
 '  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2022-11-01 18:00:00 +0100" duration="10" durationUnit="min"/>',
 '  <WorkoutEvent type="HKWorkoutEventTypePause" date="2022-11-01 18:10:00 +0100" duration="0" durationUnit="min"/>',
 '  <WorkoutEvent type="HKWorkoutEventTypeResume" date="2022-11-01 18:15:00 +0100" duration="0" durationUnit="min"/>',
 f'  <WorkoutActivity uuid="5E1E0F1A-2B3C-4D5E-8F90-0123456789AB" {span("18:00:00", "18:35:00")} duration="30" durationUnit="min">',
 '   <MetadataEntry key="HKIndoorWorkout" value="0"/>',
 f'   <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" {span("18:00:00", "18:35:00")} average="151" minimum="98" maximum="176" unit="count/min"/>',
 '  </WorkoutActivity>',
 f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" {span("18:00:00", "18:35:00")} sum="321.5" unit="kcal"/>',
 f'  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" {span("18:00:00", "18:35:00")} sum="5.12" unit="km"/>',
 f'  <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" {span("18:00:00", "18:35:00")} average="151" minimum="98" maximum="176" unit="count/min"/>',
 f'  <WorkoutRoute sourceName="Annas Apple Watch" sourceVersion="9.1" {W} {C} {span("18:00:05", "18:34:50")}>',
 '   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>',
 '   <MetadataEntry key="HKMetadataKeySyncIdentifier" value="route-2022-11-01"/>',
 '   <FileReference path="/workout-routes/route_2022-11-01_6.00pm.gpx"/>',
 '  </WorkoutRoute>',
 ' </Workout>',
 f' <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="20" durationUnit="min" totalDistance="1.2" totalDistanceUnit="mi" totalEnergyBurned="80" totalEnergyBurnedUnit="kcal" sourceName="Annas iPhone" sourceVersion="9.3" creationDate="2016-04-08 09:21:00 +0100" startDate="2016-04-08 09:00:00 +0100" endDate="2016-04-08 09:20:00 +0100">',
 '  <WorkoutRoute sourceName="Annas iPhone" sourceVersion="9.3" creationDate="2016-04-08 09:21:00 +0100" startDate="2016-04-08 09:00:01 +0100" endDate="2016-04-08 09:19:59 +0100">',
 '   <Location date="2016-04-08 09:00:01 +0100" latitude="52.52" longitude="13.405" altitude="34" horizontalAccuracy="5" verticalAccuracy="3" course="90" speed="1.4"/>',
 '   <Location date="2016-04-08 09:10:00 +0100" latitude="52.521" longitude="13.41" altitude="35" horizontalAccuracy="5" verticalAccuracy="3" course="91" speed="1.5"/>',
 '  </WorkoutRoute>',
 ' </Workout>',
 ' <ActivitySummary dateComponents="2022-10-31" activeEnergyBurned="512.3" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="42" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>',
 ' <ActivitySummary dateComponents="2022-11-01" activeEnergyBurned="2100" activeEnergyBurnedGoal="2092" activeEnergyBurnedUnit="kJ" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="35" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>',
 ' <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="obs-1" sourceName="Charité" sourceURL="https://fhir.example.org/r4" fhirVersion="4.0.1" receivedDate="2022-10-20 12:00:00 +0200" resourceFilePath="/clinical-records/Observation-obs-1.json"/>',
 ' <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" sourceVersion="5" creationDate="2022-09-01 10:06:00 +0200" startDate="2022-09-01 10:00:00 +0200" endDate="2022-09-01 10:05:00 +0200">',
 '  <SensitivityPoint frequencyValue="500" frequencyUnit="Hz" leftEarValue="10" leftEarUnit="dBHL" rightEarValue="15" rightEarUnit="dBHL"/>',
 '  <SensitivityPoint frequencyValue="1000" frequencyUnit="Hz" leftEarValue="5" leftEarUnit="dBHL" leftEarMasked="0" rightEarValue="20" rightEarUnit="dBHL"/>',
 '  <SensitivityPoint frequencyValue="4000" frequencyUnit="Hz" leftEarValue="35" leftEarUnit="dBHL" leftEarMasked="YES" rightEarValue="90" rightEarUnit="dBHL" rightEarClampingRangeUpperBound="90"/>',
 ' </Audiogram>',
 ' <VisionPrescription type="HKVisionPrescriptionTypeGlasses" dateIssued="2021-05-05 00:00:00 +0200" expirationDate="2023-05-05 00:00:00 +0200" brand="Zeiss">',
 '  <RightEye sphere="-1.25" sphereUnit="D" cylinder="-0.5" cylinderUnit="D" axis="90" axisUnit="deg" prismAmount="1" prismAmountUnit="pD" prismAngle="90" prismAngleUnit="deg" farPD="31.5" farPDUnit="mm"/>',
 '  <LeftEye sphere="-1" sphereUnit="D"/>',
 '  <MetadataEntry key="HKMetadataKeyGlassesPrescriptionDescription" value="Distance"/>',
 ' </VisionPrescription>',
 '</HealthData>',
]

root = 'everything/apple_health_export'
os.makedirs(f'{root}/workout-routes', exist_ok=True)
os.makedirs(f'{root}/clinical-records', exist_ok=True)
with open(f'{root}/export.xml', 'w', encoding='utf-8', newline='\n') as f:
    f.write('\n'.join(lines) + '\n')
def cda(title, effective, low, high, text):
    """A CDA R2 document with the header elements the schema requires."""
    return (
        '<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        ' <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>\n'
        f' <id root="2.16.840.1.113883.19.5" extension="{effective}"/>\n'
        ' <code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summarization of episode note"/>\n'
        f' <title>{title}</title>\n'
        f' <effectiveTime value="{effective}"/>\n'
        ' <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>\n'
        ' <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="p1"/>'
        '<patient><name><given>Anna</given> <family>Muster</family></name></patient></patientRole></recordTarget>\n'
        f' <author><time value="{effective}"/><assignedAuthor><id root="2.16.840.1.113883.19.5"/>'
        '<assignedPerson><name><prefix>Dr.</prefix> <given>Jonas</given> <family>Weber</family></name>'
        '</assignedPerson></assignedAuthor></author>\n'
        ' <custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/>'
        '<name>Charité</name></representedCustodianOrganization></assignedCustodian></custodian>\n'
        f' <documentationOf><serviceEvent classCode="PCPR"><effectiveTime><low value="{low}"/><high value="{high}"/>'
        '</effectiveTime></serviceEvent></documentationOf>\n'
        f' <component><structuredBody><component><section><title>Results</title><text>{text}</text></section>'
        '</component></structuredBody></component>\n'
        '</ClinicalDocument>\n')


with open(f'{root}/export_cda.xml', 'w', encoding='utf-8') as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    f.write(cda('Health Summary', '20221020120000+0200', '20221001', '20221020', 'HbA1c 5.4 % (target &lt; 7)'))
    f.write('<!-- the Health app writes one document after the other -->\n')
    f.write(cda('Discharge Summary', '20221102090000+0100', '20221031', '20221102', '<![CDATA[stable > before]]>'))
with open(f'{root}/workout-routes/route_2022-11-01_6.00pm.gpx', 'w', encoding='utf-8') as f:
    f.write('''<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata>
    <time>2022-11-02T19:15:00Z</time>
  </metadata>
  <trk>
    <name>Route 2022-11-01 6:00pm</name>
    <trkseg>
      <trkpt lon="13.376900" lat="52.516300"><ele>34.2</ele><time>2022-11-01T17:00:05Z</time><extensions><speed>2.8</speed><course>87.5</course><hAcc>4.1</hAcc><vAcc>3.2</vAcc></extensions></trkpt>
      <trkpt lon="13.377300" lat="52.516400"><ele>34.4</ele><time>2022-11-01T17:00:06Z</time><extensions><speed>2.9</speed><course>88.0</course><hAcc>4.0</hAcc><vAcc>3.1</vAcc></extensions></trkpt>
      <trkpt lon="13.377700" lat="52.516500"><ele>34.5</ele><time>2022-11-01T17:34:50Z</time><extensions><speed>3.0</speed><course>88.4</course><hAcc>3.9</hAcc><vAcc>3.0</vAcc></extensions></trkpt>
    </trkseg>
  </trk>
</gpx>
''')
# Two electrocardiograms of the day: one as an English phone writes it (a symptom line naming two symptoms, quoted
# values holding commas), one as a German phone does (translated keys and texts, decimal commas, a no-break space
# before the sample rate's unit).
os.makedirs(f'{root}/electrocardiograms', exist_ok=True)
def voltages(count, comma=False):
    values = [f'{((i * 37) % 400 - 150) + (i % 7) / 8:.3f}' for i in range(count)]
    return [v.replace('.', ',') for v in values] if comma else values
with open(f'{root}/electrocardiograms/ecg_2022-11-01.csv', 'w', encoding='utf-8', newline='\n') as f:
    f.write('\n'.join(['Name,Test Person', 'Date of Birth,"Jan 15, 1990"', 'Recorded Date,2022-11-01 09:30:12 +0100',
                       'Classification,Sinus Rhythm', 'Symptoms,"Skipped heartbeat, Fatigue"', 'Software Version,1.90',
                       'Device,"Watch6,2"', 'Sample Rate,512.844 hertz', '', '', 'Lead,Lead I', 'Unit,µV', '', '']
                      + voltages(64)) + '\n')
with open(f'{root}/electrocardiograms/ecg_2022-11-01_1.csv', 'w', encoding='utf-8', newline='\n') as f:
    f.write('\n'.join(['Name,Test Person', 'Geburtstag,"15.01.1990"', 'Aufzeichnungsdatum,2022-11-01 21:05:00 +0100',
                       'Klassifizierung,Vorhofflimmern', 'Symptome,', 'Softwareversion,2.0', 'Gerät,"Watch6,2"',
                       'Messrate,511,422\u00a0Hertz', '', '', 'Ableitung,Ableitung I', 'Einheit,µV', '', '']
                      + voltages(48, comma=True)) + '\n')
with open(f'{root}/clinical-records/Observation-obs-1.json', 'w', encoding='utf-8') as f:
    f.write('{"resourceType":"Observation","id":"obs-1","status":"final","code":{"text":"Hemoglobin A1c"},'
            '"valueQuantity":{"value":5.4,"unit":"%"}}\n')
