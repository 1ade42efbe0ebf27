package import Foundation

/// What an electrocardiogram holds beyond its dates: HealthKit's raw values of its classification and symptoms
/// status, the average heart rate (count/min) and sampling frequency (Hz) when known, the number of voltage
/// measurements, on insert each lead's voltages, and the symptom samples reported with it.
package struct ElectrocardiogramRow: Sendable, Equatable {
    /// `HKElectrocardiogram.Classification` raw value.
    package var classification: Int
    /// `HKElectrocardiogram.SymptomsStatus` raw value.
    package var symptomsStatus: Int
    package var averageHeartRate: Double?
    package var samplingFrequency: Double?
    package var voltageCount: Int
    /// On insert, each lead's voltages; empty on read (``SampleDetailStorage/electrocardiogramLeads(of:)`` reads
    /// them).
    package var leads: [ElectrocardiogramLeadRow]
    /// On insert, the UUIDs of the symptom samples reported with the electrocardiogram, stored in the same batch or
    /// before it; they are associated with it (`HKQuery.predicateForObjectsAssociated(electrocardiogram:)`). Empty on
    /// read.
    package var symptoms: [UUID]

    package init(
        classification: Int, symptomsStatus: Int, averageHeartRate: Double?, samplingFrequency: Double?,
        voltageCount: Int, leads: [ElectrocardiogramLeadRow] = [], symptoms: [UUID] = []
    ) {
        self.classification = classification
        self.symptomsStatus = symptomsStatus
        self.averageHeartRate = averageHeartRate
        self.samplingFrequency = samplingFrequency
        self.voltageCount = voltageCount
        self.leads = leads
        self.symptoms = symptoms
    }
}

/// One lead of an electrocardiogram: `HKElectrocardiogram.Lead`'s raw value and its voltages in microvolts, one per
/// sampling period from the recording's start.
package struct ElectrocardiogramLeadRow: Sendable, Equatable {
    package var lead: Int
    package var microvolts: [Double]

    package init(lead: Int, microvolts: [Double]) {
        self.lead = lead
        self.microvolts = microvolts
    }
}
