import Foundation
package import OpenHealthKitModel

/// An app's request to be woken for changes to a type, at most once per `frequency`.
package struct BackgroundDelivery: Sendable, Equatable {
    package var typeIdentifier: String
    package var frequency: HKUpdateFrequency

    package init(typeIdentifier: String, frequency: HKUpdateFrequency) {
        self.typeIdentifier = typeIdentifier
        self.frequency = frequency
    }
}
