import Foundation
import OpenHealthKit

/// One sample as the raw baseline binds it: the values of a point heart-rate reading in the store's units
/// (seconds since 1970, count/min).
struct RawSample {
    var uuid: UUID
    var start: Double
    var end: Double
    var value: Double
}

/// Heart-rate readings about once a minute (±20 s), as a watch records them, ending at a fixed date:
/// about 1,440 readings a day. Times and values depend only on the distance from the end, so series of
/// different lengths share their last days (and a day's query returns the same samples in every store).
struct HeartRateSeries {
    static let type = HKQuantityType(.heartRate)
    static let unit = HKUnit.count().unitDivided(by: .minute())
    /// 2025-01-01 00:00:00 UTC.
    static let end: Double = 1_735_689_600
    static let day: Double = 86_400

    let count: Int

    func start(at index: Int) -> Double {
        let fromEnd = UInt64(count - index)
        return Self.end - Double(fromEnd) * 60 + Double(Self.noise(fromEnd, salt: 1) % 41) - 20
    }

    /// Beats per minute between 48 and 140.
    func value(at index: Int) -> Double {
        48 + Double(Self.noise(UInt64(count - index), salt: 2) % 93)
    }

    /// The values of the sample, with a pseudo-random version 4 UUID: Foundation's `UUID()` reads /dev/urandom
    /// on Linux at each call, which would dominate a bulk build.
    func rawSample(at index: Int) -> RawSample {
        let start = start(at: index)
        return RawSample(uuid: uuid(at: index), start: start, end: start, value: value(at: index))
    }

    private func uuid(at index: Int) -> UUID {
        let position = UInt64(count - index)
        var high = Self.noise(position, salt: 3)
        var low = Self.noise(position, salt: 4)
        high = (high & ~0xF000) | 0x4000  // version 4
        low = (low & ~(0xC << 60)) | (0x8 << 60)  // RFC 4122 variant
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
    }

    /// The sample an app would make, through HealthKit's public initializer (which validates it).
    func object(at index: Int) -> HKQuantitySample {
        let date = Date(timeIntervalSince1970: start(at: index))
        return HKQuantitySample(
            type: Self.type, quantity: HKQuantity(unit: Self.unit, doubleValue: value(at: index)), start: date,
            end: date)
    }

    /// The interval of the `daysBeforeEnd`-th last day.
    static func dayInterval(daysBeforeEnd: Int) -> (start: Double, end: Double) {
        let dayEnd = end - Double(daysBeforeEnd) * day
        return (dayEnd - day, dayEnd)
    }

    /// SplitMix64 of the position: deterministic, well spread.
    private static func noise(_ position: UInt64, salt: UInt64) -> UInt64 {
        var z = position &* 0x9E37_79B9_7F4A_7C15 &+ salt &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
