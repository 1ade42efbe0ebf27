package import Foundation

/// Whether the stores a process opens keep statistics aggregates: `OPENHEALTHKIT_STATISTICS_AGGREGATES`, `on` (the
/// default) or `off`. Off, writes keep none (``StatisticsUpkeep/forget(_:)``) and statistics are computed from the
/// samples: the baseline against which `ohk-bench load` measures what keeping them costs (docs/PERFORMANCE.md).
package enum StatisticsAggregatesSetting {
    package static let environmentKey = "OPENHEALTHKIT_STATISTICS_AGGREGATES"

    /// Whether `environment` asks for aggregates; an unknown value is refused, naming the variable.
    package static func keepsAggregates(
        in environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StatisticsAggregatesSettingError) -> Bool {
        switch environment[environmentKey] {
        case nil, "on": true
        case "off": false
        case let value?: throw StatisticsAggregatesSettingError(value: value)
        }
    }
}

/// `OPENHEALTHKIT_STATISTICS_AGGREGATES` holds something other than `on` or `off`.
package struct StatisticsAggregatesSettingError: Error, Equatable, CustomStringConvertible {
    package let value: String

    package init(value: String) {
        self.value = value
    }

    package var description: String {
        "\(StatisticsAggregatesSetting.environmentKey) must be on or off, not \"\(value)\""
    }
}
