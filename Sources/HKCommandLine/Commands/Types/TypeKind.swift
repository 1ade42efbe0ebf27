import ArgumentParser

/// The kinds of types in the catalog, as `hk types --kind` names them.
enum TypeKind: String, CaseIterable, Encodable, ExpressibleByArgument {
    case quantity, category, characteristic, correlation, workout, series, electrocardiogram, audiogram, activitySummary
}
