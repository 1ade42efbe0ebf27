import Foundation

/// How a sample's time span must relate to the interval of `HKQuery.predicateForSamples(withStart:end:options:)`.
///
/// With no option (`[]`) the sample must overlap the interval: it ends at or after the interval's start and starts
/// before the interval's end.
public struct HKQueryOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt

    /// The options with these bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The sample's start date must fall in the interval: at or after its start, before its end.
    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    /// The sample's end date must fall in the interval: at or after its start, before its end.
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}
