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
            message(HKQuantityType(.bodyMass), "value=70&unit=count%2Fmin&start=2026-11-20T08%3A00")?
                .contains("requires a unit compatible with kg") == true)
        #expect(
            message(HKQuantityType(.bodyMass), "value=-3&unit=kg&start=2026-11-20T08%3A00")?.contains("zero or more")
                == true)
        #expect(
            message(HKQuantityType(.bodyMass), "value=abc&unit=kg&start=2026-11-20T08%3A00")
                == "Give the value as a number.")
        #expect(
            message(HKQuantityType(.bodyMass), "value=70&unit=furlongs&start=2026-11-20T08%3A00")
                == "furlongs is not a unit.")
        #expect(message(HKQuantityType(.bodyMass), "value=70&unit=kg") == "Give the date and time the sample starts.")
        #expect(
            message(HKQuantityType(.stepCount), "value=70&unit=count&start=2026-11-20T08%3A00&end=2026-11-20T07%3A00")?
                .lowercased().contains("end") == true)
        #expect(message(HKCategoryType(.sleepAnalysis), "value=99&start=2026-11-20T08%3A00")?.contains("99") == true)
        #expect(
            message(HKObjectType.workoutType(), "start=2026-11-20T08%3A00")
                == "Samples of this type cannot be added here.")
    }

    @Test func aCategoryValueOfItsEnumeration() throws {
        let saved = try #require(
            try sample(HKCategoryType(.sleepAnalysis), "value=3&start=2026-11-20T01%3A00&end=2026-11-20T02%3A30")
                as? HKCategorySample)
        #expect(saved.value == 3)
        #expect(saved.endDate.timeIntervalSince(saved.startDate) == 5400)
    }

    /// In an English locale, whatever the machine's (numbers are written in healthd's locale).
    @Test func valuesAreShownInTheChosenUnit() {
        PageNumberText.$locale.withValue(Locale(identifier: "en_US")) {
            let mass = HKQuantityType(.bodyMass)
            #expect(DisplayUnit(.pound()).format(72.5, of: mass) == "159.8 lb")
            #expect(DisplayUnit(.gramUnit(with: .kilo)).format(72.5, of: mass) == "72.5 kg")
            #expect(DisplayUnit(.count()).format(1299.6, of: HKQuantityType(.stepCount)) == "1,300")
            #expect(DisplayUnit(.percent()).format(0.97, of: HKQuantityType(.oxygenSaturation)) == "97 %")
            #expect(DisplayUnit(HKUnit(from: "count/min")).format(1.2, of: HKQuantityType(.heartRate)) == "72 /min")
            #expect(DisplayUnit(.degreeFahrenheit()).format(37, of: HKQuantityType(.bodyTemperature)) == "98.6 °F")
        }
    }

    @Test func typesHaveNamesForPeople() {
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.stepCount.rawValue) == "Step Count")
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.dietaryVitaminB12.rawValue) == "Dietary Vitamin B12")
        #expect(PageTypeNames.displayName(HKQuantityTypeIdentifier.vo2Max.rawValue) == "VO2 Max")
        #expect(
            HKObjectType.shortName(forRawIdentifier: HKCategoryTypeIdentifier.sleepAnalysis.rawValue) == "sleepAnalysis"
        )
        #expect(PageTypeNames.sampleType(named: "stepCount")?.identifier == HKQuantityTypeIdentifier.stepCount.rawValue)
        #expect(PageTypeNames.sampleType(named: "bloodPressure") == nil)
        #expect(PageTypeNames.browsableTypes.count > 150)
    }
}
