// `import OpenHealthKit` gives the whole HealthKit-named API, plus the app manifest and answerer types a host uses
// to configure the store.
@_exported import OpenHealthKitEngine
@_exported import OpenHealthKitModel
