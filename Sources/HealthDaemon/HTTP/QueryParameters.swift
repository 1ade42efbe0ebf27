import Hummingbird

/// A request's query parameters as healthd reads them: each given at most once (twice is a 400, as a JSON key named
/// twice is: two readers could take different values), numbers within the range docs/openapi.yaml states (else a 400
/// naming the range, never a silent clamp).
struct QueryParameters {
    private let request: Request

    init(_ request: Request) {
        self.request = request
    }

    /// The value of `name`, nil when the request does not give it.
    func string(_ name: String) throws -> String? {
        let values = request.uri.queryParameters.getAll(name)
        guard values.count <= 1 else { throw APIError.badRequest("Give \(name) once") }
        return values.first
    }

    /// The number `name` gives, nil when absent; it must be finite and within `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        try string(name).map { text in
            guard let value = Double(text), range.contains(value) else {
                throw APIError.badRequest("\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }

    /// The whole number `name` gives, nil when absent; it must be within `range`.
    func integer(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        try string(name).map { text in
            guard let value = Int64(text), range.contains(value) else {
                throw APIError.badRequest(
                    "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return value
        }
    }
}
