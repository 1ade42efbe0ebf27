import Foundation
import Testing
import OpenHealthKit
import OpenHealthKitTesting

/// Heartbeat series on both backends: HKHeartbeatSeriesBuilder saves the beats exactly as written,
/// HKHeartbeatSeriesQuery and its descriptor read them back, and what an app may not read has no beats.
extension StoreOnBothBackendsTests {
    static let heartbeatType = HKSeriesType.heartbeat()

    /// The beats a heartbeat series query delivers, up to the call with `done`.
    func beats(_ store: HKHealthStore, of series: HKHeartbeatSeriesSample) async throws
        -> [(time: TimeInterval, gap: Bool, done: Bool)]
    {
        let inbox = Inbox<Result<(TimeInterval, Bool, Bool), HKError>>()
        store.execute(
            HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
                inbox.post(error.map { .failure($0 as! HKError) } ?? .success((time, gap, done)))
            })
        var beats: [(TimeInterval, Bool, Bool)] = []
        while true {
            let beat = try await inbox.next().get()
            beats.append(beat)
            if beat.2 { return beats }
        }
    }

    func savedSeries(_ store: HKHealthStore, _ beats: [(TimeInterval, Bool)]) async throws -> HKHeartbeatSeriesSample {
        let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Self.hour)
        for (time, gap) in beats { try await builder.addHeartbeat(at: time, precededByGap: gap) }
        try await builder.addMetadata(["session": "night"])
        return try await builder.finishSeries()
    }

    @Test(arguments: StoreBackend.allCases)
    func aHeartbeatSeriesKeepsItsBeatsExactlyAsWritten(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.heartbeatType])
            let written: [(TimeInterval, Bool)] = [
                (0.25, false), (1.0625, false), (1.9, false), (4.4375, true), (5.2, false),
            ]
            let series = try await savedSeries(store, written)
            #expect(series.count == 5 && series.endDate == Self.hour.addingTimeInterval(5.2))

            let stored = try #require(
                try await Fetch.samples(store, Self.heartbeatType).first as? HKHeartbeatSeriesSample)
            #expect(
                stored.uuid == series.uuid && stored.count == 5 && stored.metadata?["session"] as? String == "night")
            let read = try await beats(store, of: stored)
            #expect(read.map(\.time) == written.map(\.0) && read.map(\.gap) == written.map(\.1))
            #expect(read.map(\.done) == [false, false, false, false, true])

            var described: [HKHeartbeatSeriesQueryDescriptor.Heartbeat] = []
            for try await beat in HKHeartbeatSeriesQueryDescriptor(stored).results(for: store) {
                described.append(beat)
            }
            #expect(described.map(\.timeIntervalSinceStart) == written.map(\.0))
            #expect(described.map(\.precededByGap) == written.map(\.1))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAppThatMayNotReadAnotherAppsSeriesGetsNoBeats(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let writer = try await world.authorizedStore(Apps.app("com.example.strap"), for: [Self.heartbeatType])
            let series = try await savedSeries(writer, [(0.5, false), (1.3, false)])
            let denied = try await world.store(Apps.app("com.example.denied")) { request in
                AuthorizationAnswer(allowedToShare: request.toShare, allowedToRead: [])
            }
            try await denied.requestAuthorization(toShare: [Self.heartbeatType], read: [Self.heartbeatType])
            let read = try await beats(denied, of: series)
            #expect(read.count == 1 && read[0].done && read[0].time == 0)
            var described = 0
            for try await _ in HKHeartbeatSeriesQueryDescriptor(series).results(for: denied) { described += 1 }
            #expect(described == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aHeartbeatSeriesBuilderRefusesBadBeatsAndCannotBeUsedOnceFinished(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.heartbeatType])
            let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Self.hour)
            #expect(
                await failure { try await builder.addHeartbeat(at: -0.1, precededByGap: false) }
                    == .errorInvalidArgument)
            #expect(
                await failure { try await builder.addHeartbeat(at: .infinity, precededByGap: false) }
                    == .errorInvalidArgument)
            #expect(await failure { _ = try await builder.finishSeries() } == .errorInvalidArgument)
            try await builder.addHeartbeat(at: 0.8, precededByGap: false)
            _ = try await builder.finishSeries()
            #expect(
                await failure { try await builder.addHeartbeat(at: 1.6, precededByGap: false) } == .errorInvalidArgument
            )
            #expect(await failure { _ = try await builder.finishSeries() } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, Self.heartbeatType).count == 1)

            let discarded = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Self.hour)
            try await discarded.addHeartbeat(at: 0.8, precededByGap: false)
            discarded.discard()
            #expect(await failure { _ = try await discarded.finishSeries() } == .errorInvalidArgument)
            #expect(try await Fetch.samples(store, Self.heartbeatType).count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aHeartbeatSeriesHoldsAtMostMaximumCountBeats(_ backend: StoreBackend) async throws {
        try await withWorld(backend) { world in
            let store = try await world.authorizedStore(for: [Self.heartbeatType])
            let builder = HKHeartbeatSeriesBuilder(healthStore: store, device: nil, start: Self.hour)
            for index in 0..<HKHeartbeatSeriesBuilder.maximumCount {
                try await builder.addHeartbeat(at: Double(index) * 0.8, precededByGap: false)
            }
            let refused = await withCheckedContinuation { continuation in
                builder.addHeartbeatWithTimeInterval(sinceSeriesStartDate: 1e6, precededByGap: false) { added, error in
                    continuation.resume(returning: (added, (error as? HKError)?.code))
                }
            }
            #expect(refused.0 == false && refused.1 == .errorInvalidArgument)
            let series = try await builder.finishSeries()
            #expect(series.count == HKHeartbeatSeriesBuilder.maximumCount)
            #expect(try await beats(store, of: series).count == HKHeartbeatSeriesBuilder.maximumCount)
        }
    }
}
