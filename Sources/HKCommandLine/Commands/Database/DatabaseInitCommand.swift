import ArgumentParser
import OpenHealthKit
import OpenHealthKitPostgres

/// `hk database init`: the role OpenHealthKit's connections act as, made once by a role that may make roles, and
/// granted to the database's owner and the login roles named; or (`--print-sql`) the same as SQL to run by hand.
struct DatabaseInitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the role openhealthkit_daemon and grant it to the database's owner and each --member.",
        discussion: """
            Run once, as a role that may create roles (a superuser, or CREATEROLE), before healthd or hk first \
            start on the database with a login role that may not (the setup docs/SECURITY.md recommends). Running \
            it again changes nothing. With --print-sql it prints the statements instead, for psql.
            """)

    @Option(
        name: .customLong("member"),
        help: ArgumentHelp(
            "A login role healthd or hk signs in with, granted the role too (repeatable; the database's owner always "
                + "is).", valueName: "role"))
    var members: [String] = []

    @Flag(name: .customLong("print-sql"), help: "Print the SQL instead of running it (needs no --database).")
    var printSQL = false

    @OptionGroup var store: StoreOption

    func validate() throws {
        if members.contains(where: \.isEmpty) { throw ValidationError("--member needs a role name") }
    }

    func run() async throws {
        if printSQL {
            print(DaemonRoleSetup.script(members: members), terminator: "")
            return
        }
        let address = try store.postgreSQLAddress(for: "hk database init")
        do {
            try DaemonRoleSetup.run(on: address, members: members)
        } catch {
            throw HKError(.errorDatabaseInaccessible, "cannot prepare the database \(address): \(error)")
        }
        print("the role openhealthkit_daemon is ready in \(address)")
    }
}
