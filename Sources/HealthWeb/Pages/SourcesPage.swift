import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Sources: every registered app; the devices that push data with an ingest key (IngestKeyActions.swift); how many
/// webhooks healthd posts changes to, with the link to their page (WebhooksPage.swift); every source that stored data
/// (an import's phone, watch and apps too), with the types it wrote, each linking to the type's Data Sources and their
/// order; the devices the data names. For one app, the types it may write and read: each switch changes the grant at
/// once; Turn Off All denies everything; Revoke Credential cuts the app off entirely.
struct SourcesPage: Sendable {
    struct App: Sendable {
        let name: String
        let bundleIdentifier: String
        let href: String
        let summary: String
        let revoked: Bool
    }

    /// A source with data and the types it wrote.
    struct DataSource: Sendable {
        struct TypeLink: Sendable {
            let name: String
            /// Where it is shown; nil for data no page shows.
            let href: String?
        }

        let name: String
        let bundleIdentifier: String
        /// Its app's page, when it is a registered app.
        let appHref: String?
        let types: [TypeLink]
        let summary: String
    }

    /// An ingest key, by its name and dates: never its secret.
    struct IngestKey: Sendable {
        let name: String
        let created: String
        /// The last push's date and time, or "Never".
        let lastPush: String
        /// Where its Revoke button posts.
        let revokePath: String
        /// The time zone of its last push, offered when Health's days follow another offset.
        let timeZoneOffer: TimeZoneOffer?
    }

    struct Device: Sendable {
        let name: String
        let details: String
    }

    let chrome: Chrome
    let apps: [App]
    let ingestKeys: [IngestKey]
    /// "2 webhooks", or "No webhooks".
    let webhooks: String
    let dataSources: [DataSource]
    let devices: [Device]
}

struct AppPage: Sendable {
    struct Switch: Sendable {
        let name: String
        let identifier: String
        let kind: String
        let on: Bool
        let elementID: String
    }

    let chrome: Chrome
    let name: String
    let bundleIdentifier: String
    let path: String
    let version: String
    let registered: String
    let revoked: String?
    let writeReason: String?
    let readReason: String?
    let write: [Switch]
    let read: [Switch]
    let hasGrants: Bool
}

extension HealthWebApp {
    func addSourcesRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.sources) { [self] web in
            let host = web.host
            let store = host.store
            let registered = host.registeredApps()
            let (grants, keys, webhooks, stored, devices) = try await blocking {
                (
                    try Dictionary(
                        uniqueKeysWithValues: registered.map {
                            ($0.bundleIdentifier, try store.grants(app: $0.bundleIdentifier))
                        }),
                    try host.ingestKeys(), try host.webhooks().count, try store.storedSources(),
                    try store.storedDevices()
                )
            }
            let dates = try await pageDates(host)
            let registeredIdentifiers = Set(registered.map(\.bundleIdentifier))
            let apps = registered.map { app -> SourcesPage.App in
                let decided = grants[app.bundleIdentifier] ?? [:]
                let writes = decided.values.filter { $0.share == .sharingAuthorized }.count
                let reads = decided.values.filter { $0.read == .authorized }.count
                return SourcesPage.App(
                    name: app.manifest.name, bundleIdentifier: app.bundleIdentifier,
                    href: WebRoutes.app.path(app.bundleIdentifier),
                    summary: decided.isEmpty
                        ? "Has not asked for access"
                        : writes + reads == 0 ? "No access allowed" : "May write \(writes) and read \(reads) types",
                    revoked: app.revokedAt != nil)
            }.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
            return await renderer.html(
                "sources",
                SourcesPage(
                    chrome: chrome(web, title: "Sources", section: .sources), apps: apps,
                    ingestKeys: keys.map { Self.ingestKey($0, dates: dates) },
                    webhooks: webhooks == 0 ? "No webhooks" : webhooks == 1 ? "1 webhook" : "\(webhooks) webhooks",
                    dataSources: stored.map {
                        Self.dataSource($0.source, types: $0.types, registered: registeredIdentifiers)
                    },
                    devices: devices.map(Self.device)))
        }

        page(router, WebRoutes.app) { [self] web in
            let app = try await registeredApp(web)
            let store = web.host.store
            let bundleIdentifier = app.bundleIdentifier
            let grants = try await blocking { try store.grants(app: bundleIdentifier) }
            func switches(_ kind: String, _ decided: (Grant) -> Bool?) -> [AppPage.Switch] {
                grants.compactMap { identifier, grant in
                    decided(grant).map {
                        AppPage.Switch(
                            name: PageTypeNames.displayName(identifier), identifier: identifier, kind: kind, on: $0,
                            elementID: kind + "-" + HKObjectType.shortName(forRawIdentifier: identifier))
                    }
                }.sorted { $0.name < $1.name }
            }
            let write = switches("share") { $0.share == .notDetermined ? nil : $0.share == .sharingAuthorized }
            let read = switches("read") { $0.read == .notDetermined ? nil : $0.read == .authorized }
            let dates = try await pageDates(web.host)
            return await renderer.html(
                "app",
                AppPage(
                    chrome: chrome(web, title: app.manifest.name, section: .sources), name: app.manifest.name,
                    bundleIdentifier: bundleIdentifier, path: WebRoutes.app.path(bundleIdentifier),
                    version: app.manifest.version,
                    registered: dates.dateTime(app.registeredAt), revoked: app.revokedAt.map(dates.dateTime),
                    writeReason: app.manifest.updateUsageDescription, readReason: app.manifest.shareUsageDescription,
                    write: write, read: read, hasGrants: !write.isEmpty || !read.isEmpty))
        }

        action(router, WebRoutes.appGrant) { [self] web in
            let app = try await registeredApp(web)
            guard let name = web.form["type"], let type = HKObjectType.type(named: name), let kind = web.form["kind"]
            else {
                throw WebError.badRequest("The switch names no type.")
            }
            let on = web.form["on"] != nil
            let store = web.host.store
            let bundleIdentifier = app.bundleIdentifier
            try await blocking {
                var grant = try store.grant(app: bundleIdentifier, type: type.identifier)
                switch kind {
                case "share":
                    guard (type as? HKSampleType)?.isShareable == true else {
                        throw WebError.badRequest("Apps cannot write this type.")
                    }
                    grant.share = on ? .sharingAuthorized : .sharingDenied
                case "read": grant.read = on ? .authorized : .denied
                default: throw WebError.badRequest("A switch is for writing or reading.")
                }
                try store.setGrants([type.identifier: grant], app: bundleIdentifier)
            }
            await web.host.audit(
                "grants.\(kind).\(on ? "on" : "off")", types: [type.identifier], count: 0, errorCode: nil,
                subject: bundleIdentifier)
            let verb = kind == "share" ? "write" : "read"
            return redirect(
                web, to: WebRoutes.app.path(bundleIdentifier),
                message:
                    "\(app.manifest.name) \(on ? "may" : "may no longer") \(verb) \(PageTypeNames.displayName(type.identifier))."
            )
        }

        action(router, WebRoutes.appRevokeAll) { [self] web in
            let app = try await registeredApp(web)
            let store = web.host.store
            let bundleIdentifier = app.bundleIdentifier
            let types = try await blocking {
                try store.revokeAllGrants(app: bundleIdentifier)
                return Array(try store.grants(app: bundleIdentifier).keys)
            }
            await web.host.audit("grants.revokeAll", types: types, count: 0, errorCode: nil, subject: bundleIdentifier)
            return redirect(
                web, to: WebRoutes.app.path(bundleIdentifier),
                message: "\(app.manifest.name) may no longer write or read any type.")
        }

        action(router, WebRoutes.appRevoke) { [self] web in
            let app = try await registeredApp(web)
            guard try await web.host.revokeApp(app.bundleIdentifier) != nil else {
                throw WebError.notFound("No app has this identifier.")
            }
            await web.host.audit("app.revoke", types: [], count: 0, errorCode: nil, subject: app.bundleIdentifier)
            return redirect(
                web, to: WebRoutes.app.path(app.bundleIdentifier),
                message:
                    "\(app.manifest.name)'s credential is revoked: it cannot reach Health until it is registered again."
            )
        }

        addIngestKeyActions(to: router)
        addWebhookRoutes(to: router)
        addFHIRAppRoutes(to: router)
    }

    private func registeredApp(_ web: WebRequest) async throws -> RegisteredApp {
        guard let app = try await web.host.registeredApp(try web.parameter("app")) else {
            throw WebError.notFound("No app has this identifier.")
        }
        return app
    }
}

extension HealthWebApp {
    /// A source with data, its types by Health's names, each linking to the type's Data Sources (a quantity type's
    /// page), the type's page, or the page that shows its records (electrocardiograms, documents...).
    static func dataSource(_ source: SourceRow, types: [String], registered: Set<String>) -> SourcesPage.DataSource {
        let links = types.map { identifier -> SourcesPage.DataSource.TypeLink in
            if let type = PageTypeNames.sampleType(named: identifier) {
                return SourcesPage.DataSource.TypeLink(
                    name: PageTypeNames.displayName(identifier),
                    href: path(of: type) + (type is HKQuantityType ? "#sources" : ""))
            }
            let page = HealthCategories.pageEntries.first { $0.sampleTypes.contains(identifier) }
            return SourcesPage.DataSource.TypeLink(
                name: page?.name ?? PageTypeNames.displayName(identifier), href: page?.href)
        }.sorted { $0.name.localizedCaseInsensitiveCompare($1.name) == .orderedAscending }
        return SourcesPage.DataSource(
            name: source.name, bundleIdentifier: source.bundleIdentifier,
            appHref: registered.contains(source.bundleIdentifier) ? WebRoutes.app.path(source.bundleIdentifier) : nil,
            types: links, summary: types.count == 1 ? "1 type of data" : "\(types.count) types of data")
    }

    /// A device by its name, then its model, maker and versions as far as the data says them.
    static func device(_ device: DeviceRow) -> SourcesPage.Device {
        let software = device.softwareVersion.isEmpty ? nil : "software " + device.softwareVersion
        let hardware = device.hardwareVersion.isEmpty ? nil : device.hardwareVersion
        let details = [device.model, device.manufacturer, hardware, software]
            .compactMap { $0 }.filter { !$0.isEmpty && $0 != device.name }
        return SourcesPage.Device(
            name: device.name.isEmpty ? (device.model.isEmpty ? "Unnamed device" : device.model) : device.name,
            details: details.joined(separator: " · "))
    }
}
