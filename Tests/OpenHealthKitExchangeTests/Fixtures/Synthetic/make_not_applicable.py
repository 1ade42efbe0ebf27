#!/usr/bin/env python3
"""Writes not-applicable.zip: a real-shaped Apple Health export (an iPhone and an Apple Watch, Export Version 14
with Apple's DTD head) holding a record of every category type Apple writes without a `value` attribute, because
its value is HKCategoryValue.notApplicable: high, low and irregular heart rate notifications, mindful sessions,
handwashing and toothbrushing, sexual activity, spotting, pregnancy, lactation, the four cycle deviations, sleep
apnea and hypertension notifications. One mindful session carries `value="HKCategoryValueNotApplicable"`, as some
exports write it. Beside them: heart rates, steps and a night of sleep stages, an electrocardiogram's CSV file, and
the files of a real export that its records do not use: a GPX route whose workout is not in the export, a FHIR
resource no clinical record refers to, a CDA document and a Mac's __MACOSX copy. Written for OpenHealthKit's
tests; run it from this folder.
"""
import zipfile

PHONE = 'sourceName="Dana’s iPhone" sourceVersion="17.4" device="&lt;&lt;HKDevice: 0x28143e300&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,3, software:17.4&gt;"'
WATCH = 'sourceName="Dana’s Apple Watch" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x28143f480&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,14, software:10.4&gt;"'
HEALTH = 'sourceName="Health" sourceVersion="17.4"'
BREATHE = 'sourceName="Mindfulness" sourceVersion="10.4" device="&lt;&lt;HKDevice: 0x28143f480&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,14, software:10.4&gt;"'

DTD = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
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
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
]>
'''


def record(kind, source, start, end, value=None, unit=None, metadata=()):
    attributes = f'type="{kind}" {source}'
    if unit:
        attributes += f' unit="{unit}"'
    attributes += f' creationDate="{end}" startDate="{start}" endDate="{end}"'
    if value is not None:
        attributes += f' value="{value}"'
    if not metadata:
        return f' <Record {attributes}/>\n'
    entries = ''.join(f'  <MetadataEntry key="{key}" value="{text}"/>\n' for key, text in metadata)
    return f' <Record {attributes}>\n{entries} </Record>\n'


def day(date, time):
    return f'2024-03-{date:02d} {time} +0100'


body = ''
# Heart rates, steps and a night's sleep, as a phone and a watch write them.
for date in (10, 11, 12):
    for hour, bpm in ((8, 64), (12, 88), (18, 131), (22, 58)):
        body += record('HKQuantityTypeIdentifierHeartRate', WATCH, day(date, f'{hour:02d}:00:00'),
                       day(date, f'{hour:02d}:00:00'), bpm, 'count/min',
                       [('HKMetadataKeyHeartRateMotionContext', '1')])
    body += record('HKQuantityTypeIdentifierStepCount', PHONE, day(date, '09:00:00'), day(date, '09:45:00'),
                   2400 + date, 'count')
    body += record('HKQuantityTypeIdentifierStepCount', WATCH, day(date, '17:00:00'), day(date, '17:30:00'),
                   1800 + date, 'count')
for start, end, stage in (('23:10:00', '23:30:00', 'HKCategoryValueSleepAnalysisAsleepCore'),
                          ('23:30:00', '00:40:00', 'HKCategoryValueSleepAnalysisAsleepDeep'),
                          ('00:40:00', '02:00:00', 'HKCategoryValueSleepAnalysisAsleepCore'),
                          ('02:00:00', '02:10:00', 'HKCategoryValueSleepAnalysisAwake'),
                          ('02:10:00', '03:30:00', 'HKCategoryValueSleepAnalysisAsleepREM'),
                          ('03:30:00', '06:40:00', 'HKCategoryValueSleepAnalysisAsleepCore')):
    start_date = day(11 if start > '12' else 12, start)
    body += record('HKCategoryTypeIdentifierSleepAnalysis', WATCH, start_date, day(12, end) if end < '12' else day(11, end),
                   stage)
body += record('HKCategoryTypeIdentifierSleepAnalysis', PHONE, day(11, '22:55:00'), day(12, '06:50:00'),
               'HKCategoryValueSleepAnalysisInBed')

# Every category type whose value Apple omits (HKCategoryValue.notApplicable).
threshold = [('HKHeartRateEventThreshold', '120 count/min')]
# Each notification covers the ten minutes its rate stayed beyond the threshold.
for date, start, end in ((10, '18:05:00', '18:15:00'), (11, '18:07:00', '18:17:00'), (12, '18:02:00', '18:12:00')):
    body += record('HKCategoryTypeIdentifierHighHeartRateEvent', WATCH, day(date, start), day(date, end),
                   metadata=threshold)
for date, start, end in ((11, '03:12:00', '03:22:00'), (12, '04:30:00', '04:40:00')):
    body += record('HKCategoryTypeIdentifierLowHeartRateEvent', WATCH, day(date, start), day(date, end),
                   metadata=[('HKHeartRateEventThreshold', '40 count/min')])
body += record('HKCategoryTypeIdentifierIrregularHeartRhythmEvent', WATCH, day(11, '01:00:00'), day(11, '05:00:00'),
               metadata=[('HKAlgorithmVersion', '2')])
body += record('HKCategoryTypeIdentifierMindfulSession', BREATHE, day(10, '07:00:00'), day(10, '07:05:00'))
body += record('HKCategoryTypeIdentifierMindfulSession', BREATHE, day(12, '07:00:00'), day(12, '07:10:00'),
               'HKCategoryValueNotApplicable')
body += record('HKCategoryTypeIdentifierHandwashingEvent', WATCH, day(11, '12:30:00'), day(11, '12:30:25'))
body += record('HKCategoryTypeIdentifierToothbrushingEvent', WATCH, day(11, '07:30:00'), day(11, '07:32:10'))
body += record('HKCategoryTypeIdentifierSexualActivity', HEALTH, day(11, '22:00:00'), day(11, '22:00:00'),
               metadata=[('HKSexualActivityProtectionUsed', '1'), ('HKWasUserEntered', '1')])
for kind in ('IntermenstrualBleeding', 'Pregnancy', 'Lactation', 'InfrequentMenstrualCycles',
             'IrregularMenstrualCycles', 'PersistentIntermenstrualBleeding', 'ProlongedMenstrualPeriods'):
    body += record('HKCategoryTypeIdentifier' + kind, HEALTH, day(10, '09:00:00'), day(10, '09:00:00'),
                   metadata=[('HKWasUserEntered', '1')])
body += record('HKCategoryTypeIdentifierSleepApneaEvent', WATCH, day(1, '00:00:00'), day(12, '00:00:00'))
body += record('HKCategoryTypeIdentifierHypertensionEvent', WATCH, day(1, '00:00:00'), day(12, '00:00:00'))

export = (DTD + '<HealthData locale="en_GB">\n <ExportDate value="2024-03-12 21:00:00 +0100"/>\n'
          + ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-05-04" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n'
          + body + '</HealthData>\n')

gpx = '''<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><time>2024-03-09T07:31:00Z</time></metadata>
  <trk><name>Route 2024-03-09 8:00am</name><trkseg>
    <trkpt lon="-0.127700" lat="51.507400"><ele>11.0</ele><time>2024-03-09T07:00:01Z</time></trkpt>
    <trkpt lon="-0.127900" lat="51.507600"><ele>11.4</ele><time>2024-03-09T07:29:59Z</time></trkpt>
  </trkseg></trk>
</gpx>
'''
ecg = '''Name,Dana
Date of Birth,"4 May 1990"
Recorded Date,2024-03-11 10:02:11 +0100
Classification,Sinus Rhythm
Symptoms,
Software Version,2
Device,"Watch6,14"
Sample Rate,512 hertz

Lead,Lead I
Unit,µV

-12.1
-11.8
-10.9
'''
fhir = '{"resourceType": "Observation", "id": "unreferenced", "status": "final", "code": {"text": "Glucose"}}\n'
# One CDA document with the parts a ClinicalDocument must have, as the Health app writes them.
cda = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<ClinicalDocument xmlns="urn:hl7-org:v3">\n'
    ' <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>\n'
    ' <id root="2.16.840.1.113883.19.5" extension="20240312"/>\n'
    ' <code code="34133-9" codeSystem="2.16.840.1.113883.6.1" displayName="Summarization of episode note"/>\n'
    ' <title>Health</title>\n'
    ' <effectiveTime value="20240312080000+0000"/>\n'
    ' <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>\n'
    ' <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="p1"/>'
    '<patient><name><given>Dana</given> <family>Doe</family></name></patient></patientRole></recordTarget>\n'
    ' <author><time value="20240312080000+0000"/><assignedAuthor><id root="2.16.840.1.113883.19.5"/>'
    '<assignedPerson><name><given>Health</given></name></assignedPerson></assignedAuthor></author>\n'
    ' <custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/>'
    '<name>Health</name></representedCustodianOrganization></assignedCustodian></custodian>\n'
    ' <component><structuredBody><component><section><title>Summary</title><text>Nothing to report</text>'
    '</section></component></structuredBody></component>\n'
    '</ClinicalDocument>\n')
fork = b'\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        '

with zipfile.ZipFile('not-applicable.zip', 'w', zipfile.ZIP_DEFLATED) as archive:
    for name, data in (
            ('apple_health_export/export.xml', export),
            ('apple_health_export/export_cda.xml', cda),
            ('apple_health_export/workout-routes/route_2024-03-09_8.00am.gpx', gpx),
            ('apple_health_export/electrocardiograms/ecg_2024-03-11.csv', ecg),
            ('apple_health_export/clinical-records/Observation-unreferenced.json', fhir),
            ('__MACOSX/apple_health_export/._export.xml', fork)):
        info = zipfile.ZipInfo(name, date_time=(2024, 3, 12, 21, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, data)
