import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// `hk apps register APP-FOLDER` (or `--info-plist PATH --entitlements PATH`): registers an app with healthd and
/// prints its credential, the only time it is shown.
struct AppsRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract:
            "Register an app from its Info.plist and Entitlements.plist and print its credential (shown this once).",
        discussion: """
            The folder holds Info.plist and Entitlements.plist (or one *.entitlements file); --info-plist and \
            --entitlements name the two files instead. HealthKit's provisioning rules apply: an explicit App ID (no \
            wildcard), com.apple.developer.healthkit set to true, and NSHealthShareUsageDescription and/or \
            NSHealthUpdateUsageDescription, not blank. Registering an app again issues a new credential (the old one \
            stops working) and lifts a revocation. The app runs with OPENHEALTHKIT_HEALTHD=<address> and \
            OPENHEALTHKIT_CREDENTIAL=<credential>.
            """
    )

    @Argument(help: ArgumentHelp("The app's folder.", valueName: "app-folder"))
    var folder: String?
    @Option(name: .customLong("info-plist"), help: ArgumentHelp("The app's Info.plist.", valueName: "path"))
    var infoPlist: String?
    @Option(
        name: .customLong("entitlements"),
        help: ArgumentHelp("The app's entitlements property list.", valueName: "path"))
    var entitlements: String?
    @OptionGroup var healthd: HealthdOption

    func validate() throws {
        switch (folder, infoPlist, entitlements) {
        case (_?, nil, nil), (nil, _?, _?): return
        case (_?, _, _): throw ValidationError("give either an app folder or --info-plist and --entitlements, not both")
        case (nil, nil, nil): throw ValidationError("give the app's folder, or --info-plist and --entitlements")
        case (nil, _, _): throw ValidationError("--info-plist and --entitlements go together")
        }
    }

    func run() async throws {
        let (info, entitlements) = try files()
        let (infoContents, entitlementsContents) = (try Self.contents(of: info), try Self.contents(of: entitlements))
        let manifest = try AppManifest(
            infoPlistContents: infoContents, entitlementsContents: entitlementsContents,
            infoPlistName: info.lastPathComponent, entitlementsName: entitlements.lastPathComponent)
        do {
            try manifest.checkRegistration()
        } catch let error as HKError {
            throw HKError.invalidArgument(error.message)  // a refused manifest is bad input, whatever HealthKit's code
        }
        let body = [
            "infoPlistBase64": infoContents.base64EncodedString(),
            "entitlementsBase64": entitlementsContents.base64EncodedString(),
        ]
        let issued = try await healthd.client().call(WireRoutes.registerApp, body: body, as: WireIssuedCredential.self)
        print(issued.credential)
    }

    /// The Info.plist and entitlements files: the ones named, or those of the folder: `Entitlements.plist`, else
    /// its `*.entitlements` file (`AppManifest(appFolder:)`'s choice, except that several are refused, not picked).
    private func files() throws -> (info: URL, entitlements: URL) {
        guard let folder else {
            return (URL(fileURLWithPath: infoPlist ?? ""), URL(fileURLWithPath: entitlements ?? ""))
        }
        let url = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw HKError.invalidArgument(
                "\(folder) is not a folder: give the app's folder, holding Info.plist and Entitlements.plist")
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let candidates =
            names.contains("Entitlements.plist")
            ? ["Entitlements.plist"] : names.filter { $0.hasSuffix(".entitlements") }
        guard candidates.count == 1 else {
            throw HKError.invalidArgument(
                candidates.isEmpty
                    ? "\(folder) has no Entitlements.plist"
                    : "\(folder) has several *.entitlements files: name one with --info-plist and --entitlements")
        }
        return (url.appendingPathComponent("Info.plist"), url.appendingPathComponent(candidates[0]))
    }

    private static func contents(of file: URL) throws -> Data {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw HKError.invalidArgument("cannot read \(file.path)")
        }
        return data
    }
}
