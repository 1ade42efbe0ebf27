import Foundation

/// Finds the export document among an export's files.
///
/// The Health app names it `export.xml`, or a localised name (`导出.xml`) beside `导出_cda.xml`; archives made on a Mac
/// add `__MACOSX/` copies and `._` resource forks. So every `.xml` file outside those, the CDA document and the
/// export's subfolders is a candidate, and the one whose first bytes name the `HealthData` root wins (the shallowest,
/// `export.xml` before another name, when there are several).
enum ExportDocumentLocator {
    private static let subfolders: Set<String> = ["workout-routes", "electrocardiograms", "clinical-records"]

    /// Whether the file at `path` (relative, `/`-separated) may be the export document.
    static func isCandidate(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard let name = components.last, name.lowercased().hasSuffix(".xml") else { return false }
        if components.contains(where: { $0 == "__MACOSX" || subfolders.contains(String($0)) }) { return false }
        if name.hasPrefix("._") || name.lowercased().hasSuffix("_cda.xml") { return false }
        return true
    }

    /// The export document among `candidates`; `head` reads a file's first bytes.
    static func choose(_ candidates: [String], in container: String, head: (String) throws -> [UInt8]) throws -> String
    {
        let ordered = candidates.filter(isCandidate).sorted { first, second in
            let (firstDepth, secondDepth) = (first.split(separator: "/").count, second.split(separator: "/").count)
            if firstDepth != secondDepth { return firstDepth < secondDepth }
            let (firstIsExport, secondIsExport) = (first.hasSuffix("export.xml"), second.hasSuffix("export.xml"))
            if firstIsExport != secondIsExport { return firstIsExport }
            return first < second
        }
        for candidate in ordered where namesHealthData(try head(candidate)) {
            return candidate
        }
        throw ExportSourceError("\(container) holds no Health export document (an XML file whose root is HealthData)")
    }

    /// Whether the first bytes of an XML document show a `HealthData` root (in its doctype or its start tag).
    static func namesHealthData(_ head: [UInt8]) -> Bool {
        let marker = Array("HealthData".utf8)
        guard head.count >= marker.count else { return false }
        return (0...(head.count - marker.count)).contains { start in
            head[start..<(start + marker.count)].elementsEqual(marker)
        }
    }

    /// A referenced path (`/workout-routes/route.gpx`) as components under the export folder; nil when it would
    /// leave the folder (`..`), so an export can never make the importer read a file outside it.
    static func containedComponents(_ path: String) -> [String]? {
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        guard !components.isEmpty, !components.contains("..") else { return nil }
        return components
    }
}
