import ArgumentParser
import Foundation
import OpenHealthKit
import OpenHealthKitWire

/// `hk auth answer BUNDLE-ID --share T1,T2 --read T3`: answers the app's pending permission request.
struct AuthAnswerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract:
            "Answer an app's pending permission request: the types listed are allowed, the others it asked for denied.",
        discussion: """
            --share and --read take types by short name (stepCount) or raw identifier, comma-separated or repeated; \
            each must be one the app asked for (hk auth pending lists them). Every other type of its request is \
            denied; without --share and --read, all are. When the app has several requests waiting, each is \
            answered so. Answering prints nothing.

            Example: hk auth answer com.example.steps --share stepCount --read stepCount,heartRate
            """
    )

    @Argument(help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
    var app: String
    @Option(name: .customLong("share"), help: ArgumentHelp("Types to let the app write.", valueName: "types"))
    var share: [String] = []
    @Option(name: .customLong("read"), help: ArgumentHelp("Types to let the app read.", valueName: "types"))
    var read: [String] = []
    @OptionGroup var healthd: HealthdOption

    func run() async throws {
        let allowedToShare = try Self.identifiers(share)
        let allowedToRead = try Self.identifiers(read)
        let client = try healthd.client()
        let requests = try await client.call(WireRoutes.pendingAuthorizations, as: WirePendingRequests.self).requests
            .filter { $0.app.bundleIdentifier == app }
        guard !requests.isEmpty else {
            throw HKError.invalidArgument("\(app) has no permission request waiting (hk auth pending lists them)")
        }
        try Self.check(allowedToShare, asked: requests.flatMap(\.toShare), access: "share", app: app)
        try Self.check(allowedToRead, asked: requests.flatMap(\.toRead), access: "read", app: app)
        for request in requests {
            let answer = WireAuthorizationAnswer(
                allowedToShare: allowedToShare.filter(request.toShare.contains),
                allowedToRead: allowedToRead.filter(request.toRead.contains))
            _ = try await client.call(
                WireRoutes.answerAuthorization.with(request.id), body: answer, as: WireAuthorizationOutcome.self)
        }
    }

    /// The raw identifiers of the types named in `lists` (each comma-separated), without repeats.
    private static func identifiers(_ lists: [String]) throws -> [String] {
        var identifiers: [String] = []
        for name in lists.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !name.isEmpty {
            let identifier = try CommandLineInput.objectType(named: name).identifier
            if !identifiers.contains(identifier) { identifiers.append(identifier) }
        }
        return identifiers
    }

    /// Refuses a type the app did not ask about: allowing it would silently do nothing.
    private static func check(_ identifiers: [String], asked: [String], access: String, app: String) throws {
        guard let extra = identifiers.first(where: { !asked.contains($0) }) else { return }
        let names = Set(asked).map(HKObjectType.shortName(forRawIdentifier:)).sorted()
        throw HKError.invalidArgument(
            "\(app) did not ask to \(access) \(HKObjectType.shortName(forRawIdentifier: extra))"
                + (names.isEmpty ? "" : ": it asked to \(access) \(names.joined(separator: ", "))"))
    }
}
