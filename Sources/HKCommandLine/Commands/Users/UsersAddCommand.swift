import ArgumentParser
import OpenHealthKitPostgres

/// `hk users add NAME`: a new user with an empty store, and their first secret, printed once.
struct UsersAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a user and print their sign-in secret, once (only its hash is kept).")

    @Argument(help: "The user's name (1 to 64 of a-z, 0-9, '.', '_', '-', starting with a letter or digit).")
    var name: String

    @OptionGroup var store: StoreOption

    func run() async throws {
        let accounts = try UsersAccounts.open(store, command: "hk users add")
        let (user, secret) = try UsersAccounts.refusing { try accounts.add(name: name) }
        print("added user \(user.name) (id \(user.id)); their secret, shown only this once:")
        print(secret)
    }
}
