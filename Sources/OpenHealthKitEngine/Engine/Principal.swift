import Foundation
import OpenHealthKitModel

/// On whose behalf the engine acts.
package enum Principal: Sendable {
    /// A provisioned app, limited by the user's grants.
    case app(AppManifest)
    /// The user, through their own tools (`hk`, the Health web app): every type, no permission request.
    /// What they write carries `source` (e.g. "Health").
    case owner(source: SourceRow)

    package var source: SourceRow {
        switch self {
        case .app(let app): return SourceRow(bundleIdentifier: app.bundleIdentifier, name: app.name)
        case .owner(let source): return source
        }
    }

    package var revision: RevisionRow {
        let os = ProcessInfo.processInfo.operatingSystemVersion
        let version: String
        switch self {
        case .app(let app): version = app.version
        case .owner: version = ""
        }
        return RevisionRow(
            version: version, productType: "",
            operatingSystemVersion: "\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)")
    }
}
