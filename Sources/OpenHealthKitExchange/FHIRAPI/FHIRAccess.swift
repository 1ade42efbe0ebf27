import Foundation

/// What a caller of the FHIR API may read: everything (the owner), or what the scopes of a SMART on FHIR token grant
/// (SMART App Launch v2, "Scopes for requesting FHIR resources"; v1's `.read` too).
///
/// A resource scope is `<context>/<type>.<permissions>[?<query>]`: the context `patient` or `user` (a standalone
/// launch reads one person's data, the signed-in user's: both mean it; `system` is not granted); the type `Patient`,
/// `Device`, `Observation` or `*` (all three); permissions among `cruds`, of which only `r` (read by id) and `s`
/// (search) are granted, or v1's `read` and `*` (both). An Observation scope may be narrowed by `code` and `category`
/// tokens (`patient/Observation.rs?code=http://loinc.org|8867-4`): the token then reads only the Observations those
/// match. Other scopes (`openid`, `fhirUser`, `launch/patient`, `offline_access`...) are not this type's: see
/// ``SMARTScopes``.
package struct FHIRAccess: Sendable, Equatable {
    /// What one interaction (read by id, or search) reaches of one resource type.
    enum Reach: Sendable, Equatable {
        /// Every resource of the type.
        case all
        /// The Observations the filters of one of these scopes all match.
        case filtered([[ObservationFilter]])

        /// This reach widened by a scope's filters (none: everything).
        func adding(_ filters: [ObservationFilter]) -> Reach {
            guard case .filtered(let lists) = self, !filters.isEmpty else { return .all }
            return .filtered(lists + [filters])
        }

        func allows(_ code: FHIRCodes.ObservationCode) -> Bool {
            guard case .filtered(let lists) = self else { return true }
            return lists.contains { filters in filters.allSatisfy { $0.matches(code) } }
        }
    }

    /// The resource types the API serves.
    static let resourceTypes = ["Patient", "Device", "Observation"]

    /// What each interaction reaches, by resource type; a type absent is not granted. Reads and searches are kept
    /// apart, so that a narrow search scope and a wide read scope never add up to a wide search.
    private var reads: [String: Reach]
    private var searches: [String: Reach]

    /// Everything: the owner's access.
    package static let everything = FHIRAccess(
        reads: Dictionary(uniqueKeysWithValues: resourceTypes.map { ($0, .all) }),
        searches: Dictionary(uniqueKeysWithValues: resourceTypes.map { ($0, .all) }))

    private init(reads: [String: Reach], searches: [String: Reach]) {
        self.reads = reads
        self.searches = searches
    }

    /// The access `scopes` grant, and the scopes granted, as granted: a scope granting nothing is left out, and
    /// one asking for more than reads (`cruds`) is granted as its reads (`rs`).
    package static func granted(by scopes: [String]) -> (access: FHIRAccess, granted: [String]) {
        var reads: [String: Reach] = [:], searches: [String: Reach] = [:]
        var granted: [String] = []
        for scope in scopes {
            guard let resource = ResourceScope(scope) else { continue }
            if !granted.contains(resource.granted) { granted.append(resource.granted) }
            for type in resource.types {
                if resource.read { reads[type] = (reads[type] ?? .filtered([])).adding(resource.filters) }
                if resource.search { searches[type] = (searches[type] ?? .filtered([])).adding(resource.filters) }
            }
        }
        return (FHIRAccess(reads: reads, searches: searches), granted)
    }

    /// A resource scope as it would be granted (``granted(by:)``); nil for one that grants no read.
    package static func grantedScope(_ scope: String) -> String? {
        ResourceScope(scope)?.granted
    }

    /// A resource scope in words, for the owner's consent sheet; nil for a scope that grants no read.
    package static func describe(_ scope: String) -> String? {
        guard let resource = ResourceScope(scope) else { return nil }
        let verb = resource.read && resource.search ? "Read and search" : resource.read ? "Read by id" : "Search"
        let what: String
        if resource.types.count > 1 {
            what = "all your data here: your details, the devices that recorded it and your observations"
        } else {
            what =
                switch resource.types[0] {
                case "Patient": "your details (sex, date of birth)"
                case "Device": "the devices that recorded your data"
                default: "your observations (measurements, workouts, electrocardiograms...)"
                }
        }
        let narrowed = resource.filters.map { filter in
            "\(filter.parameter.rawValue) "
                + filter.tokens.map { ($0.system.map { $0 + "|" } ?? "") + $0.code }
                .joined(separator: " or ")
        }
        return verb + " " + what + (narrowed.isEmpty ? "" : ", only those of " + narrowed.joined(separator: " and "))
    }

    package func mayRead(_ type: String) -> Bool { reads[type] != nil }
    package func maySearch(_ type: String) -> Bool { searches[type] != nil }

    /// Whether Observations coded `code` may be read by id.
    func allowsRead(_ code: FHIRCodes.ObservationCode) -> Bool {
        reads["Observation"]?.allows(code) ?? false
    }

    /// Whether Observations coded `code` may be found by a search (and a bulk export).
    func allowsSearch(_ code: FHIRCodes.ObservationCode) -> Bool {
        searches["Observation"]?.allows(code) ?? false
    }
}

/// A `code` or `category` filter of an Observation scope.
struct ObservationFilter: Sendable, Equatable {
    enum Parameter: String, Sendable { case code, category }
    let parameter: Parameter
    let tokens: [FHIRToken]

    func matches(_ code: FHIRCodes.ObservationCode) -> Bool {
        switch parameter {
        case .code:
            tokens.contains { token in code.codings.contains { token.matches(system: $0.system, code: $0.code) } }
        case .category:
            tokens.contains { token in
                code.category.map { token.matches(system: FHIRCodes.observationCategory, code: $0.rawValue) } ?? false
            }
        }
    }
}

/// One resource scope, read; nil for a scope that is not one or grants no read.
private struct ResourceScope {
    let types: [String]
    let read: Bool
    let search: Bool
    let filters: [ObservationFilter]
    /// The scope as granted: v2's permissions reduced to `r` and `s`, v1's `*` to `read`.
    let granted: String

    init?(_ scope: String) {
        var text = Substring(scope)
        var query: Substring?
        if let mark = text.firstIndex(of: "?") {
            query = text[text.index(after: mark)...]
            text = text[..<mark]
        }
        let parts = text.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, parts[0] == "patient" || parts[0] == "user",
            let dot = parts[1].lastIndex(of: ".")
        else { return nil }
        let type = parts[1][..<dot], permissions = parts[1][parts[1].index(after: dot)...]
        let grantedPermissions: String
        switch permissions {
        case "read", "*":
            (read, search) = (true, true)
            grantedPermissions = "read"
        default:
            // v2: a subset of `cruds`, in that order.
            guard !permissions.isEmpty, permissions.allSatisfy("cruds".contains),
                Array(permissions) == "cruds".filter(permissions.contains)
            else { return nil }
            (read, search) = (permissions.contains("r"), permissions.contains("s"))
            grantedPermissions = (read ? "r" : "") + (search ? "s" : "")
        }
        guard read || search else { return nil }
        if type == "*" {
            types = FHIRAccess.resourceTypes
        } else if FHIRAccess.resourceTypes.contains(String(type)) {
            types = [String(type)]
        } else {
            return nil
        }
        var filters: [ObservationFilter] = []
        if let query {
            // Only Observations are narrowed, by code and category; a query the server cannot honour grants nothing.
            guard types == ["Observation"] else { return nil }
            for pair in query.split(separator: "&") {
                let fields = pair.split(separator: "=", maxSplits: 1)
                guard fields.count == 2, let parameter = ObservationFilter.Parameter(rawValue: String(fields[0])),
                    let value = String(fields[1]).removingPercentEncoding,
                    let tokens = try? FHIRToken.list(value)
                else { return nil }
                filters.append(ObservationFilter(parameter: parameter, tokens: tokens))
            }
        }
        self.filters = filters
        granted = parts[0] + "/" + type + "." + grantedPermissions + (query.map { "?" + $0 } ?? "")
    }
}
