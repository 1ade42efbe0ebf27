/// A workout route's locations, as ``SampleDetail/workoutRoute(_:)`` carries them.
///
/// On insert, `locations` are stored in time order (their `routeUUID` is the route's); reads return the number of
/// stored locations in `locationCount` and no `locations` (``WorkoutStorage/routeLocations(of:in:offset:limit:)`` reads
/// them a page at a time).
package struct WorkoutRouteRow: Sendable, Equatable {
    package var locationCount: Int
    package var locations: [RouteLocationRow]

    /// A route to insert, with its locations.
    package init(locations: [RouteLocationRow]) {
        locationCount = locations.count
        self.locations = locations
    }

    /// A route as read: how many locations it holds.
    package init(locationCount: Int) {
        self.locationCount = locationCount
        locations = []
    }
}
