/// Why insulin was delivered (``HKMetadataKeyInsulinDeliveryReason``, required on `insulinDelivery` samples).
public enum HKInsulinDeliveryReason: Int, Sendable, CaseIterable {
    /// For the body's base needs: a continuous pump rate or slow-acting insulin.
    case basal = 1
    /// For an episodic need, such as a meal or a correction.
    case bolus = 2
}
