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
    /// What may be done with one resource type.
    struct Permissions: Sendable, Equatable {
        var read = false
        var search = false
    }

    /// The resource types the API serves.
    static let resourceTypes = ["Patient", "Device", "Observation"]

    private var permissions: [String: Permissions]
    /// The Observations readable, as the lists of `code` and `category` tokens of each Observation scope (each
    /// scope's filters must all match; any scope may); nil for every Observation.
    private var observationFilters: [[ObservationFilter]]?

    /// Everything: the owner's access.
    package static let everything = FHIRAccess(
        permissions: Dictionary(
            uniqueKeysWithValues: resourceTypes.map { ($0, Permissions(read: true, search: true)) }),
        observationFilters: nil)

    private init(permissions: [String: Permissions], observationFilters: [[ObservationFilter]]?) {
        self.permissions = permissions
        self.observationFilters = observationFilters
    }

    /// The access `scopes` grant, and those of them granted (a scope granting nothing is not).
    package static func granted(by scopes: [String]) -> (access: FHIRAccess, granted: [String]) {
        var permissions: [String: Permissions] = [:]
        // nil until an Observation scope grants reads; then each narrowed scope's filters, or nil for all.
        var filters: [[ObservationFilter]]? = []
        var anyObservations = false
        var granted: [String] = []
        for scope in scopes {
            guard let resource = ResourceScope(scope) else { continue }
            granted.append(scope)
            for type in resource.types {
                var allowed = permissions[type] ?? Permissions()
                allowed.read = allowed.read || resource.read
                allowed.search = allowed.search || resource.search
                permissions[type] = allowed
            }
            guard resource.types.contains("Observation") else { continue }
            anyObservations = true
            if resource.filters.isEmpty {
                filters = nil
            } else {
                filters?.append(resource.filters)
            }
        }
        return (FHIRAccess(permissions: permissions, observationFilters: anyObservations ? filters : []), granted)
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

    package func mayRead(_ type: String) -> Bool { permissions[type]?.read ?? false }
    package func maySearch(_ type: String) -> Bool { permissions[type]?.search ?? false }

    /// Whether Observations coded `code` are readable.
    func allows(_ code: FHIRCodes.ObservationCode) -> Bool {
        guard let observationFilters else { return true }
        return observationFilters.contains { filters in filters.allSatisfy { $0.matches(code) } }
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
        switch permissions {
        case "read", "*": (read, search) = (true, true)
        default:
            // v2: a subset of `cruds`, in that order.
            guard !permissions.isEmpty, permissions.allSatisfy("cruds".contains),
                Array(permissions) == "cruds".filter(permissions.contains)
            else { return nil }
            (read, search) = (permissions.contains("r"), permissions.contains("s"))
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
    }
}
