// `import OpenHealthKit` gives an app the whole HealthKit-named API (the model) and, of the engine, only the types a
// host configures a store with (`HealthStoreConfiguration`): the app's manifest and whoever answers its permission
// requests. Each is re-exported by name, so the rest of the engine stays out of an app's sight; a module of this
// package that needs the engine imports OpenHealthKitEngine itself. Scoped imports, not typealiases: a typealias would
// leave the type's members invisible to a client built with MemberImportVisibility
// (docs/decisions/0004-the-facade-re-exports-five-engine-types-by-scoped-import.md).
@_exported public import OpenHealthKitModel
@_exported public import struct OpenHealthKitEngine.AppManifest
@_exported public import protocol OpenHealthKitEngine.AuthorizationAnswerer
@_exported public import struct OpenHealthKitEngine.AuthorizationAnswer
@_exported public import struct OpenHealthKitEngine.AuthorizationRequest
@_exported public import struct OpenHealthKitEngine.RuleAnswerer
