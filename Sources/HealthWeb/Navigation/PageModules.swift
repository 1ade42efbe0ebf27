import Hummingbird

/// An entry of Health's menu.
struct WebSection: Sendable, Equatable {
    let label: String
    let href: String

    static let summary = WebSection(label: "Summary", href: WebRoutes.summary.path())
    static let browse = WebSection(label: "Browse", href: WebRoutes.browse.path())
    static let sources = WebSection(label: "Sources", href: WebRoutes.sources.path())
    static let sharing = WebSection(label: "Sharing", href: WebRoutes.sharing.path())
    static let me = WebSection(label: "Me", href: WebRoutes.me.path())
    static let log = WebSection(label: "Access Log", href: WebRoutes.log.path())
    static let importing = WebSection(label: "Import", href: WebRoutes.importing.path())
}

/// One kind of page: the menu entry it appears under (nil for pages the menu does not list) and the function that
/// adds its routes.
struct PageModule: Sendable {
    let section: WebSection?
    let addRoutes: @Sendable (HealthWebApp, Router<BasicRequestContext>) -> Void
}

extension HealthWebApp {
    /// Every page Health serves, in one place, in menu order. A new page (workouts, electrocardiograms, clinical
    /// records...) adds one line here: its menu entry, if it has one, and its routes. A page that belongs to a
    /// category of Browse rather than to the menu registers a ``BrowseEntry`` in ``HealthCategories/pageEntries``
    /// instead; a new kind of type page registers in ``TypePageKinds``. See docs/WEB.md, "Adding a page".
    static let modules: [PageModule] = [
        PageModule(section: nil) { app, router in app.addStaticRoutes(to: router) },
        PageModule(section: nil) { app, router in app.addSignInRoutes(to: router) },
        PageModule(section: .summary) { app, router in app.addSummaryRoutes(to: router) },
        PageModule(section: .browse) { app, router in app.addBrowseRoutes(to: router) },
        PageModule(section: nil) { app, router in app.addTypeRoutes(to: router) },
        PageModule(section: nil) { app, router in app.addPermissionRoutes(to: router) },
        // SMART on FHIR's consent sheet: where outside apps send the owner.
        PageModule(section: nil) { app, router in app.addSMARTConsentRoutes(to: router) },
        PageModule(section: .sources) { app, router in app.addSourcesRoutes(to: router) },
        PageModule(section: .sharing) { app, router in app.addSharingRoutes(to: router) },
        // What another person shares: reached from Sharing.
        PageModule(section: nil) { app, router in app.addSharedPersonRoutes(to: router) },
        PageModule(section: .me) { app, router in app.addMeRoutes(to: router) },
        PageModule(section: .log) { app, router in app.addAccessLogRoutes(to: router) },
        PageModule(section: .importing) { app, router in app.addImportRoutes(to: router) },
        // Export All Health Data: started from Me.
        PageModule(section: nil) { app, router in app.addExportRoutes(to: router) },
        // Electrocardiograms and audiograms: in Browse (HealthCategories.pageEntries), not in the menu.
        PageModule(section: nil) { app, router in app.addRecordingRoutes(to: router) },
        // Health records and documents, state of mind, medications and vision prescriptions: in Browse.
        PageModule(section: nil) { app, router in app.addRecordsRoutes(to: router) },
        // Activity: a day's rings and their history, in Browse's Activity and on the Summary.
        PageModule(section: nil) { app, router in app.addActivityRoutes(to: router) },
        // Workouts: the list and a page per workout, in Browse's Activity and from the Workouts type page.
        PageModule(section: nil) { app, router in app.addWorkoutRoutes(to: router) },
    ]

    /// The menu: the sections of ``modules``, in order.
    static let menu: [WebSection] = modules.compactMap(\.section)
}
