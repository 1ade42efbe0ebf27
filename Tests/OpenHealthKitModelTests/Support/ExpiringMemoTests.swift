import Foundation
import Testing
import OpenHealthKitModel

/// The memo behind healthd's verified secrets and credentials: what it gives back, for how long, and how it stays
/// bounded.
@Suite struct ExpiringMemoTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aRememberedValueIsGivenBackWithinItsLifetime() {
        let memo = ExpiringMemo<String, Int>(lifetime: 60, capacity: 4)
        memo.remember(7, for: "a", now: start)
        #expect(memo.value(for: "a", now: start.addingTimeInterval(59)) == 7)
        #expect(memo.value(for: "b", now: start) == nil)
    }

    @Test func aValueIsForgottenWhenItsLifetimeEnds() {
        let memo = ExpiringMemo<String, Int>(lifetime: 60, capacity: 4)
        memo.remember(7, for: "a", now: start)
        #expect(memo.value(for: "a", now: start.addingTimeInterval(60)) == nil)
    }

    @Test func rememberingAgainRestartsTheLifetime() {
        let memo = ExpiringMemo<String, Int>(lifetime: 60, capacity: 4)
        memo.remember(7, for: "a", now: start)
        memo.remember(8, for: "a", now: start.addingTimeInterval(50))
        #expect(memo.value(for: "a", now: start.addingTimeInterval(100)) == 8)
    }

    @Test func aFullMemoStartsOverInsteadOfGrowing() {
        let memo = ExpiringMemo<Int, Int>(lifetime: 60, capacity: 2)
        memo.remember(1, for: 1, now: start)
        memo.remember(2, for: 2, now: start)
        memo.remember(3, for: 3, now: start)
        #expect(memo.value(for: 1, now: start) == nil)
        #expect(memo.value(for: 2, now: start) == nil)
        #expect(memo.value(for: 3, now: start) == 3)
    }
}
