public import Foundation
import OpenHealthKitModel
import OpenHealthKitStores

/// A test seam: with `OPENHEALTHKIT_STATEMENT_LOG=<file>` in its environment, healthd writes the text of each
/// distinct statement its PostgreSQL storages send for a user to that file (created 0600), each ended by a NUL
/// byte, so that the tests' user-filter audit sees healthd's own statements as well as those of the test process.
/// Only the text: a statement's values travel as binds and are never seen here. Unset (production) it does nothing.
public enum StatementLog {
    /// The variable naming the file.
    public static let variable = "OPENHEALTHKIT_STATEMENT_LOG"

    /// Starts writing if the environment names a file; an error names the file it could not create.
    public static func startIfAsked(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let path = environment[variable] else { return }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let file = FileHandle(forWritingAtPath: path)
        else { throw DaemonStartError("\(variable): cannot create \(path)") }
        let written = Locked((file: file, seen: Set<String>()))
        StoreProcess.observeStatements { sql in
            written.withLock { written in
                guard written.seen.insert(sql).inserted else { return }
                written.file.write(Data((sql + "\0").utf8))
            }
        }
    }

    /// The statements a file written by healthd holds.
    public static func statements(in file: URL) throws -> Set<String> {
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return Set(text.split(separator: "\0").map(String.init))
    }
}
