extension RowCondition {
    /// The dates the condition's date ranges can select at most (nil bounds open), whatever their mode; nil when the
    /// condition does not bound dates (a negation, or a disjunction with an unbounded branch). A storage that tests
    /// a series' quantities as samples of their own bounds its scan of samples by it: a quantity lies within its
    /// sample's dates.
    package var dateEnvelope: (start: Double?, end: Double?)? {
        switch self {
        case .dateRange(let start, let end, _):
            return (start, end)
        case .and(let parts):
            var result: (start: Double?, end: Double?)?
            for part in parts {
                guard let bounds = part.dateEnvelope else { continue }
                let start = [result?.start, bounds.start].compactMap { $0 }.max()
                let end = [result?.end, bounds.end].compactMap { $0 }.min()
                result = (start, end)
            }
            return result
        case .or(let parts):
            guard !parts.isEmpty else { return nil }
            var starts: [Double] = [], ends: [Double] = []
            var openStart = false, openEnd = false
            for part in parts {
                guard let bounds = part.dateEnvelope else { return nil }
                if let start = bounds.start { starts.append(start) } else { openStart = true }
                if let end = bounds.end { ends.append(end) } else { openEnd = true }
            }
            return (openStart ? nil : starts.min(), openEnd ? nil : ends.max())
        default:
            return nil
        }
    }
}
