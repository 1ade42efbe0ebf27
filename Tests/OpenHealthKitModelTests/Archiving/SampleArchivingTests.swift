import Foundation
import Testing
@testable import OpenHealthKitModel

/// Samples of every kind survive a secure `NSKeyedArchiver` round trip: the same class, UUID, type, dates, metadata,
/// device and source revision, and the kind's own values.
@Suite struct SampleArchivingTests {
    let start = Fixture.start
    let revision = HKSourceRevision(
        source: HKSource(name: "Scale", bundleIdentifier: "com.example.scale"), version: "3", productType: "Linux",
        operatingSystemVersion: OperatingSystemVersion(majorVersion: 6, minorVersion: 1, patchVersion: 0))

    @Test func aQuantitySampleKeepsItsUUIDTypeQuantityAndDates() throws {
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.bodyMass), quantity: Fixture.quantity(71.5, "kg"), start: start,
            end: start, device: nil, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(sample, as: HKSample.self)
        let quantitySample = try #require(copy as? HKDiscreteQuantitySample)
        #expect(quantitySample == sample)
        #expect(quantitySample.quantityType == HKQuantityType(.bodyMass))
        #expect(quantitySample.quantity == Fixture.quantity(71.5, "kg"))
        #expect(quantitySample.startDate == start && quantitySample.endDate == start)
    }

    @Test func aSampleKeepsItsDeviceAndSourceRevision() throws {
        let device = HKDevice(
            name: "Scale", manufacturer: "Example", model: nil, hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil)
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.bodyMass), quantity: Fixture.quantity(70, "kg"), start: start,
            end: start, device: device, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(sample)
        #expect(copy.device == device)
        #expect(copy.sourceRevision == revision)
    }

    @Test func metadataOfEveryKindSurvivesArchiving() throws {
        let metadata: [String: Any] = [
            HKMetadataKeyWasUserEntered: true, HKMetadataKeyExternalUUID: "abc", "Count": 3,
            "When": Fixture.end, HKMetadataKeyHeartRateEventThreshold: Fixture.quantity(120, "count/min"),
        ]
        let sample = HKQuantitySample(
            type: HKQuantityType(.heartRate), quantity: Fixture.quantity(72, "count/min"), start: start, end: start,
            metadata: metadata)
        let copy = try #require(try archivedCopy(sample).metadata)
        #expect(copy[HKMetadataKeyWasUserEntered] as? Bool == true)
        #expect(copy[HKMetadataKeyExternalUUID] as? String == "abc")
        #expect((copy["Count"] as? NSNumber)?.intValue == 3)
        #expect(copy["When"] as? Date == Fixture.end)
        #expect(copy[HKMetadataKeyHeartRateEventThreshold] as? HKQuantity == Fixture.quantity(120, "count/min"))
    }

    @Test func aCumulativeSampleUnarchivesAsACumulativeSample() throws {
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.stepCount), quantity: Fixture.quantity(1200, "count"), start: start,
            end: Fixture.end, device: nil, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(sample, as: HKQuantitySample.self)
        #expect((copy as? HKCumulativeQuantitySample)?.sumQuantity == Fixture.quantity(1200, "count"))
    }

    @Test func aSeriesSampleKeepsItsCountAndExtremes() throws {
        // The summary's values are in the type's canonical unit: count/s for heart rate.
        let series = QuantitySeriesSummary(
            count: 3, minimum: 1, maximum: 1.5, mostRecent: 1.25,
            mostRecentInterval: DateInterval(start: Fixture.end, duration: 0))
        let sample = HKQuantitySample.stored(
            uuid: UUID(), type: HKQuantityType(.heartRate), quantity: Fixture.quantity(75, "count/min"), start: start,
            end: Fixture.end, device: nil, metadata: nil, sourceRevision: revision, series: series)
        let copy = try #require(try archivedCopy(sample, as: HKSample.self) as? HKDiscreteQuantitySample)
        #expect(copy.count == 3)
        #expect(copy.minimumQuantity.doubleValue(for: HKUnit(from: "count/min")) == 60)
        #expect(copy.maximumQuantity.doubleValue(for: HKUnit(from: "count/min")) == 90)
        #expect(copy.mostRecentQuantityDateInterval == DateInterval(start: Fixture.end, duration: 0))
    }

    @Test func aQuantityInAUnitTheTypeCannotHaveFailsToUnarchive() throws {
        let coder = try forgedCoder { coder in
            coder.encode(UUID().uuidString as NSString, forKey: "uuid")
            coder.encode(self.revision, forKey: "sourceRevision")
            coder.encode(HKQuantityType(.bodyMass), forKey: "sampleType")
            coder.encode(self.start as NSDate, forKey: "startDate")
            coder.encode(self.start as NSDate, forKey: "endDate")
            coder.encode(Fixture.quantity(3, "count/min"), forKey: "quantity")
        }
        #expect(HKDiscreteQuantitySample(coder: coder) == nil)
    }

    @Test func aCategorySampleKeepsItsValue() throws {
        let sample = HKCategorySample(
            type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepREM.rawValue,
            start: start, end: Fixture.end)
        let copy = try archivedCopy(sample)
        #expect(copy.categoryType == HKCategoryType(.sleepAnalysis))
        #expect(copy.value == HKCategoryValueSleepAnalysis.asleepREM.rawValue)
    }

    @Test func aCorrelationKeepsTheSamplesItGroups() throws {
        let systolic = try Fixture.sample(.bloodPressureSystolic, 120, "mmHg")
        let diastolic = try Fixture.sample(.bloodPressureDiastolic, 80, "mmHg")
        let pressure = HKCorrelation(
            type: HKObjectType.correlationType(forIdentifier: .bloodPressure)!, start: start, end: start,
            objects: [systolic, diastolic])
        let copy = try archivedCopy(pressure)
        #expect(copy.objects == [systolic, diastolic])
        let values = copy.objects.compactMap {
            ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .millimeterOfMercury())
        }
        #expect(Set(values) == [120, 80])
    }

    @Test func aHeartbeatSeriesKeepsItsCount() throws {
        let series = HKHeartbeatSeriesSample(
            uuid: UUID(), count: 42, start: start, end: start.addingTimeInterval(30), device: nil, metadata: nil,
            sourceRevision: revision)
        let copy = try archivedCopy(series)
        #expect(copy.count == 42)
        #expect(copy.sampleType == HKSeriesType.heartbeat())
    }

    @Test func anElectrocardiogramKeepsItsClassificationAndMeasurements() throws {
        let electrocardiogram = HKElectrocardiogram(
            uuid: UUID(), start: start, end: start.addingTimeInterval(30), numberOfVoltageMeasurements: 15_360,
            samplingFrequency: HKQuantity(unit: .hertz(), doubleValue: 512), classification: .atrialFibrillation,
            averageHeartRate: Fixture.quantity(88, "count/min"), symptomsStatus: .present, device: nil, metadata: nil,
            sourceRevision: revision)
        let copy = try archivedCopy(electrocardiogram)
        #expect(copy.classification == .atrialFibrillation && copy.symptomsStatus == .present)
        #expect(copy.numberOfVoltageMeasurements == 15_360)
        #expect(copy.samplingFrequency == HKQuantity(unit: .hertz(), doubleValue: 512))
        #expect(copy.averageHeartRate == Fixture.quantity(88, "count/min"))
    }

    @Test func anAudiogramKeepsItsSensitivityPoints() throws {
        let test = try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: 25), type: .air, masked: false,
            side: .left, clampingRange: nil)
        let point = try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: .hertz(), doubleValue: 2000), tests: [test])
        let audiogram = HKAudiogramSample(
            sensitivityPoints: [point], start: start, end: Fixture.end, device: nil, metadata: nil)
        #expect(try archivedCopy(audiogram).sensitivityPoints == [point])
    }

    @Test func aClinicalRecordKeepsItsDisplayNameAndFHIRResource() throws {
        let resource = HKFHIRResource(
            fhirVersion: .primaryR4(), resourceType: .observation, identifier: "hba1c",
            data: Data(#"{"resourceType":"Observation","id":"hba1c"}"#.utf8),
            sourceURL: URL(string: "https://fhir.example.org/r4/Observation/hba1c"))
        let record = HKClinicalRecord(
            uuid: UUID(), type: HKObjectType.clinicalType(forIdentifier: .labResultRecord)!, displayName: "HbA1c",
            fhirResource: resource, start: start, end: start, device: nil, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(record)
        #expect(copy.clinicalType == HKObjectType.clinicalType(forIdentifier: .labResultRecord))
        #expect(copy.displayName == "HbA1c")
        #expect(copy.fhirResource == resource && copy.fhirResource?.data == resource.data)
    }

    @Test func aCDADocumentSampleKeepsItsDocument() throws {
        let data = CDADocumentReaderTests.document(title: "Discharge")
        let sample = try HKCDADocumentSample(data: data, start: start, end: Fixture.end, metadata: nil)
        let copy = try archivedCopy(sample)
        #expect(copy.documentType == HKObjectType.documentType(forIdentifier: .CDA))
        #expect(copy.document?.title == "Discharge")
        #expect(copy.document?.patientName == sample.document?.patientName)
        #expect(copy.document?.documentData == data)
    }

    @Test func aStateOfMindKeepsItsKindValenceLabelsAndAssociations() throws {
        let mood = HKStateOfMind(
            date: start, kind: .dailyMood, valence: 0.4, labels: [.calm, .grateful], associations: [.family])
        let copy = try archivedCopy(mood)
        #expect(copy.kind == .dailyMood && copy.valence == 0.4)
        #expect(copy.labels == [.calm, .grateful] && copy.associations == [.family])
    }

    @Test func aGAD7AssessmentKeepsItsAnswersAndScore() throws {
        let answers: [HKGAD7Assessment.Answer] = [
            .severalDays, .notAtAll, .nearlyEveryDay, .notAtAll, .moreThanHalfTheDays, .notAtAll, .notAtAll,
        ]
        let copy = try archivedCopy(HKGAD7Assessment(date: start, answers: answers))
        #expect(copy.answers == answers)
        #expect(copy.score == 6 && copy.risk == .mild)
    }

    @Test func aPHQ9AssessmentKeepsItsAnswersAndScore() throws {
        let answers: [HKPHQ9Assessment.Answer] = [
            .nearlyEveryDay, .severalDays, .notAtAll, .notAtAll, .notAtAll, .notAtAll, .notAtAll, .notAtAll,
            .preferNotToAnswer,
        ]
        let copy = try archivedCopy(HKPHQ9Assessment(date: start, answers: answers))
        #expect(copy.answers == answers)
        #expect(copy.score == 4)
    }

    @Test func anAssessmentWithTheWrongNumberOfAnswersFailsToUnarchive() throws {
        let assessment = HKGAD7Assessment(date: start, answers: Array(repeating: .notAtAll, count: 7))
        let coder = try forgedCoder { coder in
            assessment.encode(with: coder)
            coder.encodeEnums([HKGAD7Assessment.Answer.notAtAll], forKey: "answers")
        }
        #expect(HKGAD7Assessment(coder: coder) == nil)
    }

    @Test func aMedicationDoseEventKeepsItsScheduleDoseAndStatus() throws {
        let dose = HKMedicationDoseEvent(
            uuid: UUID(), date: start, scheduleType: .schedule,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: "6809"),
            scheduledDate: start.addingTimeInterval(-600), scheduledDoseQuantity: 2, doseQuantity: 1,
            logStatus: .taken, unit: .count(), device: nil, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(dose)
        #expect(copy.scheduleType == .schedule && copy.logStatus == .taken)
        #expect(copy.medicationConceptIdentifier == HKHealthConceptIdentifier(domain: .medication, code: "6809"))
        #expect(copy.scheduledDate == start.addingTimeInterval(-600))
        #expect(copy.scheduledDoseQuantity == 2 && copy.doseQuantity == 1 && copy.unit == .count())
    }

    @Test func aDoseTakenAsNeededHasNoScheduledDoseAfterArchiving() throws {
        let dose = HKMedicationDoseEvent(
            uuid: UUID(), date: start, scheduleType: .asNeeded,
            medicationConceptIdentifier: HKHealthConceptIdentifier(domain: .medication, code: "6809"),
            scheduledDate: nil, scheduledDoseQuantity: nil, doseQuantity: 1, logStatus: .taken, unit: .count(),
            device: nil, metadata: nil, sourceRevision: revision)
        let copy = try archivedCopy(dose)
        #expect(copy.scheduledDate == nil && copy.scheduledDoseQuantity == nil)
    }

    @Test func aGlassesPrescriptionKeepsItsDatesAndLenses() throws {
        let lens = HKGlassesLensSpecification(
            sphere: HKQuantity(unit: .diopter(), doubleValue: -1.5), cylinder: nil, axis: nil, addPower: nil,
            vertexDistance: nil, prism: nil, farPupillaryDistance: nil, nearPupillaryDistance: nil)
        let glasses = HKGlassesPrescription(
            rightEyeSpecification: lens, leftEyeSpecification: nil, dateIssued: start, expirationDate: Fixture.end,
            device: nil, metadata: nil)
        let copy = try archivedCopy(glasses)
        #expect(copy.prescriptionType == .glasses)
        #expect(copy.dateIssued == start && copy.expirationDate == Fixture.end)
        #expect(copy.rightEye == lens && copy.leftEye == nil)
    }

    @Test func aContactsPrescriptionKeepsItsBrand() throws {
        let contacts = HKContactsPrescription(
            rightEyeSpecification: nil, leftEyeSpecification: nil, brand: "Acuvue", dateIssued: start,
            expirationDate: nil, device: nil, metadata: nil)
        let copy = try archivedCopy(contacts)
        #expect(copy.prescriptionType == .contacts && copy.brand == "Acuvue")
        #expect(copy.expirationDate == nil)
    }

    @Test func aWorkoutKeepsItsActivityEventsAndTotals() throws {
        let workout = HKWorkout(
            activityType: .running, start: start, end: Fixture.end,
            workoutEvents: [Fixture.event(.pause, at: 10), Fixture.event(.resume, at: 20)],
            totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 400),
            totalDistance: HKQuantity(unit: .meter(), doubleValue: 8000), metadata: nil)
        let copy = try archivedCopy(workout)
        #expect(copy.workoutActivityType == .running)
        #expect(copy.workoutEvents == workout.workoutEvents)
        #expect(copy.duration == workout.duration)
        #expect(copy.totalEnergyBurned == workout.totalEnergyBurned && copy.totalDistance == workout.totalDistance)
    }
}
