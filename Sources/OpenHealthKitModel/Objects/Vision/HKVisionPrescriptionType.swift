import Foundation

/// Whether a vision prescription is for glasses or contact lenses.
public enum HKVisionPrescriptionType: UInt, Sendable, CaseIterable {
    case glasses = 1
    case contacts
}

/// An eye.
public enum HKVisionEye: Int, Sendable, CaseIterable {
    case left = 1
    case right
}

/// The direction of a prism's base in rectangular notation: up or down on the vertical axis, in (toward the nose) or
/// out on the horizontal one.
public enum HKPrismBase: Int, Sendable, CaseIterable {
    case none = 0
    case up
    case down
    case `in`
    case out
}
