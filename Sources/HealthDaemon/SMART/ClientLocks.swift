/// Runs the changes of one SMART app's record one after another in this healthd: a token request reads the record
/// (codes used, refresh tokens that still work), decides, and writes it back, and two requests for one app at once
/// must not both read the record before either wrote it (one code exchanged twice, one refresh token used twice
/// unnoticed, a rotation lost, a removed app written back). Another healthd on the same database is not covered
/// (decision 0056).
actor ClientLocks {
    private var busy: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Runs `body` once no other body for `client` runs.
    func serialized<T: Sendable>(_ client: String, _ body: @Sendable () async throws -> T) async throws -> T {
        while busy.contains(client) {
            await withCheckedContinuation { waiting[client, default: []].append($0) }
        }
        busy.insert(client)
        defer {
            busy.remove(client)
            for waiter in waiting.removeValue(forKey: client) ?? [] { waiter.resume() }
        }
        return try await body()
    }
}
