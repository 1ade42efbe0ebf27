import OpenHealthKitEngine
import PostgresNIO

/// The ids of a batch's lookup rows (sources, source revisions, devices) in the user's tables, found or created in
/// bulk inside the write transaction: one statement per table adds the values it lacks, one reads every id back.
/// (The user's anchor lock keeps other writers of the user out meanwhile.)
struct LookupRows {
    private(set) var sources: [String: Int64] = [:]
    private(set) var revisions: [RevisionKey: Int64] = [:]
    private(set) var devices: [DeviceRow: Int64] = [:]

    struct RevisionKey: Hashable {
        var sourceID: Int64
        var revision: RevisionRow
    }

    /// Finds or creates the lookup rows of `rows`. A source's name is its first row's in the batch: the latest name
    /// an app gives itself is the one shown.
    init(_ rows: [SampleRow], _ write: AnchoredWrite) throws {
        let session = write.session
        var names: [String: String] = [:]
        var bundles: [String] = []
        for row in rows where names[row.source.bundleIdentifier] == nil {
            names[row.source.bundleIdentifier] = row.source.name
            bundles.append(row.source.bundleIdentifier)
        }
        guard !bundles.isEmpty else { return }
        var binds = Binds()
        let user = binds.add(write.user), bundleList = binds.add(bundles)
        let nameList = binds.add(bundles.map { names[$0]! })
        try session.execute(
            """
            INSERT INTO source (user_id, bundle_identifier, name)
            SELECT \(user), * FROM unnest(\(bundleList)::text[], \(nameList)::text[])
            ON CONFLICT (user_id, bundle_identifier) DO UPDATE SET name = EXCLUDED.name
            WHERE source.name <> EXCLUDED.name
            """, binds.bindings)
        binds = Binds()
        let user2 = binds.add(write.user), bundleList2 = binds.add(bundles)
        for row in try session.query(
            "SELECT id, bundle_identifier FROM source WHERE user_id = \(user2) AND bundle_identifier = ANY(\(bundleList2)::text[])",
            binds.bindings)
        {
            let (id, bundle) = try row.decode((Int64, String).self)
            sources[bundle] = id
        }
        try resolveRevisions(rows, write)
        try resolveDevices(rows, write)
    }

    private mutating func resolveRevisions(_ rows: [SampleRow], _ write: AnchoredWrite) throws {
        var keys: [RevisionKey] = []
        var seen = Set<RevisionKey>()
        for row in rows {
            let key = RevisionKey(sourceID: sources[row.source.bundleIdentifier]!, revision: row.revision)
            if seen.insert(key).inserted { keys.append(key) }
        }
        func columns(_ binds: inout Binds) -> String {
            let ids = binds.add(keys.map(\.sourceID)), versions = binds.add(keys.map(\.revision.version))
            let products = binds.add(keys.map(\.revision.productType))
            let systems = binds.add(keys.map(\.revision.operatingSystemVersion))
            return "unnest(\(ids)::int8[], \(versions)::text[], \(products)::text[], \(systems)::text[])"
        }
        var binds = Binds()
        var user = binds.add(write.user)
        try write.session.execute(
            """
            INSERT INTO source_revision (user_id, source_id, version, product_type, os_version)
            SELECT \(user), * FROM \(columns(&binds)) ON CONFLICT DO NOTHING
            """, binds.bindings)
        binds = Binds()
        user = binds.add(write.user)
        let rows = try write.session.query(
            """
            SELECT r.id, r.source_id, r.version, r.product_type, r.os_version FROM source_revision r
            JOIN \(columns(&binds)) AS k(source_id, version, product_type, os_version)
              ON (r.source_id, r.version, r.product_type, r.os_version)
               = (k.source_id, k.version, k.product_type, k.os_version)
            WHERE r.user_id = \(user)
            """, binds.bindings)
        for row in rows {
            let (id, source, version, product, system) = try row.decode((Int64, Int64, String, String, String).self)
            let revision = RevisionRow(version: version, productType: product, operatingSystemVersion: system)
            revisions[RevisionKey(sourceID: source, revision: revision)] = id
        }
    }

    private mutating func resolveDevices(_ rows: [SampleRow], _ write: AnchoredWrite) throws {
        var list: [DeviceRow] = []
        var seen = Set<DeviceRow>()
        for row in rows {
            if let device = row.device, seen.insert(device).inserted { list.append(device) }
        }
        guard !list.isEmpty else { return }
        func columns(_ binds: inout Binds) -> String {
            let arrays = (0..<DeviceRow.columnNames.count).map { index in binds.add(list.map { $0.fields[index] }) }
            return "unnest(" + arrays.map { "\($0)::text[]" }.joined(separator: ", ") + ")"
        }
        let names = DeviceRow.columnNames.joined(separator: ", ")
        var binds = Binds()
        var user = binds.add(write.user)
        try write.session.execute(
            "INSERT INTO device (user_id, \(names)) SELECT \(user), * FROM \(columns(&binds)) ON CONFLICT DO NOTHING",
            binds.bindings)
        binds = Binds()
        user = binds.add(write.user)
        let matched = DeviceRow.columnNames.map { "d.\($0) = k.\($0)" }.joined(separator: " AND ")
        let rows = try write.session.query(
            """
            SELECT d.id, \(DeviceRow.columnNames.map { "d.\($0)" }.joined(separator: ", ")) FROM device d
            JOIN \(columns(&binds)) AS k(\(names)) ON \(matched)
            WHERE d.user_id = \(user)
            """, binds.bindings)
        for row in rows {
            let cells = row.makeRandomAccess()
            let device = DeviceRow(
                fields: try (1...DeviceRow.columnNames.count).map { try cells[$0].decode(String.self) })
            devices[device] = try cells[0].decode(Int64.self)
        }
    }
}
