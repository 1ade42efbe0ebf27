import ArgumentParser
import Foundation
import OpenHealthKitEngine

/// `hk fhir-clients [list]`: the registered apps, by name (never a secret).
struct FHIRClientsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the registered apps, by name, with their client ID and redirect URIs.")

    @OptionGroup var store: UserStoreOption
    @OptionGroup var zone: TimeZoneOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let (engine, _) = try store.openEngine(command: "hk fhir-clients list")
        let timeZone = try zone.timeZone(store: store.store)
        try output.print(
            try engine.blocking { try await $0.fhirClients() }.map { FHIRClientOutput($0, timeZone: timeZone) })
    }
}

/// A FHIR client as `hk fhir-clients list` prints it.
struct FHIRClientOutput: OutputRecord {
    let name: String
    let clientID: String
    let redirectURIs: String
    /// `public` or `confidential`.
    let kind: String
    let created: String

    static let columns = ["name", "clientID", "redirectURIs", "kind", "created"]

    init(_ client: FHIRClientRecord, timeZone: TimeZone) {
        name = client.name
        clientID = client.id
        redirectURIs = client.redirectURIs.joined(separator: " ")
        kind = client.secretDigest == nil ? "public" : "confidential"
        created = Date(timeIntervalSince1970: client.created).formattedForOutput(in: timeZone)
    }

    var cells: [String] { [name, clientID, redirectURIs, kind, created] }
}
