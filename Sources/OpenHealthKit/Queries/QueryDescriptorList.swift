import OpenHealthKitModel

extension [HKQueryDescriptor] {
    /// The descriptors given to a query over several types; an empty list raises `NSInvalidArgumentException`, as in
    /// HealthKit.
    func requiredByQuery() -> Self {
        if isEmpty { raiseInvalidArgumentException("queryDescriptors must not be empty") }
        return self
    }

    /// The descriptor of a query given only one: the query reports its type and predicate as its own.
    var single: HKQueryDescriptor? { count == 1 ? self[0] : nil }
}
