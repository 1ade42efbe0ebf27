import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// `hk workouts route UUID [--format gpx|geojson]`: a workout's route (or one route) as GPX 1.1 or GeoJSON.
struct WorkoutsRouteCommand: AsyncParsableCommand {
    /// The document formats of a route.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case gpx, geojson
    }

    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Print a workout's route as GPX or GeoJSON.",
        discussion: """
            UUID is a workout's (hk workouts lists them) or one route's. GPX: one track per route, a track point per \
            location with its elevation, time, speed, course and accuracies, as the Health app's export writes them. \
            GeoJSON: a FeatureCollection with a LineString per route ([longitude, latitude, altitude]) and the \
            locations' times in coordTimes. A workout without a route is an error.

            Example: hk workouts route E621E1F8-C36C-495A-93FC-0C247A3E6E5F --format geojson > run.geojson
            """
    )

    @Argument(help: ArgumentHelp("The workout's (or the route's) UUID.", valueName: "uuid"))
    var uuid: String
    @Option(help: "Document format: gpx or geojson.")
    var format: Format = .gpx
    @OptionGroup var store: StoreOption

    func run() async throws {
        let identifier = try CommandLineInput.uuid(uuid)
        let engine = try store.openEngine()
        let owner = try Principal.owner()
        var routes = try WorkoutRoutes.routes(of: identifier, engine: engine, as: owner)
        if routes.isEmpty {
            routes = try await engine.samples(
                of: HKSeriesType.workoutRoute(), predicate: .leaf(.uuids([identifier])), as: owner
            ).compactMap { $0 as? HKWorkoutRoute }
        }
        guard !routes.isEmpty else {
            throw HKError.invalidArgument(
                "no workout with a route, and no route, has the UUID \(identifier.uuidString)")
        }
        let tracks = try routes.map { route in
            RouteDocument.Track(
                route: route, locations: try WorkoutRoutes.locations(of: route.uuid, engine: engine, as: owner))
        }
        switch format {
        case .gpx: print(RouteDocument.gpx(tracks), terminator: "")
        case .geojson: print(try RouteDocument.geoJSON(tracks), terminator: "")
        }
    }
}
