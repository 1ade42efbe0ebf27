// `import HealthKit` on Linux: this module is OpenHealthKit under HealthKit's name, so that HealthKit code compiles
// unchanged (README, "import HealthKit"). Package.swift declares it only when evaluated on Linux, where no HealthKit
// framework exists to clash with.
@_exported public import OpenHealthKit
// On Apple's platforms `import HealthKit` brings Foundation, and Foundation brings Combine and Observation: a
// `HealthKitManager: ObservableObject` with `@Published` properties, or an `@Observable` class, needs no other import.
// OpenCombine is Combine's `ObservableObject` and `@Published` on Linux; Observation is the toolchain's own.
@_exported public import OpenCombine
@_exported public import Observation
