extension Double {
    /// The number as HealthKit writes it in unit strings and quantity descriptions: `72`, `0.5`,
    /// `180.15588000005408` (whole numbers without a decimal point, others in their shortest exact form).
    package var unitStringDescription: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}
