/// A category sample's value must be a case of its type's enumeration.
package enum CategoryValueValidation {
    package static func validate(_ value: Int, for type: HKCategoryType) throws(HKError) {
        guard type.allows(value: value) else {
            throw .invalidArgument(
                "Invalid value \(value) for \(type.identifier): not a case of \(type.descriptor.valueEnum)")
        }
    }
}
