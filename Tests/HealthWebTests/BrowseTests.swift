import OpenHealthKitModel
import Testing
@testable import HealthWeb

/// Browse lists every type by category, marking the ones that hold data.
struct BrowseTests {
    private func link(_ name: String, in groups: [BrowsePage.Group]) -> BrowsePage.Link? {
        groups.lazy.flatMap(\.links).first { $0.name == name }
    }

    @Test func aTypeWithSamplesIsMarkedAndOneWithoutIsNot() {
        let groups = HealthWebApp.browseGroups(
            matching: "", stored: [HKQuantityTypeIdentifier.heartRate.rawValue])
        #expect(link("Heart Rate", in: groups)?.hasData == true)
        #expect(link("Steps", in: groups)?.hasData == false)
        #expect(link("Workouts", in: groups)?.hasData == false)
    }

    @Test func aPageOfRecordsIsMarkedWhenItsTypeHoldsData() {
        let groups = HealthWebApp.browseGroups(
            matching: "", stored: [HKWorkoutTypeIdentifier, HKObjectType.electrocardiogramType().identifier])
        #expect(link("Workouts", in: groups)?.hasData == true)
        #expect(link("Electrocardiograms (ECG)", in: groups)?.hasData == true)
        #expect(link("Audiograms", in: groups)?.hasData == false)
    }
}
