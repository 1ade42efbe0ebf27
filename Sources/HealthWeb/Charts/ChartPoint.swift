import Foundation

/// One bar of a chart, in the unit shown: a total or a count (`value`), or, for discrete types, the lowest, average
/// and highest value of the interval.
struct ChartPoint: Sendable {
    let interval: DateInterval
    var value: Double? = nil
    var low: Double? = nil
    var average: Double? = nil
    var high: Double? = nil
    /// The bar's tooltip: the interval and its value.
    var title: String = ""
}
