import Foundation
import OpenHealthKit

extension CommandLineInput {
    /// A UUID as Foundation writes it, `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` (either case).
    static func uuid(_ text: String) throws -> UUID {
        guard let uuid = UUID(uuidString: text) else {
            throw HKError.invalidArgument("invalid UUID '\(text)': use the form E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        }
        return uuid
    }
}
