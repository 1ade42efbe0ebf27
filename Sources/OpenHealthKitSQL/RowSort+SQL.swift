package import OpenHealthKitEngine

extension RowSort.Key {
    /// The column an order or a comparison on the key refers to, in the aliases both SQL storages' sample reads use
    /// (`s` the sample, `w` its workout): the two storages differ in their SQL, not in these names.
    package var sqlColumn: String {
        switch self {
        case .startDate: return "s.start_date"
        case .endDate: return "s.end_date"
        case .anchor: return "s.anchor"
        case .value, .workoutDuration: return "s.value"
        case .workoutTotalDistance: return "w.total_distance"
        case .workoutTotalEnergyBurned: return "w.total_energy_burned"
        case .workoutTotalSwimmingStrokeCount: return "w.total_swimming_stroke_count"
        case .workoutTotalFlightsClimbed: return "w.total_flights_climbed"
        }
    }
}

extension RowQuery {
    /// The `ORDER BY` list of the query's sort in those aliases, the sample's row id last (rows equal in every key
    /// come in the order they were stored).
    package var orderBySQL: String {
        (sort.map { "\($0.key.sqlColumn) \($0.ascending ? "ASC" : "DESC")" } + ["s.id"]).joined(separator: ", ")
    }
}
