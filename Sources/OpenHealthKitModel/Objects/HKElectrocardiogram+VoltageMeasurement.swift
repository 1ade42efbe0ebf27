public import Foundation

extension HKElectrocardiogram {
    /// The voltages of an electrocardiogram's leads at one moment of the recording.
    public final class VoltageMeasurement: NSObject, @unchecked Sendable {
        /// The time since the electrocardiogram's start, in seconds.
        public let timeSinceSampleStart: TimeInterval
        /// The voltage of each lead, in microvolts (the unit Apple Watch records them in).
        package let microvolts: [Lead: Double]

        package init(timeSinceSampleStart: TimeInterval, microvolts: [Lead: Double]) {
            self.timeSinceSampleStart = timeSinceSampleStart
            self.microvolts = microvolts
            super.init()
        }

        /// The voltage measured on `lead`, or nil when the electrocardiogram has no such lead. The quantity is in
        /// microvolts, as recorded, and reads in any electric potential unit (`HKUnit.volt()`).
        public func quantity(for lead: Lead) -> HKQuantity? {
            microvolts[lead].map { HKQuantity(unit: Self.microvolt, doubleValue: $0) }
        }

        private static let microvolt = HKUnit.voltUnit(with: .micro)

        /// The time and each lead's voltage, for debugging.
        public override var description: String {
            let leads = microvolts.keys.sorted { $0.rawValue < $1.rawValue }.map {
                "\($0.rawValue): \(microvolts[$0]!) µV"
            }
            return "\(timeSinceSampleStart) s " + leads.joined(separator: ", ")
        }
    }
}
