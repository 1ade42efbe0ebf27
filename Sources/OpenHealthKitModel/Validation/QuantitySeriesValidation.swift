import Foundation

/// The checks on the quantities of a series sample being saved, beyond the sample's own: each is a valid quantity of
/// the type, lies within the sample's dates, and starts after the one before it (the builder keeps one quantity per
/// start date, in order).
package enum QuantitySeriesValidation {
    package static func validate(_ entries: [QuantitySeriesEntry], of sample: HKQuantitySample) throws(HKError) {
        guard !entries.isEmpty else {
            throw .invalidArgument("A quantity series sample needs at least one quantity")
        }
        let type = sample.quantityType
        var previousStart = -Double.infinity
        for entry in entries {
            try QuantityValidation.validate(HKQuantity(unit: type.canonicalUnit, doubleValue: entry.value), for: type)
            guard entry.interval.start >= sample.startDate, entry.interval.end <= sample.endDate else {
                throw .invalidArgument(
                    "A quantity of the series (\(entry.interval.start) - \(entry.interval.end)) lies outside its sample (\(sample.startDate) - \(sample.endDate))"
                )
            }
            let start = entry.interval.start.timeIntervalSince1970
            guard start > previousStart else {
                throw .invalidArgument("The quantities of a series must have distinct start dates, in order")
            }
            previousStart = start
        }
    }
}
