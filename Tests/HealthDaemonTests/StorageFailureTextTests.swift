import Testing
import HealthDaemon

/// A storage failure is logged bounded: a statement built from a large predicate never fills the log.
@Suite struct StorageFailureTextTests {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    @Test func aLongFailureIsLoggedAsItsFirst500CharactersAndItsLength() {
        let statement =
            "SQLite error 1: Expression tree is too large (maximum depth 1000) - while executing `SELECT * FROM sample "
            + "WHERE " + String(repeating: "(so.bundle_identifier = ? AND r.version = ?) OR ", count: 20_000) + "0`"
        let logged = StorageFailureText.bounded(Failure(description: statement))
        #expect(logged == statement.prefix(500) + "… (\(statement.count) characters)")
    }

    @Test func aShortFailureIsLoggedWhole() {
        let failure = Failure(description: "SQLite error 5: database is locked")
        #expect(StorageFailureText.bounded(failure) == failure.description)
    }
}
