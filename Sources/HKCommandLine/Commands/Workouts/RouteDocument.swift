import Foundation
import OpenHealthKit
import OpenHealthKitEngine

/// Routes as documents other tools read: GPX 1.1 (as the Health app's export writes a route) and GeoJSON (RFC 7946).
enum RouteDocument {
    /// One route and its locations, in time order.
    struct Track {
        let route: HKWorkoutRoute
        let locations: [RouteLocationRow]
    }

    /// GPX 1.1: a track per route, a point per location with its elevation, time (UTC) and, as extensions, speed,
    /// course and accuracies.
    static func gpx(_ tracks: [Track]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="OpenHealthKit" xmlns="http://www.topografix.com/GPX/1/1">

            """
        for track in tracks {
            text += " <trk>\n  <name>Route \(track.route.uuid.uuidString)</name>\n  <trkseg>\n"
            for location in track.locations {
                text += "   <trkpt lat=\"\(number(location.latitude))\" lon=\"\(number(location.longitude))\">"
                if let altitude = location.altitude { text += "<ele>\(number(altitude))</ele>" }
                text += "<time>\(time(location.timestamp))</time>"
                let extensions: [(String, Double?)] = [
                    ("speed", location.speed), ("course", location.course), ("hAcc", location.horizontalAccuracy),
                    ("vAcc", location.verticalAccuracy),
                ]
                let present = extensions.compactMap { name, value in value.map { "<\(name)>\(number($0))</\(name)>" } }
                if !present.isEmpty { text += "<extensions>" + present.joined() + "</extensions>" }
                text += "</trkpt>\n"
            }
            text += "  </trkseg>\n </trk>\n"
        }
        return text + "</gpx>\n"
    }

    /// GeoJSON: a FeatureCollection with a LineString per route (positions `[longitude, latitude]`, with the altitude
    /// when every location has one), its route's UUID and dates, and the locations' times in `coordTimes`.
    static func geoJSON(_ tracks: [Track]) throws -> String {
        let features: [[String: Any]] = tracks.map { track in
            let withAltitude = track.locations.allSatisfy { $0.altitude != nil }
            return [
                "type": "Feature",
                "geometry": [
                    "type": "LineString",
                    "coordinates": track.locations.map { location -> [Double] in
                        [location.longitude, location.latitude] + (withAltitude ? [location.altitude ?? 0] : [])
                    },
                ],
                "properties": [
                    "route": track.route.uuid.uuidString, "start": time(track.route.startDate.timeIntervalSince1970),
                    "end": time(track.route.endDate.timeIntervalSince1970),
                    "coordTimes": track.locations.map { time($0.timestamp) },
                ],
            ]
        }
        let document: [String: Any] = ["type": "FeatureCollection", "features": features]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func number(_ value: Double) -> String {
        value.formattedForOutput
    }

    /// ISO 8601 in UTC, with milliseconds when the time has a fraction of a second.
    private static func time(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formattedForOutput(in: TimeZone(identifier: "UTC")!)
            .replacingOccurrences(of: "+00:00", with: "Z")
    }
}
