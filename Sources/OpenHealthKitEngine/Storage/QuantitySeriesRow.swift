/// What a quantity sample built from several quantities holds beyond its value (its sum or average): the count, the
/// smallest, largest and latest quantities (values in the type's canonical unit, dates in seconds since 1970), and on
/// insert the quantities themselves.
package struct QuantitySeriesRow: Sendable, Equatable {
    package var count: Int
    package var minimum: Double
    package var maximum: Double
    package var mostRecent: Double
    package var mostRecentStart: Double
    package var mostRecentEnd: Double
    /// On insert, every quantity, by start date (start dates unique); empty on read
    /// (``SampleDetailStorage/forEachQuantitySeriesValue(ofSample:_:)`` reads them).
    package var values: [QuantitySeriesValueRow]

    package init(
        count: Int, minimum: Double, maximum: Double, mostRecent: Double, mostRecentStart: Double,
        mostRecentEnd: Double, values: [QuantitySeriesValueRow] = []
    ) {
        self.count = count
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentStart = mostRecentStart
        self.mostRecentEnd = mostRecentEnd
        self.values = values
    }
}

/// One quantity of a series: its dates (seconds since 1970) and value in the type's canonical unit.
package struct QuantitySeriesValueRow: Sendable, Equatable {
    package var start: Double
    package var end: Double
    package var value: Double

    package init(start: Double, end: Double, value: Double) {
        self.start = start
        self.end = end
        self.value = value
    }
}
