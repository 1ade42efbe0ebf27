import Foundation
import Testing
@testable import OpenHealthKitModel

@Suite("Predicate trees")
struct PredicateTreeTests {
    let start = Date(timeIntervalSinceReferenceDate: 750_000_000)
    let uuid = UUID()

    var dates: NSPredicate { HKQuery.predicateForSamples(withStart: start, end: nil, options: .strictStartDate) }
    var datesCondition: PredicateCondition {
        .sampleDates(SampleDateRange(start: start, end: nil, options: .strictStartDate))
    }

    @Test func aFactoryPredicateIsALeaf() throws {
        #expect(try PredicateCondition.tree(from: dates) == .leaf(datesCondition))
    }

    @Test func compoundPredicatesWalkInOrder() throws {
        let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
            dates,
            NSCompoundPredicate(orPredicateWithSubpredicates: [
                HKQuery.predicateForObject(with: uuid),
                NSCompoundPredicate(notPredicateWithSubpredicate: HKQuery.predicateForObjectsWithNoCorrelation()),
            ]),
        ])
        #expect(
            try PredicateCondition.tree(from: predicate)
                == .and([
                    .leaf(datesCondition),
                    .or([.leaf(.uuids([uuid])), .not(.leaf(.noCorrelation))]),
                ]))
    }

    @Test func valuePredicatesMatchAllOrNothing() throws {
        #expect(try PredicateCondition.tree(from: NSPredicate(value: true)) == .all)
        #expect(try PredicateCondition.tree(from: NSPredicate(value: false)) == .none)
        let mixed = NSCompoundPredicate(orPredicateWithSubpredicates: [NSPredicate(value: false), dates])
        #expect(try PredicateCondition.tree(from: mixed) == .or([.none, .leaf(datesCondition)]))
    }

    @Test func emptyCompoundsAreAllAndNone() throws {
        #expect(try PredicateCondition.tree(from: NSCompoundPredicate(andPredicateWithSubpredicates: [])) == .all)
        #expect(try PredicateCondition.tree(from: NSCompoundPredicate(orPredicateWithSubpredicates: [])) == .none)
    }

    @Test func aNotWithSeveralSubpredicatesIsAnInvalidArgument() {
        let predicate = NSCompoundPredicate(type: .not, subpredicates: [dates, dates])
        #expect(throws: HKError.invalidArgument("a NOT predicate needs exactly one subpredicate, not 2")) {
            try PredicateCondition.tree(from: predicate)
        }
    }

    @Test func blockPredicatesAreRejected() {
        let unsupported = HKError.invalidArgument(
            "unsupported predicate: build predicates with HKQuery's factory methods")
        let block = NSPredicate { _, _ in true }
        #expect(throws: unsupported) { try PredicateCondition.tree(from: block) }
        let nested = NSCompoundPredicate(andPredicateWithSubpredicates: [dates, block])
        #expect(throws: unsupported) { try PredicateCondition.tree(from: nested) }
    }

    @Test func rejectionsCarryTheInvalidArgumentCode() {
        do {
            _ = try PredicateCondition.tree(from: NSPredicate { _, _ in false })
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .errorInvalidArgument)
        }
    }
}
