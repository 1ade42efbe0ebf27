#!/usr/bin/env python3
"""Writes localized.zip: a zipped export as a Mac archives it, written for OpenHealthKit's tests.

The export document has a localised name (导出.xml) beside its CDA document (导出_cda.xml); the archive holds
__MACOSX/ resource forks and a .DS_Store, and its UTF-8 names are not flagged as UTF-8 (as macOS's Archive
Utility writes them). Run it from this folder.
"""
import struct
import zipfile

W = 'device="&lt;&lt;HKDevice: 0x600001a2c000&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,4, software:10.1&gt;"'
export = f'''<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="zh_CN">
 <ExportDate value="2024-03-01 21:00:00 +0800"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="小明的 Apple Watch" sourceVersion="10.1" {W} unit="count/min" creationDate="2024-03-01 08:00:10 +0800" startDate="2024-03-01 08:00:00 +0800" endDate="2024-03-01 08:00:00 +0800" value="64"/>
 <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="小明的 Apple Watch" sourceVersion="10.1" {W} unit="ms" creationDate="2024-03-01 18:15:00 +0800" startDate="2024-03-01 18:14:48 +0800" endDate="2024-03-01 18:15:48 +0800" value="51.5">
  <HeartRateVariabilityMetadataList>
   <InstantaneousBeatsPerMinute bpm="66" time="下午6:14:48.94"/>
   <InstantaneousBeatsPerMinute bpm="65" time="下午6:14:49.86"/>
  </HeartRateVariabilityMetadataList>
 </Record>
 <Workout workoutActivityType="HKWorkoutActivityTypeCycling" duration="12" durationUnit="min" sourceName="小明的 Apple Watch" sourceVersion="10.1" {W} creationDate="2024-03-01 19:13:00 +0800" startDate="2024-03-01 19:00:00 +0800" endDate="2024-03-01 19:12:00 +0800">
  <WorkoutRoute sourceName="小明的 Apple Watch" sourceVersion="10.1" creationDate="2024-03-01 19:13:00 +0800" startDate="2024-03-01 19:00:00 +0800" endDate="2024-03-01 19:12:00 +0800">
   <FileReference path="/workout-routes/route_2024-03-01_7.00pm.gpx"/>
  </WorkoutRoute>
 </Workout>
</HealthData>
'''
gpx = '''<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><trkseg>
    <trkpt lon="121.473700" lat="31.230400"><ele>4.0</ele><time>2024-03-01T11:00:01Z</time></trkpt>
    <trkpt lon="121.473900" lat="31.230600"><ele>4.2</ele><time>2024-03-01T11:11:59Z</time></trkpt>
  </trkseg></trk>
</gpx>
'''
cda = (
    '<?xml version="1.0"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3">'
    '<typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/><id root="1.2.3"/>'
    '<code code="34133-9" codeSystem="2.16.840.1.113883.6.1"/><title>健康</title>'
    '<effectiveTime value="20240301190000+0800"/><confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>'
    '<recordTarget><patientRole><id root="1.2.3"/><patient><name>王芳</name></patient></patientRole></recordTarget>'
    '<author><time value="20240301"/><assignedAuthor><id root="1.2.3"/><assignedPerson><name>李医生</name>'
    '</assignedPerson></assignedAuthor></author><custodian><assignedCustodian><representedCustodianOrganization>'
    '<id root="1.2.3"/><name>协和医院</name></representedCustodianOrganization></assignedCustodian></custodian>'
    '<component><structuredBody/></component></ClinicalDocument>\n')

with zipfile.ZipFile('localized.zip', 'w', zipfile.ZIP_DEFLATED) as archive:
    archive.writestr('apple_health_export/', '')
    archive.writestr('apple_health_export/.DS_Store', b'\x00\x00\x00\x01Bud1' + bytes(64))
    archive.writestr('__MACOSX/apple_health_export/._.DS_Store', b'\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ')
    archive.writestr('apple_health_export/导出_cda.xml', cda)
    archive.writestr('__MACOSX/apple_health_export/._导出_cda.xml', b'\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ')
    archive.writestr('apple_health_export/导出.xml', export)
    archive.writestr('__MACOSX/apple_health_export/._导出.xml', b'\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ')
    archive.writestr('apple_health_export/workout-routes/route_2024-03-01_7.00pm.gpx', gpx)

# Clear the UTF-8 flag (bit 11) in every local and central header.
data = bytearray(open('localized.zip', 'rb').read())
for signature, offset in ((b'PK\x03\x04', 6), (b'PK\x01\x02', 8)):
    position = data.find(signature)
    while position >= 0:
        flags, = struct.unpack_from('<H', data, position + offset)
        struct.pack_into('<H', data, position + offset, flags & ~0x800)
        position = data.find(signature, position + 4)
open('localized.zip', 'wb').write(bytes(data))
