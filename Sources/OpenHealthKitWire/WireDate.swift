public import Foundation
import OpenHealthKitModel

/// A date on the wire: seconds since 1970 as a JSON number (what healthd writes, exact to the bit), or, on input,
/// an ISO 8601 string such as `2024-11-03T01:30:00Z` or `2024-11-03T01:30:00.250+01:00`.
public struct WireDate: Codable, Sendable, Hashable {
    /// The date.
    public var date: Date

    /// Wraps a date.
    public init(_ date: Date) {
        self.date = date
    }

    /// Reads seconds since 1970 (a finite number) or an ISO 8601 string, with or without fractional seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            guard seconds.isFinite else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "a date must be a finite number of seconds")
            }
            date = Date(timeIntervalSince1970: seconds)
            return
        }
        let text = try container.decode(String.self)
        let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        guard let parsed = (try? Date(text, strategy: withFraction)) ?? (try? Date(text, strategy: .iso8601)) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text) is not a date: use seconds since 1970 or ISO 8601")
        }
        date = parsed
    }

    /// Writes seconds since 1970 as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.timeIntervalSince1970)
    }
}
