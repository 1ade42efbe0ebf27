import ArgumentParser

/// `hk fhir-clients`: the outside apps that read through healthd's FHIR API with SMART on FHIR (list, the default;
/// add; remove).
struct FHIRClientsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir-clients",
        abstract: "Add, list and remove the apps that read through healthd's FHIR API (SMART on FHIR).",
        discussion: """
            hk fhir-clients is hk fhir-clients list. A registered app asks the owner for access on Health's consent \
            sheet (authorization code with PKCE) and reads what the owner allowed; removing it ends its tokens at \
            once. The apps of a SQLite store (--store, else $OPENHEALTHKIT_STORE) are its owner's; on a PostgreSQL \
            database (--database), --user names whose (default: owner). docs/FHIR.md describes the flow.
            """,
        subcommands: [FHIRClientsListCommand.self, FHIRClientsAddCommand.self, FHIRClientsRemoveCommand.self],
        defaultSubcommand: FHIRClientsListCommand.self
    )
}
