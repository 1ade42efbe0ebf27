import GRDB
package import OpenHealthKitEngine

extension SQLiteStorage {
    package func forEachStatisticsAggregate(
        _ query: AggregateQuery, sources: ([SourceRow], _ ranking: [String]) throws -> Void,
        _ body: (AggregateRow) throws -> Void
    ) throws -> Bool {
        guard keepsStatisticsAggregates else { return false }
        return try writer.read { db in try StatisticsAggregates(db).forEach(query, sources: sources, body) }
    }
}
