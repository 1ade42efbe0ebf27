package import Foundation

/// An electrocardiogram's voltages as the store reads them: each lead's microvolts, one per sampling period from the
/// recording's start, and that period's frequency.
package struct ElectrocardiogramVoltages: Sendable, Equatable {
    /// Samples per second.
    package var samplingFrequency: Double
    /// Each lead's voltages in microvolts, by lead.
    package var leads: [HKElectrocardiogram.Lead: [Double]]

    package init(samplingFrequency: Double, leads: [HKElectrocardiogram.Lead: [Double]]) {
        self.samplingFrequency = samplingFrequency
        self.leads = leads
    }

    /// The measurements in time order: the i-th is at i / samplingFrequency seconds, with every lead's i-th voltage.
    package var measurements: [HKElectrocardiogram.VoltageMeasurement] {
        let count = leads.values.map(\.count).max() ?? 0
        return (0..<count).map { index in
            var microvolts: [HKElectrocardiogram.Lead: Double] = [:]
            for (lead, values) in leads where index < values.count { microvolts[lead] = values[index] }
            return HKElectrocardiogram.VoltageMeasurement(
                timeSinceSampleStart: Double(index) / samplingFrequency, microvolts: microvolts)
        }
    }
}
