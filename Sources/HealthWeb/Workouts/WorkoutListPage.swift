import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// The workouts, newest first, a page at a time, with each one's activity, date, duration, distance, energy, average
/// heart rate and whether it has a route; filtered by activity type when the address names one (`?type=running`).
struct WorkoutListPage: Sendable {
    struct Row: Sendable {
        let name: String
        let date: String
        let duration: String
        let distance: String
        let energy: String
        let heartRate: String
        let hasRoute: Bool
        let href: String
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let chrome: Chrome
    let heading: String
    let rows: [Row]
    let isEmpty: Bool
    let types: [Option]
    let newerHref: String?
    let olderHref: String?
}

extension HealthWebApp {
    static let workoutsPerPage = 50

    func addWorkoutRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.workouts) { [self] web in try await workoutList(web) }
        page(router, WebRoutes.workout) { [self] web in try await workoutPage(web) }
    }

    private func workoutList(_ web: WebRequest) async throws -> Response {
        let query = web.query
        let filter = try Self.activityFilter(query["type"])
        guard let skip = Int(query["skip"] ?? "0"), skip >= 0 else {
            throw WebError.badRequest("This page of workouts does not exist.")
        }
        let store = web.host.store
        let rows = try await blocking { () -> [(HKWorkout, averageHeartRate: Double?, hasRoute: Bool)] in
            let found = try store.samples(
                of: .workoutType(), predicate: filter.map { .leaf(.workoutActivityType($0.rawValue)) },
                newestFirst: true,
                limit: skip + Self.workoutsPerPage + 1
            ).dropFirst(skip).compactMap { $0 as? HKWorkout }
            return try found.map { workout in
                let routes = try store.samples(
                    of: HKSeriesType.workoutRoute(), predicate: .leaf(.workout(uuid: workout.uuid)),
                    newestFirst: false, limit: 1)
                return (workout, try Self.averageHeartRate(of: workout, store: store), !routes.isEmpty)
            }
        }
        let dates = try await pageDates(web.host)
        let units = try await workoutUnits(web.host)
        let shown = rows.prefix(Self.workoutsPerPage).map { workout, heartRate, hasRoute in
            WorkoutListPage.Row(
                name: WorkoutActivityNames.name(workout.workoutActivityType), date: dates.dateTime(workout.startDate),
                duration: WorkoutPace.duration(workout.duration),
                distance: workout.totalDistance.map { units.distance($0) } ?? "–",
                energy: workout.totalEnergyBurned.map { units.energy($0) } ?? "–",
                heartRate: heartRate.map { PageNumberText.format($0.rounded()) + " BPM" } ?? "–", hasRoute: hasRoute,
                href: WebRoutes.workout.path(workout.uuid.uuidString))
        }
        func href(_ skip: Int) -> String {
            var items: KeyValuePairs<String, String> = ["skip": String(skip)]
            if let filter { items = ["type": String(describing: filter), "skip": String(skip)] }
            return WebRoutes.workouts.path() + "?" + Self.query(items)
        }
        let heading = filter.map { WorkoutActivityNames.name($0) + " Workouts" } ?? "All Workouts"
        let types = HKWorkoutActivityType.allCases.map {
            WorkoutListPage.Option(
                value: String(describing: $0), label: WorkoutActivityNames.name($0), selected: $0 == filter)
        }.sorted { $0.label < $1.label }
        return await renderer.html(
            "workouts",
            WorkoutListPage(
                chrome: chrome(web, title: heading, section: .browse), heading: heading, rows: shown,
                isEmpty: shown.isEmpty, types: types,
                newerHref: skip > 0 ? href(max(0, skip - Self.workoutsPerPage)) : nil,
                olderHref: rows.count > Self.workoutsPerPage ? href(skip + Self.workoutsPerPage) : nil))
    }

    /// The activity type `?type=` names (a case name, `running`); nil without one.
    private static func activityFilter(_ name: String?) throws -> HKWorkoutActivityType? {
        guard let name, !name.isEmpty else { return nil }
        guard let type = WorkoutActivityNames.type(named: name) else {
            throw WebError.badRequest("Health has no activity type named “\(name)”.")
        }
        return type
    }

    /// A workout's average heart rate, beats per minute: its own statistics', else the heart rates stored during it
    /// (the owner sees every source's).
    static func averageHeartRate(of workout: HKWorkout, store: any HealthWebStore) throws -> Double? {
        let heartRate = HKQuantityType(.heartRate), bpm = HKUnit.count().unitDivided(by: .minute())
        if let average = workout.statistics(for: heartRate)?.averageQuantity() { return average.doubleValue(for: bpm) }
        let span = PredicateTree.leaf(
            .sampleDates(SampleDateRange(start: workout.startDate, end: workout.endDate, options: [])))
        let result = try store.statistics(
            StatisticsRequest(type: heartRate, predicate: span, options: .discreteAverage))
        return result.buckets.first?.merged.average.map {
            HKQuantity(unit: heartRate.canonicalUnit, doubleValue: $0).doubleValue(for: bpm)
        }
    }
}
