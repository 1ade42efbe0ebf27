import Foundation
import OpenHealthKitModel
import OpenHealthKitTesting
import OpenHealthKitWire

/// A seeded source of wire values for the codec tests: samples of every kind the fast codec writes (quantity and
/// category samples, with and without device, metadata of every kind, source revision) and of kinds it leaves to
/// `JSONEncoder` (correlations, workouts, series, answers...), with strings and numbers chosen to find the corners of
/// JSON (escapes, control characters, non-ASCII text, slashes, -0, subnormals, exponents).
struct RandomWireValues {
    private var bits: SeededRandom

    init(seed: UInt64) { bits = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { bits.next() }

    mutating func below(_ bound: Int) -> Int { bits.below(bound) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    static let strings = [
        "", "a", "Cardio", "com.example.cardio", "count/min", "kg", "degC", "mg/dL", "Apple Watch", "iPhone15,2",
        "a/b", "quote \" inside", "back\\slash", "tab\there", "line\nbreak", "\u{1}\u{1f}\u{7f}", "é", "日本語",
        "emoji 😀", "\u{2028}", "HKMetadataKeyExternalUUID", "_private", "Z", "z", "10", "9",
    ]

    mutating func string() -> String {
        chance(80) ? pick(Self.strings) : pick(Self.strings) + pick(Self.strings)
    }

    mutating func double() -> Double {
        switch below(6) {
        case 0: return pick([0, -0.0, 1, -1, 0.1, 72, 1e16, 1e-7, 5e-324, 1.7976931348623157e308, 123_456_789.123])
        case 1: return Double(below(1_000_000)) / pick([1, 10, 100, 1000, 3])
        case 2: return Double(Int64(bitPattern: next()) >> 11)
        default:
            while true {
                let value = Double(bitPattern: next())
                if value.isFinite { return value }
            }
        }
    }

    mutating func date() -> Date {
        chance(50)
            ? Date(timeIntervalSince1970: 1_700_000_000 + Double(below(100_000_000)) / pick([1, 4, 1000]))
            : Date(timeIntervalSince1970: double())
    }

    mutating func quantity() -> WireQuantity { WireQuantity(value: double(), unit: string()) }

    mutating func metadataValue() -> WireMetadataValue {
        switch below(5) {
        case 0: return .string(string())
        case 1: return .number(double())
        case 2: return .bool(chance(50))
        case 3: return .date(WireDate(date()))
        default: return .quantity(quantity())
        }
    }

    mutating func metadata() -> [String: WireMetadataValue] {
        var metadata: [String: WireMetadataValue] = [:]
        for _ in 0..<below(5) { metadata[string()] = metadataValue() }
        return metadata
    }

    mutating func device() -> WireDevice {
        var device = WireDevice(
            HKDevice(
                name: nil, manufacturer: nil, model: nil, hardwareVersion: nil, firmwareVersion: nil,
                softwareVersion: nil, localIdentifier: nil, UDIDeviceIdentifier: nil))
        if chance(60) { device.name = string() }
        if chance(40) { device.manufacturer = string() }
        if chance(40) { device.model = string() }
        if chance(30) { device.hardwareVersion = string() }
        if chance(30) { device.firmwareVersion = string() }
        if chance(30) { device.softwareVersion = string() }
        if chance(30) { device.localIdentifier = string() }
        if chance(30) { device.udiDeviceIdentifier = string() }
        return device
    }

    /// Revisions that samples share, as an app's readings do.
    static let revisions = [
        WireSourceRevision(
            source: WireSource(name: "Cardio", bundleIdentifier: "com.example.cardio"), version: "3",
            productType: "iPhone15,2", operatingSystemVersion: "26.1.0"),
        WireSourceRevision(
            source: WireSource(name: "Watch", bundleIdentifier: "com.apple.health.watch"), version: nil,
            productType: "Watch7,1", operatingSystemVersion: "11.0.0"),
    ]

    mutating func sourceRevision() -> WireSourceRevision {
        WireSourceRevision(
            source: WireSource(name: string(), bundleIdentifier: string()), version: chance(70) ? string() : nil,
            productType: chance(70) ? string() : nil, operatingSystemVersion: pick(["26.1.0", "1.2.3", string()]))
    }

    /// A sample of a common kind (quantity, category or neither), or now and then of a rarer kind.
    mutating func sample(depth: Int = 0) -> WireSample {
        var sample = WireSample(
            uuid: UUID(),
            type: pick(["HKQuantityTypeIdentifierHeartRate", "HKCategoryTypeIdentifierSleepAnalysis", string()]),
            startDate: date(), endDate: date())
        if chance(40) { sample.device = device() }
        if chance(40) { sample.metadata = metadata() }
        if chance(50) { sample.sourceRevision = chance(50) ? pick(Self.revisions) : sourceRevision() }
        switch below(3) {
        case 0: sample.quantity = quantity()
        case 1: sample.value = Int(Int32(truncatingIfNeeded: next()))
        default: break
        }
        if chance(10) {
            switch below(5) {
            case 0 where depth == 0: sample.objects = (0..<below(3)).map { _ in self.sample(depth: 1) }
            case 1:
                sample.workoutActivityType = UInt(below(100))
                sample.duration = double()
                sample.totalDistance = quantity()
            case 2: sample.count = below(1000)
            case 3: sample.answers = (0..<below(9)).map { _ in below(4) }
            default: sample.associatedSamples = [UUID()]
            }
        }
        return sample
    }

    mutating func samples() -> [WireSample] { (0..<below(12)).map { _ in sample() } }
}
