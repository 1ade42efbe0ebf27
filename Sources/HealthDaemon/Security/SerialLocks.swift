/// Runs the changes of one record one after another in this healthd: a SMART app's record (a token request reads the
/// codes used and refresh tokens that still work, decides, and writes it back) or a SMART Health Link's (a manifest
/// request reads the wrong passcodes left, decides, and writes it back). Two requests for one record at once must not
/// both read it before either wrote it (one code exchanged twice, a rotation lost, a wrong passcode not counted, a
/// removed record written back). Another healthd on the same database is not covered (decision 0056).
actor SerialLocks {
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` once no other body for `key` runs.
    func serialized<T: Sendable>(_ key: String, _ body: @Sendable () async throws -> T) async throws -> T {
        while busy.contains(key) {
            await withCheckedContinuation { waiting[key, default: []].append($0) }
        }
        busy.insert(key)
        defer {
            busy.remove(key)
            for waiter in waiting.removeValue(forKey: key) ?? [] { waiter.resume() }
        }
        return try await body()
    }
}
