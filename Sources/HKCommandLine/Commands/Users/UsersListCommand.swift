import ArgumentParser
import OpenHealthKitPostgres

/// `hk users [list]`: the users of the database, by id.
struct UsersListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the users of the database, by id (never their secrets).")

    @OptionGroup var store: StoreOption
    @OptionGroup var output: FormatOption

    func run() async throws {
        let accounts = try UsersAccounts.open(store, command: "hk users list")
        try output.print(try accounts.users().map(UserRecord.init))
    }
}

/// A user as `hk users list` prints it.
struct UserRecord: OutputRecord {
    let id: Int64
    let name: String
    /// Whether they can sign in with a secret (the owner of a single-owner database has none in the database).
    let hasSecret: Bool

    static let columns = ["id", "name", "hasSecret"]

    init(_ user: PostgresUser) {
        id = user.id
        name = user.name
        hasSecret = user.hasSecret
    }

    var cells: [String] { [String(id), name, String(hasSecret)] }
}
