import Foundation

/// Parsed unit strings shared by every thread, so that each distinct string is parsed once.
final class UnitDefinitionCache: @unchecked Sendable {
    static let shared = UnitDefinitionCache()

    // Bounded because servers parse strings that come from outside.
    private let capacity = 4096
    private let lock = NSLock()
    private var definitions: [String: UnitDefinition] = [:]

    /// The unit `string` describes, or `errorInvalidArgument` naming what is wrong with it.
    func definition(parsing string: String) -> Result<UnitDefinition, HKError> {
        if let cached = lock.withLock({ definitions[string] }) { return .success(cached) }
        let result = Result { () throws(HKError) in try UnitStringParser.parse(string) }
        if case .success(let definition) = result {
            lock.withLock {
                if definitions.count >= capacity { definitions.removeAll(keepingCapacity: true) }
                definitions[string] = definition
            }
        }
        return result
    }
}
