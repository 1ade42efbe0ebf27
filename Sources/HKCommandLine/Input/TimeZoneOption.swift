import ArgumentParser
import Foundation
import OpenHealthKit

/// The `--timezone` option: the zone that bare dates (`2024-11-03`) start in and that output dates are shown in.
struct TimeZoneOption: ParsableArguments {
    @Option(
        name: .customLong("timezone"), help: "Time zone for dates (an IANA name such as Europe/Paris; default: local).")
    var name: String?

    /// The named zone, or the local one when the option is absent.
    func timeZone() throws -> TimeZone {
        guard let name else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw HKError.invalidArgument("unknown time zone '\(name)': use an IANA name such as Europe/Paris or UTC")
        }
        return zone
    }
}
