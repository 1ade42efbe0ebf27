import Foundation
import Hummingbird
import NIOCore
import OpenHealthKitEngine
import OpenHealthKitModel

/// The permission sheet: when an app calls `requestAuthorization`, the request waits in healthd until the owner
/// answers here. The sheet names the app, shows its reasons (its usage descriptions), and lists the types it wants
/// to write and to read, each with its own switch (off until turned on, as in HealthKit); Allow records the
/// switches, Don't Allow denies everything. The app's call then completes.
struct PermissionPage: Sendable {
    struct Switch: Sendable {
        let identifier: String
        let name: String
        let field: String
        let elementID: String
    }

    struct Sheet: Sendable {
        let id: String
        let action: String
        let appName: String
        let bundleIdentifier: String
        let asked: String
        let writeReason: String?
        let readReason: String?
        let toShare: [Switch]
        let toRead: [Switch]
        let hasShare: Bool
        let hasRead: Bool
        /// For a request about single objects (prescriptions, medications, documents): each one, with the owner's
        /// earlier decision switched on.
        let objects: [ObjectSwitch]
        let hasObjects: Bool
        let objectsKind: String
    }

    struct ObjectSwitch: Sendable {
        let key: String
        let label: String
        let elementID: String
        let allowedBefore: Bool
    }

    let chrome: Chrome
    let sheets: [Sheet]
}

extension HealthWebApp {
    func addPermissionRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.permissions) { [self] web in
            let dates = try await pageDates(web.host)
            let sheets = web.host.pendingPermissionRequests().map { Self.sheet($0, dates: dates) }
            let chrome = chrome(web, title: "Permission Requests", section: nil, pendingBanner: false)
            return await renderer.html("permissions", PermissionPage(chrome: chrome, sheets: sheets))
        }

        // For the banner's script: how many requests wait (no health data, but only for the signed-in owner).
        router.get(WebRoutes.permissionCount.routerPath) { [self] request, _ in
            let signedIn = (try? checkHost(request)) == nil ? nil : try? await signedIn(request)
            let count = signedIn.map { $0.host.pendingPermissionRequests().count }
            return Response(
                status: count == nil ? .unauthorized : .ok,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(string: count.map { "{\"count\":\($0)}" } ?? "{\"count\":null}")))
        }

        action(router, WebRoutes.permission) { [self] web in
            guard let id = UUID(uuidString: try web.parameter("id")),
                let pending = web.host.pendingPermissionRequests().first(where: { $0.id == id })
            else {
                return redirect(
                    web, to: WebRoutes.permissions.path(),
                    message: "That request was already answered, or the app stopped waiting.",
                    isError: true)
            }
            let request = pending.request
            let allow = web.form["answer"] == "allow"
            let share = Set(web.form.all("share")), read = Set(web.form.all("read"))
            let answer =
                allow
                ? AuthorizationAnswer(
                    allowedToShare: request.toShare.filter { share.contains($0.identifier) },
                    allowedToRead: request.toRead.filter { read.contains($0.identifier) },
                    allowedObjects: Set(web.form.all("object")).intersection(
                        request.objects?.candidates.map(\.key) ?? []))
                : .denyAll
            guard web.host.answerPermissionRequest(id, with: answer) else {
                return redirect(
                    web, to: WebRoutes.permissions.path(), message: "That request was already answered.", isError: true)
            }
            let asked = Set(request.toShare.map(\.identifier)).union(request.toRead.map(\.identifier))
                .union([request.objects?.type.identifier].compactMap { $0 })
            await web.host.audit(
                "authorization.answer", types: Array(asked), count: 0, errorCode: nil,
                subject: request.app.bundleIdentifier)
            let message =
                allow && request.objects != nil
                ? "\(request.app.name) may now read \(answer.allowedObjects.count) of the \(request.objects?.candidates.count ?? 0) items it asked for."
                : allow
                    ? "\(request.app.name) may now write \(answer.allowedToShare.count) and read \(answer.allowedToRead.count) of the types it asked for."
                    : "\(request.app.name) was not allowed access."
            let next =
                web.host.pendingPermissionRequests().isEmpty
                ? WebRoutes.app.path(request.app.bundleIdentifier)
                : WebRoutes.permissions.path()
            return redirect(web, to: next, message: message)
        }
    }

    static func sheet(_ pending: PermissionRequest, dates: PageDateText) -> PermissionPage.Sheet {
        let app = pending.request.app
        func switches(_ types: some Collection<HKObjectType>, field: String) -> [PermissionPage.Switch] {
            types.map { type in
                PermissionPage.Switch(
                    identifier: type.identifier, name: PageTypeNames.displayName(type.identifier), field: field,
                    elementID: field + "-" + pending.id.uuidString + "-" + type.shortName)
            }.sorted { $0.name < $1.name }
        }
        let toShare = switches(pending.request.toShare.map { $0 as HKObjectType }, field: "share")
        let toRead = switches(pending.request.toRead, field: "read")
        let objects = (pending.request.objects?.candidates ?? []).enumerated().map { index, candidate in
            PermissionPage.ObjectSwitch(
                key: candidate.key, label: candidate.label, elementID: "object-\(pending.id.uuidString)-\(index)",
                allowedBefore: candidate.allowedBefore)
        }
        return PermissionPage.Sheet(
            id: pending.id.uuidString, action: WebRoutes.permission.path(pending.id.uuidString), appName: app.name,
            bundleIdentifier: app.bundleIdentifier, asked: dates.dateTime(pending.createdAt),
            writeReason: pending.request.toShare.isEmpty ? nil : app.updateUsageDescription,
            readReason: pending.request.toRead.isEmpty && pending.request.objects == nil
                ? nil : app.shareUsageDescription,
            toShare: toShare, toRead: toRead, hasShare: !toShare.isEmpty, hasRead: !toRead.isEmpty,
            objects: objects, hasObjects: !objects.isEmpty,
            objectsKind: pending.request.objects.map { PageTypeNames.displayName($0.type.identifier) } ?? "")
    }
}
