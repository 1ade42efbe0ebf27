import Foundation
import OpenHealthKitExchange

/// A FHIR Bulk Data kick-off (`GET [base]/$export`, Bulk Data Access IG v2), read from its headers and parameters:
/// `Prefer: respond-async` is required, `_type` names the resource types (`Patient`, `Observation`; both when absent),
/// `_outputFormat` may only be NDJSON. `_since` is refused: the store keeps no time at which a sample was stored or
/// changed (docs/FHIR.md). Any other parameter is refused too, never ignored.
struct BulkExportRequest: Sendable {
    /// The resource types to write, in the order of ``exportable``.
    let types: [String]
    /// The kick-off's URL, as the manifest repeats it.
    let url: String
    /// When the export began: its data is the store as it was from then on.
    let transactionTime: Date
    /// The SMART app that asked (its `client_id`), nil for the owner: only the same caller sees the export.
    let client: String?

    /// The resource types a bulk export writes.
    static let exportable = ["Patient", "Observation"]
    /// The names `_outputFormat` may give, all meaning newline-delimited JSON.
    static let outputFormats: Set<String> = ["application/fhir+ndjson", "application/ndjson", "ndjson"]

    /// `searchable` says which resource types the caller may search: only those are exported (a `_type` naming
    /// another is refused).
    init(
        prefer: String?, parameters: [(name: String, value: String)], url: String, client: String?,
        searchable: (String) -> Bool, now: Date = Date()
    ) throws(FHIRError) {
        guard let prefer, prefer.split(separator: ",").contains(where: { $0.trimmed == "respond-async" }) else {
            throw FHIRError(
                status: 400, code: "invalid", "A bulk export runs in the background: send Prefer: respond-async")
        }
        var types = Self.exportable.filter(searchable)
        var given: Set<String> = []
        for (name, value) in parameters {
            guard given.insert(name).inserted else {
                throw FHIRError(status: 400, code: "invalid", "Give \(name) once")
            }
            switch name {
            case "_type":
                let asked = value.split(separator: ",").map { String($0.trimmed) }
                if let unknown = asked.first(where: { !Self.exportable.contains($0) }) {
                    throw FHIRError(
                        status: 400, code: "not-supported",
                        "A bulk export writes Patient and Observation resources, not \(unknown)")
                }
                if let denied = asked.first(where: { !searchable($0) }) {
                    throw FHIRError(
                        status: 403, code: "forbidden", "This token's scopes do not let it search \(denied) resources")
                }
                types = Self.exportable.filter(asked.contains)
            case "_outputFormat":
                guard Self.outputFormats.contains(value) else {
                    throw FHIRError(
                        status: 400, code: "not-supported", "A bulk export writes application/fhir+ndjson, not \(value)"
                    )
                }
            case "_since":
                throw FHIRError(
                    status: 400, code: "not-supported",
                    "_since is not supported: the store keeps no time at which a sample was stored or changed")
            default:
                throw FHIRError(
                    status: 400, code: "not-supported",
                    "The bulk export parameter \(name) is not supported: use _type or _outputFormat")
            }
        }
        guard !types.isEmpty else {
            throw FHIRError(status: 403, code: "forbidden", "This token's scopes let it search nothing to export")
        }
        self.types = types
        self.url = url
        self.client = client
        transactionTime = now
    }
}

extension Substring {
    fileprivate var trimmed: Substring {
        let text = drop { $0 == " " }
        return text.prefix { $0 != " " && $0 != ";" }
    }
}
