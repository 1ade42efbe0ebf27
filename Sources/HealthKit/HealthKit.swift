// `import HealthKit` on Linux: this module is OpenHealthKit under HealthKit's name, so that HealthKit code compiles
// unchanged (README, "import HealthKit"). Package.swift declares it only when evaluated on Linux, where no HealthKit
// framework exists to clash with.
@_exported public import OpenHealthKit
