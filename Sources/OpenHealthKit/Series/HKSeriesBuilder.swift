public import Foundation
import OpenHealthKitModel

/// The abstract superclass of builders that collect a series of data for one sample (``HKHeartbeatSeriesBuilder``).
open class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Where the builder is: collecting, finished (its sample saved) or discarded.
    let state = Locked(SeriesBuilderState.collecting)

    override init() {
        super.init()
    }

    /// Stops collecting and drops what was collected: nothing is saved, and the builder cannot be used again.
    open func discard() {
        state.withLock { $0 = .discarded }
    }
}

/// The life of a series builder: data is added while collecting; finishing saves the sample once; discarding drops
/// everything. Adding to or finishing a builder that is no longer collecting is `errorInvalidArgument`.
enum SeriesBuilderState: Sendable {
    case collecting
    case finished
    case discarded

    /// Throws unless the builder still collects.
    func checkCollecting(_ builder: String) throws(HKError) {
        switch self {
        case .collecting: return
        case .finished: throw .invalidArgument("The \(builder) has already finished its series")
        case .discarded: throw .invalidArgument("The \(builder) was discarded")
        }
    }
}
