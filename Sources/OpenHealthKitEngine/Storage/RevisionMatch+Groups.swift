extension RevisionMatch {
    /// Matches grouped by the fields they name, for a storage to test each group as one membership of a list,
    /// however many matches: each group's columns (the source's `so.bundle_identifier`, then those of the revision
    /// `r` the matches name: `r.version`, `r.product_type`, `r.os_version`) and, for each match, its values in that
    /// order. Groups come in a fixed order (at most 8 of them).
    package static func groups(_ matches: [RevisionMatch]) -> [(columns: [String], tuples: [[String]])] {
        let columns = ["r.version", "r.product_type", "r.os_version"]
        var groups: [Int: [[String]]] = [:]
        for match in matches {
            let fields = [match.version, match.productType, match.operatingSystemVersion]
            let named = fields.indices.reduce(0) { mask, index in fields[index] == nil ? mask : mask | 1 << index }
            groups[named, default: []].append([match.bundleIdentifier] + fields.compactMap { $0 })
        }
        return groups.keys.sorted().map { named in
            let revisionColumns = columns.indices.filter { named & 1 << $0 != 0 }.map { columns[$0] }
            return (["so.bundle_identifier"] + revisionColumns, groups[named] ?? [])
        }
    }
}
