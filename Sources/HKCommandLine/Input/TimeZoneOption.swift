import ArgumentParser
import Foundation
import OpenHealthKit

/// The `--timezone` option: the zone that bare dates (`2024-11-03`) start in and that output dates are shown in.
struct TimeZoneOption: ParsableArguments {
    @Option(
        name: .customLong("timezone"),
        help: ArgumentHelp(
            "Time zone for dates (an IANA name such as Europe/Paris; default: the one chosen on Health's Me page, "
                + "else local)."))
    var name: String?

    /// The named zone; without the option, the one the owner chose on Health's Me page (the store's setting, when
    /// `store` names a store that exists), else the local one.
    func timeZone(store: StoreOption? = nil) throws -> TimeZone {
        guard let name else { return try store?.ownerTimeZone() ?? .current }
        guard let zone = TimeZone(identifier: name) else {
            throw HKError.invalidArgument("unknown time zone '\(name)': use an IANA name such as Europe/Paris or UTC")
        }
        return zone
    }
}
