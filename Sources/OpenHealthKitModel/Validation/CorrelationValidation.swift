/// A correlation holds only quantity samples of its type's member types (systolic and diastolic for blood pressure,
/// dietary types for food), each valid in itself.
package enum CorrelationValidation {
    package static func validate(_ objects: Set<HKSample>, for type: HKCorrelationType) throws(HKError) {
        let allowed = type.allowedMemberTypes
        for object in objects {
            guard let sample = object as? HKQuantitySample,
                allowed.contains(HKQuantityTypeIdentifier(rawValue: sample.quantityType.identifier))
            else {
                throw .invalidArgument(
                    "\(type.identifier) cannot contain samples of type \(object.sampleType.identifier)")
            }
            try sample.validate()
        }
    }
}
