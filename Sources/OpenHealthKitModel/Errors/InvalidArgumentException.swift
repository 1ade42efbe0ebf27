/// Stops the process the way HealthKit raises `NSInvalidArgumentException` from a non-throwing API.
///
/// Only the Apple-shaped, non-throwing entry points call this (for source compatibility); each has a
/// throwing twin that servers and tools use so that input from outside never stops a process.
package func raiseInvalidArgumentException(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("NSInvalidArgumentException: \(message)", file: file, line: line)
}

extension Result where Failure == HKError {
    /// The value, or HealthKit's exception for the error: the bridge from a throwing form to Apple's trapping one.
    package func getOrRaise() -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): raiseInvalidArgumentException(error.message)
        }
    }
}
