import OpenHealthKitEngine
import OpenHealthKitExchange

/// Who reads through the FHIR API: the owner (everything), or a SMART app the owner allowed (its token's scopes).
struct FHIRCaller: Sendable {
    let user: UserState
    let access: FHIRAccess
    /// The SMART app's `client_id`; nil for the owner.
    let client: String?

    /// Who the access log names: the owner, or `fhir:<client id>`.
    var auditName: String { client.map { "fhir:" + $0 } ?? AuditEntry.owner }
}
