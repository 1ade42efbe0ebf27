import OpenHealthKit
import OpenHealthKitEngine

extension Principal {
    /// The source name `hk` saves under unless `--source` names another.
    static let defaultOwnerSourceName = "Health"

    /// The owner, through `hk`, saving under the source `name`: every type, no permission request.
    static func owner(named name: String = defaultOwnerSourceName) throws -> Principal {
        .owner(source: try .owner(named: name))
    }
}
