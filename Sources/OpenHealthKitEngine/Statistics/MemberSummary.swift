/// What a bucket's tally and its stored row both hold of the bucket's members, and how two such summaries combine:
/// counts and sums of values add up, the extremes and the latest member (the one ending last; on a tie the later
/// start, then the later of the two) are kept.
protocol MemberSummary {
    var members: Int { get set }
    var valueSum: Double { get set }
    var minimum: Double { get set }
    var maximum: Double { get set }
    var latestStart: Double { get set }
    var latestEnd: Double { get set }
    var latestValue: Double { get set }
    var earliestStart: Double { get set }
    var latestMemberEnd: Double { get set }
}

extension MemberSummary {
    /// Adds the members `other` summarizes, which come after this summary's on a tie (a later row, a later sample).
    mutating func addMembers(of other: some MemberSummary) {
        members += other.members
        valueSum += other.valueSum
        minimum = min(minimum, other.minimum)
        maximum = max(maximum, other.maximum)
        if other.latestEnd > latestEnd || (other.latestEnd == latestEnd && other.latestStart >= latestStart) {
            (latestStart, latestEnd, latestValue) = (other.latestStart, other.latestEnd, other.latestValue)
        }
        earliestStart = min(earliestStart, other.earliestStart)
        latestMemberEnd = max(latestMemberEnd, other.latestMemberEnd)
    }
}

extension Tally: MemberSummary {}

extension AggregateRow: MemberSummary {}
