package import Foundation

/// The people who may sign in to Health, and where each one's data is: healthd serves one owner (a SQLite store,
/// signed in with the owner secret) or every user of a PostgreSQL database (signed in by name and secret). A session
/// belongs to the one user who signed in, and every page it opens reaches that user's ``HealthWebHost`` only.
package protocol HealthWebUsers: Sendable {
    /// Whether the sign-in page asks for a name (healthd serves many users) or for the owner secret alone.
    var signsInByName: Bool { get }
    /// The name of the file beside the store that keeps the owner secret (`<store>.owner-secret`), which the sign-in
    /// page names.
    var ownerSecretFileName: String { get }
    /// The host names the pages answer to (loopback names and the configured host): a page requested under any
    /// other name (DNS rebinding) is refused.
    var hostNames: Set<String> { get }
    /// The user whose name and secret these are (`name` is nil when ``signsInByName`` is false); nil for an unknown
    /// name and for a wrong secret alike, so that a page cannot tell which names exist.
    func signIn(name: String?, secret: String) async throws -> Int64?
    /// The host of a signed-in user; nil once the user is no longer served (removed), which ends their sessions.
    func host(ofUser id: Int64) async throws -> (any HealthWebHost)?
}
