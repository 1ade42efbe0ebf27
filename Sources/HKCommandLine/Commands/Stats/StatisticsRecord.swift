/// One interval as `hk stats` prints it: its start and end, its statistics, their unit, and with `--by-source` each
/// source's statistics under `sources`, keyed by the source's name.
struct StatisticsRecord: Encodable {
    /// ISO 8601 in the output zone; nil only for a whole-range statistics without bounds or data.
    let start: String?
    let end: String?
    let figures: StatisticsFigures
    /// With `--by-source`: every source of the listing, in priority order, each with its figures in this interval.
    let sources: [(key: String, figures: StatisticsFigures)]?

    /// The columns of records with these fields and sources: `start`, `end`, the fields, `unit`, then for each source
    /// its fields as JSON paths, `sources.<name>.<field>` (one unit serves every column).
    static func columns(fields: [StatisticsField], sourceKeys: [String]?) -> [String] {
        let names = fields.map(\.rawValue)
        return ["start", "end"] + names + ["unit"]
            + (sourceKeys ?? []).flatMap { key in names.map { "sources.\(key).\($0)" } }
    }

    /// The row under ``columns(fields:sourceKeys:)``.
    var cells: [String] {
        [start ?? "", end ?? ""] + figures.cells + (sources ?? []).flatMap { $0.figures.cells.dropLast() }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: RecordKey.self)
        try container.encode(start, forKey: RecordKey("start"))
        try container.encode(end, forKey: RecordKey("end"))
        try figures.encode(into: &container)
        guard let sources else { return }
        var bySource = container.nestedContainer(keyedBy: RecordKey.self, forKey: RecordKey("sources"))
        for (key, figures) in sources { try bySource.encode(figures, forKey: RecordKey(key)) }
    }
}
