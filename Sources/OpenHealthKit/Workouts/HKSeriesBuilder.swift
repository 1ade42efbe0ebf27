public import Foundation

/// The abstract superclass of the builders of series samples (``HKWorkoutRouteBuilder``): they collect values, then
/// save them as one sample, or are discarded.
open class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Where the builder's calls run, one at a time, in order.
    let queue = DispatchQueue(label: "OpenHealthKit.HKSeriesBuilder")
    /// Whether the builder was finished or discarded: it accepts nothing more.
    let isDone = Locked(false)

    override init() {
        super.init()
    }

    /// Drops what the builder collected; it accepts nothing more.
    open func discard() {
        queue.async { [self] in isDone.withLock { $0 = true } }
    }
}
