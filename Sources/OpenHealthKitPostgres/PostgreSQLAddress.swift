import Foundation

/// A PostgreSQL database a store lives in: `postgresql://USER@HOST:PORT/DB`, or several servers of one replicated
/// cluster as libpq spells them (`postgresql://USER@HOST1:PORT1,HOST2:PORT2/DB?target_session_attrs=read-write`, what
/// pg_auto_failover's `pg_autoctl show uri` prints), and the password to sign in with.
///
/// With several servers the store writes to whichever one is the primary now: it tries them in the order given and
/// keeps the first that accepts writes (``TargetSession``), and looks again when that one fails or stops accepting
/// writes (a failover).
///
/// The password never comes from the URL (a command line is visible to every user of the machine, and URLs end up
/// in logs): it comes from `PGPASSWORD`, or a file (``password(file:environment:)``), and ``description`` never shows
/// it.
package struct PostgreSQLAddress: Sendable, Hashable, CustomStringConvertible {
    /// One server of the list: a host name or address and its port.
    package struct Server: Sendable, Hashable, CustomStringConvertible {
        package var host: String
        package var port: Int

        package init(host: String, port: Int = 5432) {
            self.host = host
            self.port = port
        }

        /// `HOST:PORT`, an IPv6 address in brackets.
        package var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
    }

    /// Which server of the list a connection may use (libpq's `target_session_attrs`). A store writes, so only the
    /// two values that find a server accepting writes are taken.
    package enum TargetSession: String, Sendable, Hashable {
        /// A server whose sessions are read-write (`SHOW transaction_read_only` is `off`): not a standby, and not a
        /// primary that was made read-only (pg_auto_failover does so while it promotes). The default.
        case readWrite = "read-write"
        /// A server that is not in recovery (`pg_is_in_recovery()` is false), even if it is read-only for a while.
        case primary
    }

    /// The servers to try, in order (at least one).
    package var servers: [Server]
    package var user: String
    package var database: String
    package var password: String?
    /// Which server to keep.
    package var targetSession: TargetSession

    /// The first server's host (a single-server address's only one).
    package var host: String { servers[0].host }
    /// The first server's port.
    package var port: Int { servers[0].port }

    package init(host: String, port: Int = 5432, user: String, database: String, password: String? = nil) {
        self.init(servers: [Server(host: host, port: port)], user: user, database: database, password: password)
    }

    package init(
        servers: [Server], user: String, database: String, password: String? = nil,
        targetSession: TargetSession = .readWrite
    ) {
        precondition(!servers.isEmpty, "an address names at least one server")
        self.servers = servers
        self.user = user
        self.database = database
        self.password = password
        self.targetSession = targetSession
    }

    /// Reads `postgresql://USER@HOST:PORT/DB` (or `postgres://`; a port defaults to 5432), with several `HOST:PORT`
    /// separated by commas for a replicated cluster, and the options `target_session_attrs` (`read-write` or
    /// `primary`) and `sslmode` (`disable`, `allow` or `prefer`: the store connects without TLS). A URL that carries a
    /// password, another option, or misses a part is refused with a message naming the problem.
    package init(url text: String, password: String?) throws(PostgreSQLAddressError) {
        let form = "postgresql://USER@HOST:PORT/DB"
        guard Self.isURL(text), let schemeEnd = text.range(of: "://") else {
            throw PostgreSQLAddressError("\(Self.redacted(text)) is not a \(form) URL")
        }
        var rest = Substring(text[schemeEnd.upperBound...])
        if let hash = rest.firstIndex(of: "#") {
            guard rest[hash...].count == 1 else {
                throw PostgreSQLAddressError("the database URL takes no fragment: \(form)")
            }
            rest = rest[..<hash]
        }
        var query: Substring? = nil
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = rest[slash...].drop { $0 == "/" }
        guard let at = authority.lastIndex(of: "@") else {
            throw PostgreSQLAddressError("the database URL names no user: \(form)")
        }
        let userInfo = authority[..<at]
        guard !userInfo.contains(":") else {
            throw PostgreSQLAddressError(
                "the database URL must not carry a password: put it in PGPASSWORD or a password file")
        }
        guard let user = String(userInfo).removingPercentEncoding, !user.isEmpty else {
            throw PostgreSQLAddressError("the database URL names no user: \(form)")
        }
        let servers = try authority[authority.index(after: at)...].split(
            separator: ",", omittingEmptySubsequences: false
        )
        .map(Self.server)
        guard let database = String(path).removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw PostgreSQLAddressError("the database URL names no database: \(form)")
        }
        var targetSession = TargetSession.readWrite
        for option in query.map({ $0.split(separator: "&") }) ?? [] {
            let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count == 2 ? String(parts[1]).removingPercentEncoding ?? "" : ""
            switch name {
            case "target_session_attrs":
                guard let chosen = TargetSession(rawValue: value) else {
                    throw PostgreSQLAddressError(
                        "the database URL's target_session_attrs must be read-write or primary (the store writes),"
                            + " not \"\(value)\"")
                }
                targetSession = chosen
            case "sslmode":
                guard ["disable", "allow", "prefer"].contains(value) else {
                    throw PostgreSQLAddressError(
                        "the database URL's sslmode must be disable, allow or prefer (the store connects without"
                            + " TLS), not \"\(value)\"")
                }
            case "password":
                throw PostgreSQLAddressError(
                    "the database URL must not carry a password: put it in PGPASSWORD or a password file")
            default:
                throw PostgreSQLAddressError(
                    "the database URL's option \"\(name)\" is not supported: only target_session_attrs and sslmode")
            }
        }
        self.init(
            servers: servers, user: user, database: database, password: password, targetSession: targetSession)
    }

    /// One `HOST[:PORT]` of the URL's list (`[ADDRESS]:PORT` for IPv6).
    private static func server(_ text: Substring) throws(PostgreSQLAddressError) -> Server {
        var host = text
        var port: Substring? = nil
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw PostgreSQLAddressError("the database URL's host \(text) lacks its closing bracket")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    throw PostgreSQLAddressError("the database URL's host \(text) is not [ADDRESS]:PORT")
                }
                port = after.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard !host.isEmpty else {
            throw PostgreSQLAddressError("the database URL names no host: postgresql://USER@HOST:PORT/DB")
        }
        guard let port else { return Server(host: String(host)) }
        guard let number = Int(port), (1...65535).contains(number) else {
            throw PostgreSQLAddressError("the database URL's port must be between 1 and 65535")
        }
        return Server(host: String(host), port: number)
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

    /// `postgresql://USER@HOST:PORT/DB` (every server, and `?target_session_attrs=primary` when asked): never the
    /// password.
    package var description: String {
        let options = targetSession == .readWrite ? "" : "?target_session_attrs=\(targetSession.rawValue)"
        return "postgresql://\(user)@\(servers.map(\.description).joined(separator: ","))/\(database)\(options)"
    }

    /// The URL as given with any password in it blanked, for an error message.
    private static func redacted(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else {
            return text
        }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}

/// A database URL or password file that cannot be used, with the reason.
package struct PostgreSQLAddressError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
