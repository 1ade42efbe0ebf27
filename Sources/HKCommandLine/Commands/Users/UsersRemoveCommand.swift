import ArgumentParser
import OpenHealthKitPostgres

/// `hk users remove NAME`: the user and every row of theirs, in one transaction.
struct UsersRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a user and all their data (samples, apps, grants, audit log...), at once; cannot be undone.")

    @Argument(help: "The user's name.")
    var name: String

    @OptionGroup var store: StoreOption

    func run() async throws {
        let accounts = try UsersAccounts.open(store, command: "hk users remove")
        let user = try UsersAccounts.refusing { try accounts.remove(name: name) }
        print("removed user \(user.name) (id \(user.id)) and all their data")
    }
}
