public import Foundation

extension HKQuery {
    /// A predicate that matches states of mind whose valence compares with `valence` as `operatorType` says (the
    /// sample's valence on the left). `operatorType` must be a comparison; others raise `NSInvalidArgumentException`.
    public class func predicateForStatesOfMind(withValence valence: Double, operatorType: _HKPredicateOperatorType)
        -> NSPredicate
    {
        HKQueryPredicate { () throws(HKError) in
            .stateOfMindValence(comparison: try ComparisonOperator(operatorType), valence: valence)
        }
    }

    /// A predicate that matches states of mind of `kind`.
    public class func predicateForStatesOfMind(with kind: HKStateOfMind.Kind) -> NSPredicate {
        HKQueryPredicate(.stateOfMindKind(kind.rawValue))
    }

    /// A predicate that matches states of mind with `label` among their labels.
    public class func predicateForStatesOfMind(with label: HKStateOfMind.Label) -> NSPredicate {
        HKQueryPredicate(.stateOfMindLabel(label.rawValue))
    }

    /// A predicate that matches states of mind with `association` among their associations.
    public class func predicateForStatesOfMind(with association: HKStateOfMind.Association) -> NSPredicate {
        HKQueryPredicate(.stateOfMindAssociation(association.rawValue))
    }
}
