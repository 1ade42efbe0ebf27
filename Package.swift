// swift-tools-version:6.1
import PackageDescription

// Every Swift target: Swift 6, and the compiler holds each file to the imports it declares.
// MemberImportVisibility: a member is visible only where the module declaring it is imported (no leaking through
// another file's or another module's imports). InternalImportsByDefault: `import X` is internal; a module's
// public API may name X's types only under `public import X` (docs/ARCHITECTURE.md, "Module graph").
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "OpenHealthKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenHealthKit", targets: ["OpenHealthKit"]),
        .executable(name: "hk", targets: ["hk"]),
        .executable(name: "healthd", targets: ["healthd"]),
        .executable(name: "HeartRate", targets: ["HeartRate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Hummingbird's own dependencies, declared because HealthWeb, HealthDaemon and HeartRate import them directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Each target lists exactly the modules its sources import (plus, for a test target, the executables it runs).

        // HealthKit's type system: types, units, quantities, samples, predicates, queries, errors.
        // Depends on nothing but Foundation.
        .target(name: "OpenHealthKitModel", swiftSettings: strict),
        // Validation, authorization, query evaluation and change feed over a `Storage` seam. No HTTP, no SQL driver.
        .target(name: "OpenHealthKitEngine", dependencies: ["OpenHealthKitModel"], swiftSettings: strict),
        // SQLite's process-wide settings, for the executables (`sqlite3_config` is variadic: Swift cannot call it).
        .target(name: "CSQLiteConfiguration", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The statements both SQL storages share, written once, and the dialect each database writes them in.
        .target(
            name: "OpenHealthKitSQL", dependencies: ["OpenHealthKitModel", "OpenHealthKitEngine"], swiftSettings: strict
        ),
        // The embedded SQLite storage (GRDB). GRDB and the C modules are imported internally: no client sees them.
        .target(
            name: "OpenHealthKitSQLite",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitSQL", "CSQLiteConfiguration",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // The PostgreSQL storage (postgres-nio): the server's database, many users ready (user_id leads every key).
        // postgres-nio and NIO are imported internally: no client sees them.
        .target(
            name: "OpenHealthKitPostgres",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitSQL",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Sign-in secrets' scrypt hashes (SecretHash).
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Opening a store: where a location picks its storage (`HealthEngine.open`: SQLite or PostgreSQL).
        .target(
            name: "OpenHealthKitStores",
            dependencies: ["OpenHealthKitEngine", "OpenHealthKitSQLite", "OpenHealthKitPostgres"],
            swiftSettings: strict
        ),
        // The JSON wire format shared by healthd and its client: objects, predicates, queries, errors.
        .target(
            name: "OpenHealthKitWire", dependencies: ["OpenHealthKitModel", "OpenHealthKitEngine"],
            swiftSettings: strict),
        // The facade apps import: HKHealthStore, the whole model and the engine's configuration types (Exports.swift);
        // embedded, or a client of healthd.
        .target(
            name: "OpenHealthKit",
            dependencies: ["OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitStores", "OpenHealthKitWire"],
            swiftSettings: strict
        ),
        // Health: the owner's web app (server-rendered Mustache pages, vanilla JS and CSS), mounted by healthd.
        .target(
            name: "HealthWeb",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                // The import page streams an upload to disk.
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // Templates and static files are compiled in (Generated/WebAssets.swift, made by
            // Scripts/generate_web_assets.py from Resources/), so an installed healthd needs no resource bundle.
            exclude: ["Resources"],
            swiftSettings: strict
        ),
        // healthd: the shared store as a daemon (HTTP/JSON API, push channel, provisioning, audit log).
        .target(
            name: "HealthDaemon",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitStores", "OpenHealthKitWire", "HealthWeb",
                "OpenHealthKitExchange",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "healthd",
            dependencies: [
                "HealthDaemon", "OpenHealthKitEngine", "OpenHealthKitStores",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // libxml2's streaming parser (libxml2-dev), for importing multi-gigabyte Health exports.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Getting data in and out: Apple Health export import, export to Apple XML, FHIR R4 and CSV. Works on the
        // engine, not through the app facade, so healthd links no HKHealthStore. (ZipExportSource also imports zlib,
        // which ZIPFoundation brings: its own CZlib module on Linux, the system's on Darwin.)
        .target(
            name: "OpenHealthKitExchange",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine", "CLibXML2",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        // The `hk` commands, as a library so that tests can reach its helpers.
        .target(
            name: "HKCommandLine",
            dependencies: [
                "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitWire", "OpenHealthKitExchange",
                // `hk users` (PostgresAccounts) and `hk migrate` (both storages); `hk ingest-keys --user` opens a
                // user's store (OpenHealthKitStores).
                "OpenHealthKitPostgres", "OpenHealthKitSQLite", "OpenHealthKitStores",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(name: "hk", dependencies: ["HKCommandLine", "OpenHealthKitSQLite"], swiftSettings: strict),

        // The heart-rate sample app (Examples/HeartRate/README.md): HealthKit's classic tutorial against a running
        // healthd, with a small web page of its own. Health data only through OpenHealthKit's public API.
        .executableTarget(
            name: "HeartRate",
            dependencies: [
                "OpenHealthKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Examples/HeartRate/Sources",
            swiftSettings: strict
        ),

        // Test support shared by every test target and the benchmarks (as HummingbirdTesting is): the built healthd on
        // a temporary store, the pinned environment of the processes tests start, waiting on events, HKError codes.
        .target(
            name: "OpenHealthKitTesting", dependencies: ["OpenHealthKitEngine", "OpenHealthKitModel"],
            swiftSettings: strict),

        // Benchmarks against raw baselines: `swift run -c release ohk-bench --help`. Never part of `swift test`.
        .executableTarget(
            name: "ohk-bench",
            dependencies: [
                "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitSQLite", "OpenHealthKitPostgres",
                "OpenHealthKitExchange", "OpenHealthKitTesting",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks",
            swiftSettings: strict
        ),

        // Fuzzing (Fuzz/README.md): each parser of bytes from outside behind one function, and the entry point
        // libFuzzer drives when Scripts/fuzz builds it with `-sanitize=fuzzer,address -DFUZZING` (built normally, it
        // replays files).
        .target(
            name: "OpenHealthKitFuzzing",
            dependencies: [
                "OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitStores", "OpenHealthKitWire",
                "OpenHealthKitExchange", "HKCommandLine",
            ],
            swiftSettings: strict
        ),
        // libFuzzer's driver, declared for ohk-fuzz's `main` (defined by the toolchain's runtime under -sanitize=fuzzer).
        .systemLibrary(name: "CLibFuzzer"),
        .executableTarget(
            name: "ohk-fuzz", dependencies: ["OpenHealthKitFuzzing", "CLibFuzzer"], swiftSettings: strict),

        // Test targets that run an executable (healthd, hk) depend on it so that `swift build --build-tests` builds it.
        .testTarget(
            name: "OpenHealthKitModelTests", dependencies: ["OpenHealthKitModel", "OpenHealthKitTesting"],
            swiftSettings: strict),
        // The engine on its own (over the SQLite storage, the one it has): settings, units, rows, statistics upkeep.
        .testTarget(
            name: "OpenHealthKitEngineTests",
            dependencies: ["OpenHealthKitEngine", "OpenHealthKitModel", "OpenHealthKitSQLite", "OpenHealthKitTesting"],
            swiftSettings: strict
        ),
        // What only the SQLite storage has: its file, its in-memory database.
        .testTarget(
            name: "OpenHealthKitSQLiteTests",
            dependencies: [
                "OpenHealthKitSQLite", "OpenHealthKitEngine", "OpenHealthKitModel", "OpenHealthKitTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        // The storage seam: every suite on every storage (SQLite and PostgreSQL, on a throwaway server the tests
        // start), and what only PostgreSQL has (anchors under concurrent writers, migrations, a server that goes away).
        .testTarget(
            name: "OpenHealthKitStorageTests",
            dependencies: [
                "OpenHealthKitEngine", "OpenHealthKitModel", "OpenHealthKitPostgres", "OpenHealthKitSQLite",
                "OpenHealthKitStores", "OpenHealthKitTesting", "OpenHealthKitExchange",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // The JSON wire format on its own: round trips of every kind of object, metadata value and predicate.
        .testTarget(
            name: "OpenHealthKitWireTests",
            dependencies: ["OpenHealthKitWire", "OpenHealthKitModel", "OpenHealthKitTesting"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OpenHealthKitTests",
            dependencies: [
                "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitSQLite", "OpenHealthKitStores",
                "OpenHealthKitTesting",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "OpenHealthKitExchangeTests",
            dependencies: [
                "OpenHealthKitExchange", "OpenHealthKitModel", "OpenHealthKitEngine", "OpenHealthKitSQLite",
                "OpenHealthKitPostgres", "OpenHealthKitTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HealthDaemonTests",
            dependencies: [
                "HealthDaemon", "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitSQLite", "OpenHealthKitPostgres",
                "OpenHealthKitWire", "OpenHealthKitExchange", "OpenHealthKitStores",
                "OpenHealthKitTesting", "healthd",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // HealthLinkTests opens SMART Health Links' files as a clinician's app would.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HealthWebTests",
            dependencies: [
                "HealthWeb", "HealthDaemon", "OpenHealthKit", "OpenHealthKitModel", "OpenHealthKitEngine",
                "OpenHealthKitSQLite", "OpenHealthKitWire", "OpenHealthKitTesting", "OpenHealthKitPostgres", "healthd",
                // Sources' ingest keys are made and pushed with as `hk ingest-keys` and healthd make them.
                "OpenHealthKitExchange",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HKCommandLineTests",
            dependencies: [
                "HKCommandLine", "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitModel", "OpenHealthKitTesting",
                "hk", "healthd",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Reads a test's store file directly, to show that a refused command left every row as it was.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HeartRateTests",
            dependencies: ["HeartRate", "OpenHealthKit", "OpenHealthKitEngine", "OpenHealthKitTesting"],
            path: "Examples/HeartRate/Tests",
            swiftSettings: strict
        ),
        // The fuzz targets' corpora and the crashes they found, replayed on every test run.
        .testTarget(
            name: "OpenHealthKitFuzzingTests",
            dependencies: ["OpenHealthKitFuzzing", "OpenHealthKitWire", "OpenHealthKitTesting"],
            swiftSettings: strict
        ),
    ]
)

// `import HealthKit` and `import CoreLocation` on Linux (README, "import HealthKit"): a `HealthKit` module that is
// OpenHealthKit under HealthKit's name, and a `CoreLocation` with the `CLLocation` subset workout routes speak, which
// the facade then uses. Declared only when this manifest is evaluated on Linux, so they never clash with Apple's
// frameworks (there the facade uses Apple's CoreLocation). An app depends on them with a Linux-only condition.
#if os(Linux)
// OpenCombine: Combine's `ObservableObject` and `@Published`, which `import HealthKit` brings on Apple's platforms
// (through Foundation); only the `HealthKit` module re-exports it.
package.dependencies.append(.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"))
package.products += [
    .library(name: "HealthKit", targets: ["HealthKit"]),
    .library(name: "CoreLocation", targets: ["CoreLocation"]),
    .library(name: "OpenHealthKitSync", targets: ["OpenHealthKitSync"]),
]
// The step counter's settings: Swift 5, as the apps are, and each file held to the imports it declares.
let asAppsAre: [SwiftSetting] = [.swiftLanguageMode(.v5), .enableUpcomingFeature("MemberImportVisibility")]
package.targets += [
    .target(name: "CoreLocation", swiftSettings: strict),
    .target(
        name: "HealthKit", dependencies: ["OpenHealthKit", .product(name: "OpenCombine", package: "OpenCombine")],
        swiftSettings: strict),
    // A store-to-store sync in plain HealthKit code (docs/SYNC.md): here on `import HealthKit`, on Apple's platforms
    // on Apple's framework, in an iPhone app that pushes the phone's store into healthd.
    .target(name: "OpenHealthKitSync", dependencies: ["HealthKit"], swiftSettings: strict),
    // A workout app written as Apple's documentation writes one, with plain `import HealthKit` and
    // `import CoreLocation` (Examples/Workouts): the tests run it as two processes of a real store.
    .executableTarget(
        name: "Workouts", dependencies: ["HealthKit", "CoreLocation"], path: "Examples/Workouts/Sources",
        swiftSettings: strict),
    // A step counter's HealthKit code as public apps write it (Examples/StepCounter): an `ObservableObject` manager,
    // an `@Observable` model and, in its tests, query subclasses as test doubles, with plain `import HealthKit`. In
    // Swift 5 (asAppsAre): their test doubles override with the closure types of before `@Sendable`.
    .target(
        name: "StepCounter", dependencies: ["HealthKit"], path: "Examples/StepCounter/Sources",
        swiftSettings: asAppsAre),
    .testTarget(
        name: "StepCounterTests",
        dependencies: [
            "StepCounter", "HealthKit", "CoreLocation", "OpenHealthKitTesting",
            .product(name: "OpenCombine", package: "OpenCombine"),
        ],
        path: "Examples/StepCounter/Tests",
        swiftSettings: asAppsAre),
]
for target in package.targets {
    switch target.name {
    case "OpenHealthKit", "OpenHealthKitTests", "HKCommandLineTests", "ohk-bench":
        target.dependencies.append("CoreLocation")
    // The workout tests run the workout app; the sync tests sync into healthd.
    case "HealthDaemonTests": target.dependencies += ["CoreLocation", "Workouts", "OpenHealthKitSync"]
    // Its files `#if canImport(HealthKit) import HealthKit`, and the module is built beside it here: depending on it
    // makes that choice the same in every build and gives it what `HealthKit` loads (OpenCombine's C helpers).
    case "HeartRate": target.dependencies.append("HealthKit")
    default: break
    }
}
#else
// On Apple's platforms the sync is built on Apple's HealthKit.
package.products.append(.library(name: "OpenHealthKitSync", targets: ["OpenHealthKitSync"]))
package.targets.append(
    .target(
        name: "OpenHealthKitSync", swiftSettings: strict, linkerSettings: [.linkedFramework("HealthKit")]))
#endif
