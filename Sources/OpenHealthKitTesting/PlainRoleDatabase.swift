public import Foundation

/// The setup docs/SECURITY.md recommends, on a throwaway server of its own (so that its cluster has no
/// `openhealthkit_daemon` yet, whatever other tests made): a database owned by a plain login role (no superuser, no
/// `CREATEROLE`), and more plain login roles on demand, all signing in with ``password``. Call ``remove()`` when done.
public struct PlainRoleDatabase: Sendable {
    /// The server, whose superuser may run `hk database init`.
    public let server: PostgreSQLServer
    /// The database's name, which is also its owner's login role.
    public let name: String
    /// The password of every login role made here.
    public let password = UUID().uuidString

    /// A new server with a database owned by a plain login role.
    public static func make() async throws -> PlainRoleDatabase {
        let database = PlainRoleDatabase(server: try await PostgreSQLServer.start(), name: "health")
        try await database.addLoginRole(database.name)
        try await database.server.sql("CREATE DATABASE \(database.name) OWNER \(database.name)", database: "postgres")
        return database
    }

    /// Makes `role` a plain login role signing in with ``password``.
    public func addLoginRole(_ role: String) async throws {
        try await server.sql(
            "CREATE ROLE \(role) LOGIN NOSUPERUSER NOCREATEROLE PASSWORD '\(password)'", database: "postgres")
    }

    /// The database's URL as `role` (the superuser's name for the administrator).
    public func url(as role: String) -> String {
        "postgresql://\(role)@127.0.0.1:\(server.port)/\(name)"
    }

    /// The database's URL as its superuser.
    public var administratorURL: String { server.url(name) }

    /// Stops the server and removes its folder.
    public func remove() async { await server.remove() }
}
