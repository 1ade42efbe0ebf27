import OpenHealthKitEngine

/// A search of Observations, read from its parameters (FHIR R4, Observation's search parameters): `code` and
/// `category` (tokens, any of a comma-separated list; repeated, all of them), `date` (repeated: all of them),
/// `_count`, `_sort` (`date` or `-date`), and `_cursor`, the position a `next` link carries. Any other parameter is
/// refused rather than ignored: an answer that silently matched more than asked would mislead.
struct FHIRObservationSearch {
    /// Each `code` and `category` parameter: a type must match one token of each.
    var filters: [ObservationFilter] = []
    var dates: [FHIRDateParameter] = []
    var count = FHIRObservationSearch.defaultCount
    var newestFirst = false
    var cursor: FHIRCursor?
    /// The parameters as given, but `_cursor`: what `self` and `next` links repeat.
    var echoed: [(String, String)] = []

    static let defaultCount = 50
    static let maximumCount = 1000

    init(_ parameters: [(name: String, value: String)]) throws(FHIRError) {
        var given: Set<String> = []
        for (name, value) in parameters {
            // One value each: two could be read differently by two readers.
            guard !name.hasPrefix("_") || given.insert(name).inserted else { throw .invalid("Give \(name) once") }
            switch name {
            case "code": filters.append(ObservationFilter(parameter: .code, tokens: try FHIRToken.list(value)))
            case "category": filters.append(ObservationFilter(parameter: .category, tokens: try FHIRToken.list(value)))
            case "date": dates.append(try FHIRDateParameter(value))
            case "_count":
                guard let count = Int(value), (1...Self.maximumCount).contains(count) else {
                    throw .invalid("_count must be a whole number from 1 to \(Self.maximumCount), not \(value)")
                }
                self.count = count
            case "_sort":
                guard value == "date" || value == "-date" else {
                    throw .notSupported("Observations sort by date only: _sort=date or _sort=-date, not \(value)")
                }
                newestFirst = value == "-date"
            case "_cursor":
                cursor = try FHIRCursor(value)
                continue
            default:
                throw .notSupported(
                    "The Observation search parameter \(name) is not supported: use code, category, date, _count, "
                        + "_sort")
            }
            echoed.append((name, value))
        }
    }

    /// Whether Observations coded `code` match the search's `code` and `category` parameters.
    func matches(_ code: FHIRCodes.ObservationCode) -> Bool {
        filters.allSatisfy { $0.matches(code) }
    }

    /// The rows of the types `types` this search reads for its page: samples that are not a correlation's member
    /// (those are their correlation's components or members), in the dates asked, from the cursor on, in date order
    /// (ties in the order they were stored), one more than a page beyond what the cursor skips, to know whether a
    /// next page follows.
    func query(types: [String]) -> RowQuery {
        var conditions: [RowCondition] = [.noCorrelation] + dates.map(\.condition)
        if let cursor {
            conditions.append(
                newestFirst
                    ? .dateRange(start: nil, end: cursor.start.nextUp, mode: .strictStart)
                    : .dateRange(start: cursor.start, end: nil, mode: .strictStart))
        }
        return RowQuery(
            typeIdentifiers: types, condition: .and(conditions),
            sort: [RowSort(.startDate, ascending: !newestFirst), RowSort(.anchor, ascending: !newestFirst)],
            limit: (cursor?.skip ?? 0) + count + 1)
    }
}

/// Where a page of a search starts: at the rows starting at `start` (or, newest first, up to it), after the first
/// `skip` of them, which earlier pages returned. Written `<start>_<skip>` in `next` links.
struct FHIRCursor: Equatable {
    let start: Double
    let skip: Int
    /// The most rows starting at one instant a page may pass over: a page reads at most this many more rows than it
    /// returns. (More samples than this starting at one instant cannot be paged past.)
    static let maximumSkip = 10 * FHIRObservationSearch.maximumCount

    init(start: Double, skip: Int) {
        self.start = start
        self.skip = skip
    }

    init(_ text: String) throws(FHIRError) {
        let parts = text.split(separator: "_")
        guard parts.count == 2, let start = Double(parts[0]), start.isFinite, let skip = Int(parts[1]),
            (0...Self.maximumSkip).contains(skip)
        else { throw .invalid("\(text) is not a position in a search: follow the next link as it is given") }
        self.start = start
        self.skip = skip
    }

    var text: String { "\(start)_\(skip)" }
}
