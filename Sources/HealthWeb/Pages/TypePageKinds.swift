import Foundation
import OpenHealthKitEngine
import OpenHealthKitModel

/// The kinds of type page and what differs between them: how the chart is computed, which samples the list shows,
/// what the add form asks. A page of a new kind (workouts with their routes, electrocardiograms...) adds a case here
/// and its chart; everything else of the type page (periods, date picker, latest, the list, favorites) it shares.
enum TypePageKind {
    case quantity(HKQuantityType)
    case category(HKCategoryType)
    /// Sleep analysis, by night (``SleepNight``).
    case sleep
    case bloodPressure
    case food
    /// Workouts and any other type whose chart counts samples.
    case counted(HKSampleType)

    init(_ type: HKSampleType) {
        switch type {
        case let quantity as HKQuantityType: self = .quantity(quantity)
        case let category as HKCategoryType where category.identifier == HKCategoryTypeIdentifier.sleepAnalysis.rawValue:
            self = .sleep
        case let category as HKCategoryType: self = .category(category)
        case let correlation as HKCorrelationType
        where correlation.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue:
            self = .bloodPressure
        case let correlation as HKCorrelationType
        where correlation.identifier == HKCorrelationTypeIdentifier.food.rawValue:
            self = .food
        default: self = .counted(type)
        }
    }

    /// The quantity type whose unit the page shows values in (blood pressure: systolic's; food: its energy).
    var unitType: HKQuantityType? {
        switch self {
        case .quantity(let type): type
        case .bloodPressure: HKQuantityType(.bloodPressureSystolic)
        case .food: HKQuantityType(.dietaryEnergyConsumed)
        case .category, .sleep, .counted: nil
        }
    }

    /// The chart of `window`.
    func chart(_ data: ChartData, type: HKSampleType, in window: ChartWindow, unit: DisplayUnit?) throws -> ChartResult
    {
        switch self {
        case .quantity(let quantityType):
            guard let unit else { return try data.countChart(type, in: window) }
            return try data.quantityChart(quantityType, in: window, unit: unit)
        case .sleep: return try data.sleepChart(in: window)
        case .bloodPressure:
            return try data.bloodPressureChart(in: window, unit: unit ?? DisplayUnit(.millimeterOfMercury()))
        case .food:
            let energy = HKQuantityType(.dietaryEnergyConsumed)
            return try data.quantityChart(energy, in: window, unit: unit ?? DisplayUnit(.kilocalorie(), type: energy))
        case .category, .counted: return try data.countChart(type, in: window)
        }
    }

    /// The time whose samples the list shows beside the chart of `window`: the window itself, or for sleep its
    /// nights (from 18:00 the evening before).
    func listed(_ window: ChartWindow, calendar: Calendar) -> DateInterval {
        if case .sleep = self { return SleepNight.span(from: window.start, to: window.end, calendar: calendar) }
        return DateInterval(start: window.start, end: window.end)
    }

    /// The day the page opens at: the latest sample's (its night's, for sleep), never after today.
    func latestDay(of latest: HKSample, today: Date, calendar: Calendar) -> Date {
        let day =
            if case .sleep = self {
                SleepNight.night(of: latest.startDate, calendar: calendar)
            } else {
                calendar.startOfDay(for: latest.startDate)
            }
        return min(day, today)
    }
}
