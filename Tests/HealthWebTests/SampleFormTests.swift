import Foundation
import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// The add form is checked with the model's rules, as the API checks samples.
struct SampleFormTests {
    private let dates = PageDateText(timeZone: TimeZone(identifier: "UTC")!)

    private func sample(_ type: HKSampleType, _ fields: String) throws(HKError) -> HKSample {
        try HealthWebApp.sample(of: type, from: FormData(fields), dates: dates)
    }

    private func message(_ type: HKSampleType, _ fields: String) -> String? {
        do {
            _ = try sample(type, fields)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aQuantityInAnyUnitOfItsDimension() throws {
        let saved = try #require(
            try sample(HKQuantityType(.bodyMass), "value=160&unit=lb&start=2026-11-20T08%3A00") as? HKQuantitySample)
        #expect(abs(saved.quantity.doubleValue(for: .gramUnit(with: .kilo)) - 72.574_779_2) < 1e-6)
        #expect(saved.startDate == saved.endDate)
        #expect(saved.startDate == ISO8601DateFormatter().date(from: "2026-11-20T08:00:00Z"))
    }

    @Test func aPercentIsTypedAsAPercent() throws {
        let saved = try #require(
            try sample(HKQuantityType(.oxygenSaturation), "value=97&unit=%25&start=2026-11-20T08%3A00")
                as? HKQuantitySample)
        #expect(abs(saved.quantity.doubleValue(for: .percent()) - 0.97) < 1e-12)
    }

    @Test func theModelsErrorsReachTheForm() {
        #expect(
            message(HKQuantityType(.bodyMass), "value=-3&unit=kg&start=2026-11-20T08%3A00")?.contains("zero or more")
                == true)
        #expect(
            message(HKQuantityType(.bodyMass), "value=abc&unit=kg&start=2026-11-20T08%3A00")
                == "Give the value as a number.")
        #expect(message(HKQuantityType(.bodyMass), "value=70&unit=kg") == "Give the date and time the sample starts.")
        #expect(
            message(HKQuantityType(.stepCount), "value=70&unit=count&start=2026-11-20T08%3A00&end=2026-11-20T07%3A00")?
                .lowercased().contains("end") == true)
        #expect(message(HKCategoryType(.sleepAnalysis), "value=99&start=2026-11-20T08%3A00")?.contains("99") == true)
        #expect(
            message(HKObjectType.workoutType(), "start=2026-11-20T08%3A00")
                == "Samples of this type cannot be added here.")
    }

    /// The form shows what was typed: the sentence does not end with the model's "Invalid quantity: -5 kg".
    @Test func aRefusedValueReadsAsTheSentenceAlone() {
        let raw = "HKQuantityTypeIdentifierBodyMass requires a value of zero or more. Invalid quantity: -5 kg"
        #expect(MessageText.forPeople(raw) == "Weight requires a value of zero or more.")
    }

    /// "50 %" of steps used to be stored as 0.005 steps: a type takes only the units people use for it.
    @Test func onlyTheUnitsPeopleUseForTheTypeAreTaken() {
        #expect(
            message(HKQuantityType(.stepCount), "value=50&unit=%25&start=2026-11-20T08%3A00")
                == "Steps is given in steps, not in %.")
        #expect(
            message(HKQuantityType(.bodyMass), "value=70&unit=count%2Fmin&start=2026-11-20T08%3A00")
                == "Weight is given in kg, lb, st, not in count/min.")
        #expect(
            message(HKQuantityType(.bodyMass), "value=70&unit=furlongs&start=2026-11-20T08%3A00")
                == "Weight is given in kg, lb, st, not in furlongs.")
        #expect(UnitChoices.units(for: HKQuantityType(.stepCount)).map(\.unitString) == ["count"])
        #expect(UnitChoices.units(for: HKQuantityType(.heartRate)).map(\.unitString) == ["count/min"])
        #expect(UnitChoices.units(for: HKQuantityType(.oxygenSaturation)).map(\.unitString) == ["%"])
        #expect(UnitChoices.units(for: HKQuantityType(.height)).map(\.unitString) == ["cm", "m", "in", "ft"])
        #expect(
            UnitChoices.units(for: HKQuantityType(.bloodGlucose)).map(\.unitString)
                == ["mg/dL", "mmol<180.15588000005408>/L"])
    }

    @Test func aBloodPressureReadingIsOneCorrelationOfBothPressures() throws {
        let saved = try #require(
            try sample(HKCorrelationType(.bloodPressure), "systolic=121&diastolic=79&start=2026-11-20T08%3A00")
                as? HKCorrelation)
        let systolic = try #require(
            saved.objects(for: HKQuantityType(.bloodPressureSystolic)).first as? HKQuantitySample)
        let diastolic = try #require(
            saved.objects(for: HKQuantityType(.bloodPressureDiastolic)).first as? HKQuantitySample)
        #expect(systolic.quantity.doubleValue(for: .millimeterOfMercury()) == 121)
        #expect(diastolic.quantity.doubleValue(for: .millimeterOfMercury()) == 79)
        #expect(
            message(HKCorrelationType(.bloodPressure), "systolic=121&start=2026-11-20T08%3A00")
                == "Give the diastolic pressure as a number of mmHg.")
    }

    @Test func aFoodIsACorrelationOfItsEnergyNamedByItsFood() throws {
        let saved = try #require(
            try sample(HKCorrelationType(.food), "food=Apple&energy=95&start=2026-11-20T12%3A00") as? HKCorrelation)
        #expect(saved.metadata?[HKMetadataKeyFoodType] as? String == "Apple")
        let energy = try #require(saved.objects.first as? HKQuantitySample)
        #expect(energy.quantity.doubleValue(for: .kilocalorie()) == 95)
    }

    @Test func aTypeWithoutADefinedValueNeedsNone() throws {
        let saved = try #require(
            try sample(HKCategoryType(.mindfulSession), "start=2026-11-20T07%3A00&end=2026-11-20T07%3A10")
                as? HKCategorySample)
        #expect(saved.value == HKCategoryValue.notApplicable.rawValue)
    }

    @Test func aCategoryValueOfItsEnumeration() throws {
        let saved = try #require(
            try sample(HKCategoryType(.sleepAnalysis), "value=3&start=2026-11-20T01%3A00&end=2026-11-20T02%3A30")
                as? HKCategorySample)
        #expect(saved.value == 3)
        #expect(saved.endDate.timeIntervalSince(saved.startDate) == 5400)
    }

    /// In an English locale, whatever the machine's (numbers are written in healthd's locale).
    @Test func valuesAreShownInTheChosenUnitAsPeopleSayIt() {
        PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            let mass = HKQuantityType(.bodyMass), steps = HKQuantityType(.stepCount)
            #expect(DisplayUnit(.pound()).format(72.5, of: mass) == "159.8 lb")
            #expect(DisplayUnit(.gramUnit(with: .kilo)).format(72.5, of: mass) == "72.5 kg")
            #expect(DisplayUnit(.count(), type: steps).format(1299.6, of: steps) == "1,300 steps")
            #expect(DisplayUnit(.count()).format(1299.6, of: steps) == "1,300")
            #expect(DisplayUnit(.percent()).format(0.97, of: HKQuantityType(.oxygenSaturation)) == "97 %")
            let heartRate = HKQuantityType(.heartRate)
            #expect(DisplayUnit(HKUnit(from: "count/min"), type: heartRate).format(1.2, of: heartRate) == "72 BPM")
            let breaths = HKQuantityType(.respiratoryRate)
            #expect(DisplayUnit(HKUnit(from: "count/min"), type: breaths).format(0.25, of: breaths) == "15 breaths/min")
            #expect(DisplayUnit(.degreeFahrenheit()).format(37, of: HKQuantityType(.bodyTemperature)) == "98.6 °F")
            let sound = HKQuantityType(.environmentalAudioExposure)
            #expect(DisplayUnit(HKUnit(from: "dBASPL"), type: sound).format(72, of: sound) == "72 dB")
        }
    }

    @Test func namesMadeOfWordsKeepTheirSmallJoiningWordsLowercase() {
        #expect(PageTypeNames.words("dateOfBirth") == "Date of Birth")
        #expect(PageTypeNames.words("numberOfTimesFallen") == "Number of Times Fallen")
        #expect(PageTypeNames.words("timeInDaylight") == "Time in Daylight")
        #expect(PageTypeNames.words("inBed") == "In Bed")
        #expect(PageTypeNames.words("dietaryVitaminA") == "Dietary Vitamin A")
    }

    @Test func typesHaveTheNamesHealthGivesThem() {
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.stepCount.rawValue) == "Steps")
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.bodyMass.rawValue) == "Weight")
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.dietaryVitaminB12.rawValue) == "Vitamin B12")
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.vo2Max.rawValue) == "Cardio Fitness")
        #expect(PageTypeNames.displayName(HKCategoryTypeIdentifier.sleepAnalysis.rawValue) == "Sleep")
        #expect(
            PageTypeNames.displayName(HKCategoryTypeIdentifier.highHeartRateEvent.rawValue)
                == "High Heart Rate Notifications")
        #expect(
            HKObjectType.shortName(forRawIdentifier: HKCategoryTypeIdentifier.sleepAnalysis.rawValue) == "sleepAnalysis"
        )
        #expect(PageTypeNames.sampleType(named: "stepCount")?.identifier == HKQuantityTypeIdentifier.stepCount.rawValue)
        #expect(
            PageTypeNames.sampleType(named: "bloodPressure")?.identifier
                == HKCorrelationTypeIdentifier.bloodPressure.rawValue)
        #expect(PageTypeNames.sampleType(named: "biologicalSex") == nil)
        #expect(PageTypeNames.browsableTypes.count > 150)
    }

    @Test func messagesNameTypesAsHealthDoes() {
        #expect(
            MessageText.forPeople("HKQuantityTypeIdentifierBodyMass requires a value of zero or more")
                == "Weight requires a value of zero or more")
        #expect(
            MessageText.forPeople("value \"x\" is not a value of HKCategoryValueSeverity")
                == "value \"x\" is not a value of Severity")
    }
}
