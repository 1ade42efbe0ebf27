import Foundation

/// A PostgreSQL database a store lives in: `postgresql://USER@HOST:PORT/DB` and the password to sign in with.
///
/// The password never comes from the URL (a command line is visible to every user of the machine, and URLs end up
/// in logs): it comes from `PGPASSWORD`, or a file (``password(file:environment:)``), and ``description`` never shows
/// it.
package struct PostgreSQLAddress: Sendable, Hashable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var user: String
    package var database: String
    package var password: String?

    package init(host: String, port: Int = 5432, user: String, database: String, password: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.database = database
        self.password = password
    }

    /// Reads `postgresql://USER@HOST:PORT/DB` (or `postgres://`; the port defaults to 5432). A URL that carries a
    /// password, a query or misses a part is refused with a message naming the problem.
    package init(url text: String, password: String?) throws(PostgreSQLAddressError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgresql" || scheme == "postgres"
        else {
            throw PostgreSQLAddressError("\(Self.redacted(text)) is not a postgresql://USER@HOST:PORT/DB URL")
        }
        guard components.password == nil else {
            throw PostgreSQLAddressError(
                "the database URL must not carry a password: put it in PGPASSWORD or a password file")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgreSQLAddressError("the database URL names no user: postgresql://USER@HOST:PORT/DB")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgreSQLAddressError("the database URL names no host: postgresql://USER@HOST:PORT/DB")
        }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgreSQLAddressError("the database URL names no database: postgresql://USER@HOST:PORT/DB")
        }
        guard components.query == nil, components.fragment == nil else {
            throw PostgreSQLAddressError("the database URL takes no options: postgresql://USER@HOST:PORT/DB")
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw PostgreSQLAddressError("the database URL's port must be between 1 and 65535")
        }
        self.init(host: host, port: port, user: user, database: database, password: password)
    }

    /// Whether `text` asks for PostgreSQL (rather than naming a file).
    package static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
    }

    /// The password to use: the first line of `file` when given (which must be readable by its owner only, as
    /// libpq asks of `.pgpass`), else `PGPASSWORD`, else none.
    package static func password(file: String?, environment: [String: String]) throws(PostgreSQLAddressError)
        -> String?
    {
        guard let file else { return environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 } }
        let attributes: [FileAttributeKey: Any]
        let contents: String
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file)
            contents = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw PostgreSQLAddressError("cannot read the password file \(file)")
        }
        if let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 != 0 {
            throw PostgreSQLAddressError(
                "the password file \(file) is readable by others: make it readable by you only (chmod 600)")
        }
        let line = contents.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !line.isEmpty else { throw PostgreSQLAddressError("the password file \(file) is empty") }
        return line
    }

    /// `postgresql://USER@HOST:PORT/DB`: never the password.
    package var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "postgresql://\(user)@\(host):\(port)/\(database)"
    }

    /// The URL as given with any password in it blanked, for an error message.
    private static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? "the database URL"
    }
}

/// A database URL or password file that cannot be used, with the reason.
package struct PostgreSQLAddressError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
