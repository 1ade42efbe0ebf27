// Compiled by Scripts/check_facade.py as a file of this package that imports only the facade: what a host writes
// (README, "Using the store in a program") must compile.
import Foundation
import OpenHealthKit

let manifest = AppManifest(bundleIdentifier: "org.example.app", updateUsageDescription: "Saves heart rates.")
let answerer = RuleAnswerer { request in AuthorizationAnswer.allowAll(request) }
let configuration = HealthStoreConfiguration(location: .memory(name: "client"), app: manifest, answerer: answerer)
let store = HKHealthStore(configuration: configuration)
let options: HKStatisticsOptions = [.cumulativeSum, .separateBySource]
let type = HKQuantityType(.heartRate)
print(manifest.bundleIdentifier, options.rawValue, type.identifier, store)
