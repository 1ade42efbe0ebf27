import Foundation
import OpenHealthKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `healthd` executable run for a benchmark on a scratch store, and the owner's side of it: registering apps and
/// allowing them types, as the owner would through the owner routes.
final class HealthdLauncher {
    let process: Process
    let address: URL
    let storePath: String
    let ownerSecret: String

    /// Starts healthd (`executable`, else the `healthd` built next to this benchmark) and waits for its address.
    init(executable: String?, storePath: String, logPath: String) async throws {
        let url = executable.map(URL.init(fileURLWithPath:)) ?? Self.besideBenchmark
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw BenchError("no healthd at \(url.path): build it (swift build -c release --product healthd) or pass --healthd")
        }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process = Process()
        process.executableURL = url
        process.arguments = ["--port", "0", "--store", storePath, "--log-level", "warning"]
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try log.close()
        self.storePath = storePath
        var found: URL?
        let deadline = ContinuousClock.now + .seconds(30)
        while found == nil, process.isRunning, ContinuousClock.now < deadline {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"http://[0-9.]+:[0-9]+"#, options: .regularExpression) { found = URL(string: String(text[range])) }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let found else {
            process.terminate()
            throw BenchError("healthd did not start: \((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "")")
        }
        address = found
        ownerSecret = try String(contentsOfFile: storePath + ".owner-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static var besideBenchmark: URL {
        let runner = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return runner.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("healthd")
    }

    /// Registers the app (its property lists made from the manifest) and lets it write and read `types`, as the
    /// owner's Sources page does; returns its credential.
    func registerAllowed(_ app: AppManifest, types: [HKSampleType]) async throws -> String {
        func plist(_ dictionary: [String: Any]) throws -> String {
            String(decoding: try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0), as: UTF8.self)
        }
        var info: [String: Any] = ["CFBundleIdentifier": app.bundleIdentifier, "CFBundleName": app.name, "CFBundleVersion": app.version]
        info["NSHealthShareUsageDescription"] = app.shareUsageDescription
        info["NSHealthUpdateUsageDescription"] = app.updateUsageDescription
        let registration = try await owner("POST", "/v1/owner/apps", [
            "infoPlist": try plist(info), "entitlements": try plist(["com.apple.developer.healthkit": true]),
        ])
        guard let credential = registration["credential"] as? String else { throw BenchError("registration failed: \(registration)") }
        let grants = Dictionary(uniqueKeysWithValues: types.map { ($0.identifier, ["share": "sharingAuthorized", "read": "authorized"]) })
        _ = try await owner("PUT", "/v1/owner/apps/\(app.bundleIdentifier)/grants", ["grants": grants])
        return credential
    }

    /// CPU time healthd has used so far (user and system), in seconds, from /proc.
    func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")")
        else { return .nan }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// SIGTERM, then waits until healthd has stopped.
    func stop() async throws {
        process.terminate()
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
    }

    private func owner(_ method: String, _ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: address.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(ownerSecret)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
            throw BenchError("\(method) \(path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
