public import Foundation
public import OpenHealthKitModel

/// What a quantity sample of several quantities summarizes (healthd writes it; ignored on input, where
/// ``WireSample/seriesQuantities`` carries the quantities): how many, and the smallest, largest and latest in the
/// type's canonical unit.
public struct WireSeriesSummary: Codable, Sendable, Hashable {
    /// The number of quantities.
    public var count: Int
    /// The smallest quantity.
    public var minimum: WireQuantity
    /// The largest quantity.
    public var maximum: WireQuantity
    /// The quantity that starts last.
    public var mostRecent: WireQuantity
    /// When the latest quantity starts.
    public var mostRecentStartDate: WireDate
    /// When the latest quantity ends.
    public var mostRecentEndDate: WireDate

    /// The summary of a series sample.
    package init(_ sample: HKQuantitySample, _ series: QuantitySeriesSummary) {
        let unit = sample.quantityType.canonicalUnit
        count = series.count
        minimum = WireQuantity(value: series.minimum, unit: unit.unitString)
        maximum = WireQuantity(value: series.maximum, unit: unit.unitString)
        mostRecent = WireQuantity(value: series.mostRecent, unit: unit.unitString)
        mostRecentStartDate = WireDate(series.mostRecentInterval.start)
        mostRecentEndDate = WireDate(series.mostRecentInterval.end)
    }

    /// The model's summary, values in `type`'s canonical unit; an incompatible unit is an invalid argument.
    package func summary(for type: HKQuantityType) throws -> QuantitySeriesSummary {
        func canonical(_ quantity: WireQuantity) throws -> Double {
            try quantity.quantity().convertedValue(to: type.canonicalUnit)
        }
        return QuantitySeriesSummary(
            count: count, minimum: try canonical(minimum), maximum: try canonical(maximum),
            mostRecent: try canonical(mostRecent),
            mostRecentInterval: DateInterval(
                start: mostRecentStartDate.date,
                end: max(
                    mostRecentStartDate.date, mostRecentEndDate.date)))
    }
}

/// One quantity of a series being saved: its dates and its value in the unit of the sample's `quantity`.
public struct WireSeriesQuantity: Codable, Sendable, Hashable {
    /// When the quantity starts.
    public var startDate: WireDate
    /// When the quantity ends.
    public var endDate: WireDate
    /// The value, in the unit of the sample's quantity.
    public var value: Double

    /// A quantity of a series.
    public init(startDate: Date, endDate: Date, value: Double) {
        self.startDate = WireDate(startDate)
        self.endDate = WireDate(endDate)
        self.value = value
    }
}

/// One beat of a heartbeat series: seconds since the series' start, and whether a gap preceded it.
public struct WireHeartbeat: Codable, Sendable, Hashable {
    /// Seconds since the series' start.
    public var timeSinceStart: Double
    /// Whether one or more beats may be missing before this one.
    public var precededByGap: Bool

    /// The wire form of a beat.
    public init(timeSinceStart: Double, precededByGap: Bool) {
        self.timeSinceStart = timeSinceStart
        self.precededByGap = precededByGap
    }
}

/// An electrocardiogram's summary (healthd writes it; apps cannot save electrocardiograms): HealthKit's raw values of
/// its classification and symptoms status, its average heart rate and sampling frequency when known, and the number
/// of voltage measurements.
public struct WireElectrocardiogram: Codable, Sendable, Hashable {
    /// `HKElectrocardiogram.Classification` raw value.
    public var classification: Int
    /// `HKElectrocardiogram.SymptomsStatus` raw value.
    public var symptomsStatus: Int
    /// The average heart rate (count/min), if known.
    public var averageHeartRate: WireQuantity?
    /// The sampling frequency (Hz), if known.
    public var samplingFrequency: WireQuantity?
    /// The number of voltage measurements.
    public var numberOfVoltageMeasurements: Int

    /// The wire form of an electrocardiogram's summary.
    public init(_ electrocardiogram: HKElectrocardiogram) {
        classification = electrocardiogram.classification.rawValue
        symptomsStatus = electrocardiogram.symptomsStatus.rawValue
        averageHeartRate = electrocardiogram.averageHeartRate.map(WireQuantity.init)
        samplingFrequency = electrocardiogram.samplingFrequency.map(WireQuantity.init)
        numberOfVoltageMeasurements = electrocardiogram.numberOfVoltageMeasurements
    }
}

/// An audiogram's point: its frequency in Hz and its tests.
public struct WireSensitivityPoint: Codable, Sendable, Hashable {
    /// The frequency in hertz.
    public var frequency: Double
    /// The tests at this frequency.
    public var tests: [WireSensitivityTest]

    /// The wire form of a point.
    public init(_ point: HKAudiogramSensitivityPoint) {
        frequency = point.hertz
        tests = point.tests.map(WireSensitivityTest.init)
    }

    /// The point; a frequency or sensitivity out of range, an unknown side or conduction type, or no test is an
    /// invalid argument.
    public func point() throws -> HKAudiogramSensitivityPoint {
        try HKAudiogramSensitivityPoint(
            frequency: HKQuantity(unit: .hertz(), doubleValue: frequency), tests: try tests.map { try $0.test() })
    }
}

/// One ear's test: sensitivity in dBHL, `HKAudiogramConductionType` and `HKAudiogramSensitivityTestSide` raw values,
/// masking, and the clamping range's bounds (dBHL), if any.
public struct WireSensitivityTest: Codable, Sendable, Hashable {
    /// The sensitivity in dBHL.
    public var sensitivity: Double
    /// `HKAudiogramConductionType` raw value (0: air).
    public var type: Int
    /// Whether the test was masked.
    public var masked: Bool
    /// `HKAudiogramSensitivityTestSide` raw value (0: left, 1: right).
    public var side: Int
    /// The clamping range's lower bound, dBHL.
    public var clampingLowerBound: Double?
    /// The clamping range's upper bound, dBHL.
    public var clampingUpperBound: Double?

    /// The wire form of a test.
    public init(_ test: HKAudiogramSensitivityTest) {
        sensitivity = test.decibels
        type = test.type.rawValue
        masked = test.masked
        side = test.side.rawValue
        clampingLowerBound = test.clampingRange?.lower
        clampingUpperBound = test.clampingRange?.upper
    }

    /// The test, checked as `HKAudiogramSensitivityTest`'s initializer checks it.
    public func test() throws -> HKAudiogramSensitivityTest {
        guard let conduction = HKAudiogramConductionType(rawValue: type) else {
            throw HKError.invalidArgument("\(type) is not an HKAudiogramConductionType raw value")
        }
        guard let testSide = HKAudiogramSensitivityTestSide(rawValue: side) else {
            throw HKError.invalidArgument("\(side) is not an HKAudiogramSensitivityTestSide raw value")
        }
        let range =
            clampingLowerBound == nil && clampingUpperBound == nil
            ? nil
            : try HKAudiogramSensitivityPointClampingRange(
                lowerBound: clampingLowerBound.map { NSNumber(value: $0) },
                upperBound: clampingUpperBound.map { NSNumber(value: $0) })
        return try HKAudiogramSensitivityTest(
            sensitivity: HKQuantity(unit: .decibelHearingLevel(), doubleValue: sensitivity), type: conduction,
            masked: masked, side: testSide, clampingRange: range)
    }
}
