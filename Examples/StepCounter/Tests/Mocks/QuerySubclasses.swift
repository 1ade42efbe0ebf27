import CoreLocation
import Foundation
import HealthKit

// A subclass of every query class that overrides each of the initializers Apple declares designated, with Apple's
// signatures, recording which one made it: what test doubles of queries do.

class SampleQuerySubclass: HKSampleQuery {
    let initializer: String

    override init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        initializer = "sampleType"
        super.init(
            sampleType: sampleType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
            resultsHandler: resultsHandler)
    }

    override init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        initializer = "queryDescriptors"
        super.init(queryDescriptors: queryDescriptors, limit: limit, resultsHandler: resultsHandler)
    }

    override init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        initializer = "queryDescriptors sortDescriptors"
        super.init(
            queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: sortDescriptors,
            resultsHandler: resultsHandler)
    }
}

class LegacyAnchoredObjectQuerySubclass: HKAnchoredObjectQuery {
    let initializer: String

    @available(*, deprecated)
    override init(
        type: HKSampleType, predicate: NSPredicate?, anchor: Int, limit: Int,
        completionHandler handler: @escaping @Sendable (HKAnchoredObjectQuery, [HKSample]?, Int, (any Error)?) -> Void
    ) {
        initializer = "anchor integer"
        super.init(type: type, predicate: predicate, anchor: anchor, limit: limit, completionHandler: handler)
    }
}

class StatisticsQuerySubclass: HKStatisticsQuery {
    let initializer: String

    override init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions,
        completionHandler handler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void
    ) {
        initializer = "quantityType"
        super.init(
            quantityType: quantityType, quantitySamplePredicate: quantitySamplePredicate, options: options,
            completionHandler: handler)
    }
}

class StatisticsCollectionQuerySubclass: HKStatisticsCollectionQuery {
    let initializer: String

    override init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions,
        anchorDate: Date, intervalComponents: DateComponents
    ) {
        initializer = "quantityType"
        super.init(
            quantityType: quantityType, quantitySamplePredicate: quantitySamplePredicate, options: options,
            anchorDate: anchorDate, intervalComponents: intervalComponents)
    }
}

class CorrelationQuerySubclass: HKCorrelationQuery {
    let initializer: String

    override init(
        type correlationType: HKCorrelationType, predicate: NSPredicate?,
        samplePredicates: [HKSampleType: NSPredicate]?,
        completion: @escaping @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void
    ) {
        initializer = "type"
        super.init(
            type: correlationType, predicate: predicate, samplePredicates: samplePredicates, completion: completion)
    }
}

class SourceQuerySubclass: HKSourceQuery {
    let initializer: String

    override init(
        sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
        completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
    ) {
        initializer = "sampleType"
        super.init(sampleType: sampleType, samplePredicate: objectPredicate, completionHandler: completionHandler)
    }
}

class ActivitySummaryQuerySubclass: HKActivitySummaryQuery {
    let initializer: String

    override init(
        predicate: NSPredicate?,
        resultsHandler handler: @escaping @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    ) {
        initializer = "predicate"
        super.init(predicate: predicate, resultsHandler: handler)
    }
}

class DocumentQuerySubclass: HKDocumentQuery {
    let initializer: String

    override init(
        documentType: HKDocumentType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        includeDocumentData: Bool,
        resultsHandler: @escaping @Sendable (HKDocumentQuery, [HKDocumentSample]?, Bool, (any Error)?) -> Void
    ) {
        initializer = "documentType"
        super.init(
            documentType: documentType, predicate: predicate, limit: limit, sortDescriptors: sortDescriptors,
            includeDocumentData: includeDocumentData, resultsHandler: resultsHandler)
    }
}

class QuantitySeriesSampleQuerySubclass: HKQuantitySeriesSampleQuery {
    let initializer: String

    override init(
        quantityType: HKQuantityType, predicate: NSPredicate?,
        quantityHandler:
            @escaping @Sendable (
                HKQuantitySeriesSampleQuery, HKQuantity?, DateInterval?, HKQuantitySample?, Bool, (any Error)?
            ) -> Void
    ) {
        initializer = "quantityType"
        super.init(quantityType: quantityType, predicate: predicate, quantityHandler: quantityHandler)
    }

    @available(*, deprecated)
    override init(
        sample quantitySample: HKQuantitySample,
        quantityHandler:
            @escaping @Sendable (HKQuantitySeriesSampleQuery, HKQuantity?, Date?, Bool, (any Error)?) -> Void
    ) {
        initializer = "sample"
        super.init(sample: quantitySample, quantityHandler: quantityHandler)
    }
}

class UserAnnotatedMedicationQuerySubclass: HKUserAnnotatedMedicationQuery {
    let initializer: String

    override init(
        predicate: NSPredicate?, limit: Int,
        resultsHandler:
            @escaping @Sendable (HKUserAnnotatedMedicationQuery, HKUserAnnotatedMedication?, Bool, (any Error)?) -> Void
    ) {
        initializer = "predicate"
        super.init(predicate: predicate, limit: limit, resultsHandler: resultsHandler)
    }
}

class WorkoutEffortRelationshipQuerySubclass: HKWorkoutEffortRelationshipQuery {
    let initializer: String

    override init(
        predicate: NSPredicate?, anchor: HKQueryAnchor?, options: HKWorkoutEffortRelationshipQueryOptions,
        resultsHandler:
            @escaping @Sendable (
                HKWorkoutEffortRelationshipQuery, [HKWorkoutEffortRelationship]?, HKQueryAnchor?, (any Error)?
            ) -> Void
    ) {
        initializer = "predicate"
        super.init(predicate: predicate, anchor: anchor, options: options, resultsHandler: resultsHandler)
    }
}

// The queries of a store's own samples (a route, a heartbeat series, an electrocardiogram): overridden the same way.

class WorkoutRouteQuerySubclass: HKWorkoutRouteQuery {
    let initializer: String

    override init(
        route workoutRoute: HKWorkoutRoute,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        initializer = "route"
        super.init(route: workoutRoute, dataHandler: dataHandler)
    }

    override init(
        route workoutRoute: HKWorkoutRoute, dateInterval: DateInterval,
        dataHandler: @escaping @Sendable (HKWorkoutRouteQuery, [CLLocation]?, Bool, (any Error)?) -> Void
    ) {
        initializer = "route dateInterval"
        super.init(route: workoutRoute, dateInterval: dateInterval, dataHandler: dataHandler)
    }
}

class HeartbeatSeriesQuerySubclass: HKHeartbeatSeriesQuery {
    let initializer: String

    override init(
        heartbeatSeries: HKHeartbeatSeriesSample,
        dataHandler: @escaping @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void
    ) {
        initializer = "heartbeatSeries"
        super.init(heartbeatSeries: heartbeatSeries, dataHandler: dataHandler)
    }
}

class ElectrocardiogramQuerySubclass: HKElectrocardiogramQuery {
    let initializer: String

    override init(
        electrocardiogram: HKElectrocardiogram,
        dataHandler:
            @escaping (HKElectrocardiogramQuery, HKElectrocardiogram.VoltageMeasurement?, Bool, (any Error)?) -> Void
    ) {
        initializer = "electrocardiogram"
        super.init(electrocardiogram: electrocardiogram, dataHandler: dataHandler)
    }
}
