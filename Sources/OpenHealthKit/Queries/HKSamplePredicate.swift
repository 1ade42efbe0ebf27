public import Foundation
import OpenHealthKitEngine

/// A sample type and an optional predicate, typed by the sample class the query returns: the building block of
/// the Swift-concurrency query descriptors.
///
/// ```swift
/// let descriptor = HKSampleQueryDescriptor(
///     predicates: [.quantitySample(type: HKQuantityType(.stepCount))],
///     sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 10)
/// let steps: [HKQuantitySample] = try await descriptor.result(for: store)
/// ```
public struct HKSamplePredicate<Sample: HKSample>: Sendable {
    /// The type of samples the query returns.
    public let sampleType: HKSampleType
    /// An optional predicate that further restricts the samples.
    public nonisolated(unsafe) let nsPredicate: NSPredicate?

    init(sampleType: HKSampleType, nsPredicate: NSPredicate?) {
        self.sampleType = sampleType
        self.nsPredicate = nsPredicate
    }

    /// The predicate as the store reads it; a predicate not built by HKQuery's factories is an invalid argument.
    func filter() throws -> SampleFilter {
        try SampleFilter(type: sampleType, nsPredicate: nsPredicate)
    }
}

extension HKSamplePredicate: Hashable {
    /// Sample predicates are equal when their types and their predicates are (`NSPredicate` equality: those of
    /// HKQuery's factories compare their conditions).
    public static func == (lhs: HKSamplePredicate, rhs: HKSamplePredicate) -> Bool {
        lhs.sampleType == rhs.sampleType && lhs.nsPredicate == rhs.nsPredicate
    }

    /// Hashes the type and the predicate.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sampleType)
        hasher.combine(nsPredicate)
    }

    /// The hash of the type and the predicate.
    public var hashValue: Int {
        var hasher = Hasher()
        hash(into: &hasher)
        return hasher.finalize()
    }
}

extension HKSamplePredicate where Sample == HKSample {
    /// Samples of any type: use it to mix types in one query.
    public static func sample(type sampleType: HKSampleType, predicate: NSPredicate? = nil) -> HKSamplePredicate<
        HKSample
    > {
        HKSamplePredicate(sampleType: sampleType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKQuantitySample {
    /// The quantity samples of a type matching `predicate` (nil: every sample of the type).
    public static func quantitySample(type quantityType: HKQuantityType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKQuantitySample>
    {
        HKSamplePredicate(sampleType: quantityType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCategorySample {
    /// The category samples of a type matching `predicate` (nil: every sample of the type).
    public static func categorySample(type categoryType: HKCategoryType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKCategorySample>
    {
        HKSamplePredicate(sampleType: categoryType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKCorrelation {
    /// The correlations of a type matching `predicate` (nil: every correlation of the type).
    public static func correlation(type correlationType: HKCorrelationType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKCorrelation>
    {
        HKSamplePredicate(sampleType: correlationType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkout {
    /// The workouts matching `predicate` (nil: every workout).
    public static func workout(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkout> {
        HKSamplePredicate(sampleType: HKObjectType.workoutType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKHeartbeatSeriesSample {
    /// The heartbeat series matching `predicate` (nil: every series).
    public static func heartbeatSeries(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKHeartbeatSeriesSample> {
        HKSamplePredicate(sampleType: HKSeriesType.heartbeat(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKElectrocardiogram {
    /// The electrocardiograms matching `predicate` (nil: every electrocardiogram).
    public static func electrocardiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKElectrocardiogram> {
        HKSamplePredicate(sampleType: HKObjectType.electrocardiogramType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKAudiogramSample {
    /// The audiograms matching `predicate` (nil: every audiogram).
    public static func audiogram(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKAudiogramSample> {
        HKSamplePredicate(sampleType: HKObjectType.audiogramSampleType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKWorkoutRoute {
    /// The workout routes matching `predicate` (nil: every route), e.g. `HKQuery.predicateForObjects(from: workout)`.
    public static func workoutRoute(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKWorkoutRoute> {
        HKSamplePredicate(sampleType: HKSeriesType.workoutRoute(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKClinicalRecord {
    /// The clinical records of a type matching `predicate` (nil: every record of the type).
    public static func clinicalRecord(type clinicalType: HKClinicalType, predicate: NSPredicate? = nil)
        -> HKSamplePredicate<HKClinicalRecord>
    {
        HKSamplePredicate(sampleType: clinicalType, nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKStateOfMind {
    /// The states of mind matching `predicate` (nil: all).
    public static func stateOfMind(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKStateOfMind> {
        HKSamplePredicate(sampleType: HKObjectType.stateOfMindType(), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKGAD7Assessment {
    /// The GAD-7 assessments matching `predicate` (nil: all).
    public static func gad7Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKGAD7Assessment> {
        HKSamplePredicate(sampleType: HKScoredAssessmentType(.GAD7), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKPHQ9Assessment {
    /// The PHQ-9 assessments matching `predicate` (nil: all).
    public static func phq9Assessment(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKPHQ9Assessment> {
        HKSamplePredicate(sampleType: HKScoredAssessmentType(.PHQ9), nsPredicate: predicate)
    }
}

extension HKSamplePredicate where Sample == HKVisionPrescription {
    /// The vision prescriptions the app may read matching `predicate` (nil: all).
    public static func visionPrescription(_ predicate: NSPredicate? = nil) -> HKSamplePredicate<HKVisionPrescription> {
        HKSamplePredicate(sampleType: HKObjectType.visionPrescriptionType(), nsPredicate: predicate)
    }
}
