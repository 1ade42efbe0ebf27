package import Foundation

/// The interval of `predicateForSamples(withStart:end:options:)`; a nil bound is open.
package struct SampleDateRange: Hashable, Sendable {
    /// A sample date a comparison reads.
    package enum Field: String, Hashable, Sendable {
        case startDate
        case endDate
    }

    /// One test a sample's date must pass.
    package struct Comparison: Hashable, Sendable {
        package let field: Field
        package let comparison: ComparisonOperator
        package let date: Date
    }

    package let start: Date?
    package let end: Date?
    package let options: HKQueryOptions

    package init(start: Date?, end: Date?, options: HKQueryOptions) {
        self.start = start
        self.end = end
        self.options = options
    }

    /// The tests a sample must pass, all of them (HealthKit's `HKQueryOptions` semantics):
    /// - no option: `endDate >= start` and `startDate < end` (the sample overlaps the interval);
    /// - `strictStartDate`: `startDate >= start` and `startDate < end`;
    /// - `strictEndDate`: `endDate >= start` and `endDate < end`;
    /// - both: `startDate >= start` and `endDate < end` (the other two follow from `startDate <= endDate`).
    package var comparisons: [Comparison] {
        var comparisons: [Comparison] = []
        if let start {
            let field: Field = options.contains(.strictStartDate) ? .startDate : .endDate
            comparisons.append(Comparison(field: field, comparison: .greaterThanOrEqualTo, date: start))
        }
        if let end {
            let field: Field = options.contains(.strictEndDate) ? .endDate : .startDate
            comparisons.append(Comparison(field: field, comparison: .lessThan, date: end))
        }
        return comparisons
    }
}
