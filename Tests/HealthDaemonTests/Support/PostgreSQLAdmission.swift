/// How many worlds on PostgreSQL are open at once. Swift Testing starts every test of the run together, and every
/// world on PostgreSQL holds connections of the one test server (an engine's pool and listener; a healthd's pool,
/// commit listener and removals listener), whose slots are finite (`max_connections`): unbounded, a few hundred
/// worlds waiting on a busy machine exhaust them and tests fail with "too many clients" instead of their assertions.
/// A world waits for a place instead; the bound is wide enough to keep both cores busy.
actor PostgreSQLAdmission {
    static let shared = PostgreSQLAdmission(places: 16)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(places: Int) {
        free = places
    }

    /// Runs `body` once a place is free, and frees it when `body` returns or throws.
    nonisolated func admitted(_ body: () async throws -> Void) async throws {
        await enter()
        do {
            try await body()
        } catch {
            await leave()
            throw error
        }
        await leave()
    }

    private func enter() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the longest waiting world, if any.
    private func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
