package import Foundation

/// A query predicate as a tree the store walks: conditions combined with and, or and not.
package indirect enum PredicateTree: Hashable, Sendable {
    /// Every subtree holds (an empty `NSCompoundPredicate` AND becomes ``all``).
    case and([PredicateTree])
    /// At least one subtree holds (an empty OR becomes ``none``).
    case or([PredicateTree])
    case not(PredicateTree)
    case leaf(PredicateCondition)
    /// `NSPredicate(value: true)`: matches everything.
    case all
    /// `NSPredicate(value: false)`: matches nothing.
    case none
}

extension PredicateCondition {
    /// The tree of a query's predicate, built from `HKQuery.predicateFor...` predicates, `NSCompoundPredicate` and
    /// `NSPredicate(value:)`; any other predicate (format strings, blocks) is an invalid argument.
    package static func tree(from predicate: NSPredicate) throws(HKError) -> PredicateTree {
        if let predicate = predicate as? HKQueryPredicate {
            return .leaf(predicate.condition)
        }
        if let compound = predicate as? NSCompoundPredicate {
            return try tree(from: compound)
        }
        if predicate.isEqual(NSPredicate(value: true)) { return .all }
        if predicate.isEqual(NSPredicate(value: false)) { return .none }
        throw unsupported
    }

    private static func tree(from compound: NSCompoundPredicate) throws(HKError) -> PredicateTree {
        var subtrees: [PredicateTree] = []
        // `subpredicates` is [NSPredicate] in swift-corelibs-foundation and [Any] on Apple platforms.
        for subpredicate in compound.subpredicates as [Any] {
            guard let subpredicate = subpredicate as? NSPredicate else { throw unsupported }
            subtrees.append(try tree(from: subpredicate))
        }
        switch compound.compoundPredicateType {
        case .and:
            return subtrees.isEmpty ? .all : .and(subtrees)
        case .or:
            return subtrees.isEmpty ? .none : .or(subtrees)
        case .not:
            guard subtrees.count == 1 else {
                throw HKError.invalidArgument("a NOT predicate needs exactly one subpredicate, not \(subtrees.count)")
            }
            return .not(subtrees[0])
        @unknown default:
            throw unsupported
        }
    }

    private static var unsupported: HKError {
        HKError.invalidArgument("unsupported predicate: build predicates with HKQuery's factory methods")
    }
}

extension PredicateTree {
    /// The `NSPredicate` of the tree, which ``PredicateCondition/tree(from:)`` reads back as this tree (an unarchived
    /// ``HKQueryDescriptor``'s predicate).
    package var predicate: NSPredicate {
        switch self {
        case .and(let subtrees): NSCompoundPredicate(andPredicateWithSubpredicates: subtrees.map(\.predicate))
        case .or(let subtrees): NSCompoundPredicate(orPredicateWithSubpredicates: subtrees.map(\.predicate))
        case .not(let subtree): NSCompoundPredicate(notPredicateWithSubpredicate: subtree.predicate)
        case .leaf(let condition): HKQueryPredicate(condition)
        case .all: NSPredicate(value: true)
        case .none: NSPredicate(value: false)
        }
    }
}
