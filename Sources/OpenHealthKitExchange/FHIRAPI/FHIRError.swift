/// A request the FHIR API refuses, answered as an `OperationOutcome` with an HTTP status (FHIR R4, RESTful API:
/// "Error handling").
package struct FHIRError: Error, Equatable {
    /// The HTTP status: 400, 404...
    package let status: Int
    /// The issue's type, from FHIR's `IssueType` value set (`invalid`, `not-found`, `not-supported`...).
    package let code: String
    /// What went wrong, for a person.
    package let diagnostics: String

    package init(status: Int, code: String, _ diagnostics: String) {
        self.status = status
        self.code = code
        self.diagnostics = diagnostics
    }

    /// A parameter or value the API cannot use (400, `invalid`).
    static func invalid(_ diagnostics: String) -> FHIRError {
        FHIRError(status: 400, code: "invalid", diagnostics)
    }

    /// What the API does not offer (400, `not-supported`).
    static func notSupported(_ diagnostics: String) -> FHIRError {
        FHIRError(status: 400, code: "not-supported", diagnostics)
    }

    /// A resource that is not there, or not there for this caller: the two answers are the same (404, `not-found`).
    static func notFound(_ resourceType: String, _ id: String) -> FHIRError {
        FHIRError(status: 404, code: "not-found", "There is no \(resourceType) with id \(id)")
    }

    /// The `OperationOutcome` of this error.
    package var operationOutcome: String {
        FHIRError.operationOutcome(severity: "error", code: code, diagnostics: diagnostics)
    }

    /// An `OperationOutcome` of one issue.
    package static func operationOutcome(severity: String, code: String, diagnostics: String) -> String {
        var issue = JSONObject()
        issue.string("severity", severity)
        issue.string("code", code)
        issue.string("diagnostics", diagnostics)
        var outcome = JSONObject()
        outcome.string("resourceType", "OperationOutcome")
        outcome.array("issue", [issue])
        return outcome.json
    }
}
