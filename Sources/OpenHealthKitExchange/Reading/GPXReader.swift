import CLibXML2
import Foundation
import OpenHealthKitEngine

/// Reads the track points of a route's GPX file (`workout-routes/route_….gpx`), as the Health app writes them:
/// `<trkpt lat lon><ele/><time/><extensions><speed/><course/><hAcc/><vAcc/></extensions></trkpt>`.
final class GPXReader: SAXDelegate {
    private enum Element: Int, CaseIterable {
        case trkpt, ele, time, speed, course, hAcc, vAcc
    }

    private enum Attribute: Int, CaseIterable {
        case lat, lon
    }

    private static let vocabulary = SAXVocabulary(
        elements: Element.allCases.map { String(describing: $0) },
        attributes: Attribute.allCases.map { String(describing: $0) },
        restartElements: ["trkpt"], root: "gpx", wantsCharacters: true)

    private let routeUUID: UUID
    private var locations: [RouteLocationRow] = []
    private var point: RouteLocationRow?
    private var pointHasTime = false
    private var field: Element?
    private var text: [UInt8] = []
    private var problems: [String] = []

    private init(routeUUID: UUID) {
        self.routeUUID = routeUUID
    }

    /// The locations of the route file at `path` in the export. A missing file, or one with no usable point, is an error.
    static func locations(in files: any ExportSource, path name: String, routeUUID: UUID) throws -> [RouteLocationRow] {
        let reader = GPXReader(routeUUID: routeUUID)
        let parser = SAXParser(vocabulary: vocabulary, delegate: reader, documentName: name)
        var found = false
        try parser.parse { found = try files.readReferencedFile(name, $0) }
        guard found else { throw ReadFailure("its file \(name) is not in the export") }
        if reader.locations.isEmpty {
            throw ReadFailure("its file \(name) has no track point" + (reader.problems.first.map { " (\($0))" } ?? ""))
        }
        return reader.locations
    }

    func startElement(_ index: Int?, name: UnsafePointer<xmlChar>, attributes: XMLAttributes, line: Int) {
        guard let element = index.flatMap(Element.init(rawValue:)) else { return }
        if element == .trkpt {
            let latitude = attributes.bytes(Attribute.lat.rawValue).flatMap(ExportText.number)
            let longitude = attributes.bytes(Attribute.lon.rawValue).flatMap(ExportText.number)
            point = latitude.flatMap { latitude in
                longitude.map {
                    RouteLocationRow(routeUUID: routeUUID, timestamp: 0, latitude: latitude, longitude: $0)
                }
            }
            pointHasTime = false
        } else if point != nil {
            field = element
            text.removeAll(keepingCapacity: true)
        }
    }

    func endElement(_ index: Int?, line: Int) {
        guard let element = index.flatMap(Element.init(rawValue:)) else { return }
        if element == .trkpt {
            if let point, pointHasTime { locations.append(point) }
            point = nil
            return
        }
        guard element == field else { return }
        field = nil
        let value = text.withUnsafeBufferPointer { ExportText.number($0) }
        switch element {
        case .ele: point?.altitude = value
        case .speed: point?.speed = value
        case .course: point?.course = value
        case .hAcc: point?.horizontalAccuracy = value
        case .vAcc: point?.verticalAccuracy = value
        case .time:
            if let date = text.withUnsafeBufferPointer({ ExportDateParser.date($0) }) {
                point?.timestamp = date.seconds
                pointHasTime = true
            }
        case .trkpt: break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if field != nil { text.append(contentsOf: bytes) }
    }

    func problem(_ problem: XMLProblem) {
        if case .error = problem.kind { problems.append("line \(problem.line): \(problem.message)") }
    }

    func restarted(after problem: XMLProblem) {
        point = nil
        field = nil
    }
}
