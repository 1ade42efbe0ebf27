/// What a sample of one kind holds beyond the columns of ``SampleRow``: stored in that kind's own tables, keyed by the
/// sample's row, and deleted with it. Bulk points (series values, beats, voltages) live in child tables of their own,
/// never as sample rows.
///
/// On insert a detail carries everything (a series' values, a heartbeat series' beats, an electrocardiogram's
/// voltages); on read it carries the summary that the sample object shows, and the bulk points are read apart
/// (``SampleDetailStorage``), so that a sample query never loads them.
package enum SampleDetail: Sendable, Equatable {
    /// A quantity sample holding several quantities (``QuantitySeriesRow``).
    case quantitySeries(QuantitySeriesRow)
    /// A heartbeat series (``HeartbeatSeriesRow``).
    case heartbeatSeries(HeartbeatSeriesRow)
    /// An electrocardiogram (``ElectrocardiogramRow``).
    case electrocardiogram(ElectrocardiogramRow)
    /// An audiogram's points (``AudiogramRow``).
    case audiogram(AudiogramRow)
    /// A workout route (`HKWorkoutRouteTypeIdentifier`): its locations on insert, their count on read (the locations
    /// are read apart, ``WorkoutStorage/routeLocations(of:in:offset:limit:)``).
    case workoutRoute(WorkoutRouteRow)
}

extension SampleRow {
    /// An audiogram's points (empty for any other sample).
    package var audiogramPoints: [AudiogramPointRow] {
        if case .audiogram(let audiogram) = detail { return audiogram.points }
        return []
    }
}
