import Foundation

/// The running totals of one bucket for one stream of samples (all sources merged, or one source).
struct Tally {
    /// How many samples lie in the bucket; a bucket holds data when this is not 0.
    var members = 0
    /// Cumulative types: the samples' values, split in proportion to their overlap with the bucket.
    var sum = 0.0
    /// Arithmetic types: the plain sum of the members' values.
    var valueSum = 0.0
    /// Time-weighted types: Σ weight × value (sound levels: Σ weight × 10^(level/10)), and Σ weight.
    var weightedSum = 0.0
    var weight = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    /// The sample that ends last (ties: the later start, then the later in the scan).
    var latestEnd = -Double.infinity
    var latestStart = -Double.infinity
    var latestValue = 0.0
    /// The earliest start and latest end of the members, as a statistics query reports its dates.
    var earliestStart = Double.infinity
    var latestMemberEnd = -Double.infinity
    /// The time the members cover, overlaps counted once.
    var duration = 0.0

    /// Counts a sample as a member of the bucket.
    mutating func admit(start: Double, end: Double, value: Double) {
        members += 1
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        if end > latestEnd || (end == latestEnd && start >= latestStart) {
            latestEnd = end
            latestStart = start
            latestValue = value
        }
        earliestStart = min(earliestStart, start)
        latestMemberEnd = max(latestMemberEnd, end)
    }
}

/// Tallies by bucket index, stored densely from the first bucket seen.
struct TallyColumn {
    private var base = 0
    var tallies: [Tally] = []

    /// The position in ``tallies`` of bucket `index`, making room for it.
    mutating func position(of index: Int) -> Int {
        if tallies.isEmpty { base = index }
        if index < base {
            tallies.insert(contentsOf: repeatElement(Tally(), count: base - index), at: 0)
            base = index
        }
        let position = index - base
        if position >= tallies.count {
            tallies.append(contentsOf: repeatElement(Tally(), count: position - tallies.count + 1))
        }
        return position
    }

    /// The tally of bucket `index`, if it holds data.
    func tally(at index: Int) -> Tally? {
        let position = index - base
        guard tallies.indices.contains(position), tallies[position].members > 0 else { return nil }
        return tallies[position]
    }

    /// The buckets holding data, with their index, in order.
    var populated: [(index: Int, tally: Tally)] {
        tallies.enumerated().compactMap { $0.element.members > 0 ? (base + $0.offset, $0.element) : nil }
    }
}
