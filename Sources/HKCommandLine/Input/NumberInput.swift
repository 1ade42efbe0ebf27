import OpenHealthKit

extension CommandLineInput {
    /// A finite decimal number (`98.6`, `-40`, `1e3`); `role` names it in the error (`VALUE`).
    static func number(_ text: String, role: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw HKError.invalidArgument("\(role) '\(text)' is not a number")
        }
        return value
    }
}
