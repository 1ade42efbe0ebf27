import Foundation
import Hummingbird

/// One of Health's pages, actions or files: the path it is registered at, its parameters written `{name}` as
/// Hummingbird's router reads them, and the link to it with values in their place. Every path Health serves or links
/// to is one of ``WebRoutes``, so a page's address is written once.
struct WebRoute: Sendable {
    /// The path template, `/types/{name}`.
    let template: String
    /// The template's segments, split once: a link is built on every row of a list.
    private let segments: [Substring]
    private let parameterCount: Int

    init(_ template: String) {
        self.template = template
        segments = template.split(separator: "/", omittingEmptySubsequences: false)
        parameterCount = segments.filter { $0.hasPrefix("{") }.count
    }

    /// The template as the router reads it.
    var routerPath: RouterPath { RouterPath(template) }

    /// The path with `values` in place of the parameters, in order, each percent-encoded as one path segment: as many
    /// values as the template has parameters.
    func path(_ values: String...) -> String {
        precondition(values.count == parameterCount, "\(template) takes one value per parameter")
        var values = values[...]
        return segments.map { segment in
            guard segment.hasPrefix("{"), let value = values.popFirst() else { return String(segment) }
            return value.addingPercentEncoding(withAllowedCharacters: Self.segmentCharacters) ?? value
        }.joined(separator: "/")
    }

    /// What a path segment holds unescaped: URLs' unreserved characters.
    private static let segmentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// Every route of Health, registered from this table and linked to through it.
package enum WebRoutes {
    static let summary = WebRoute("/")
    static let signIn = WebRoute("/signin")
    static let signOut = WebRoute("/signout")
    static let staticFile = WebRoute("/static/{name}")

    static let browse = WebRoute("/types")
    static let type = WebRoute("/types/{name}")
    static let typeFavorite = WebRoute("/types/{name}/favorite")
    static let typePriority = WebRoute("/types/{name}/priority")
    static let typeSamples = WebRoute("/types/{name}/samples")
    static let typeSampleDelete = WebRoute("/types/{name}/samples/{uuid}/delete")
    static let activity = WebRoute("/activity")
    static let workouts = WebRoute("/workouts")
    static let workout = WebRoute("/workouts/{id}")
    static let electrocardiograms = WebRoute("/electrocardiograms")
    static let electrocardiogram = WebRoute("/electrocardiograms/{id}")
    static let audiograms = WebRoute("/audiograms")
    static let audiogram = WebRoute("/audiograms/{id}")

    static let records = WebRoute("/records")
    static let record = WebRoute("/records/{uuid}")
    static let document = WebRoute("/records/documents/{uuid}")
    static let mind = WebRoute("/records/mind")
    static let medications = WebRoute("/records/medications")
    static let medicationArchive = WebRoute("/records/medications/archive")
    static let medicationDoses = WebRoute("/records/medications/doses")
    static let vision = WebRoute("/records/vision")
    static let visionAttachments = WebRoute("/records/vision/{uuid}/attachments")
    static let visionAttachment = WebRoute("/records/vision/attachments/{id}")
    static let visionAttachmentRemove = WebRoute("/records/vision/{uuid}/attachments/{id}/remove")

    static let sources = WebRoute("/sources")
    static let app = WebRoute("/sources/{app}")
    static let appGrant = WebRoute("/sources/{app}/grant")
    static let appRevokeAll = WebRoute("/sources/{app}/revoke-all")
    static let appRevoke = WebRoute("/sources/{app}/revoke")
    static let ingestKeyRevoke = WebRoute("/sources/ingest-keys/{name}/revoke")
    static let webhooks = WebRoute("/sources/webhooks")
    static let webhookRemove = WebRoute("/sources/webhooks/{id}/remove")
    static let permissions = WebRoute("/permissions")
    /// SMART on FHIR's authorization endpoint: the consent sheet (healthd's discovery names it).
    static let smartAuthorize = WebRoute("/smart/authorize")
    package static var smartAuthorizePath: String { smartAuthorize.path() }
    static let fhirApps = WebRoute("/sources/fhir-apps")
    static let fhirAppRemove = WebRoute("/sources/fhir-apps/{id}/remove")
    /// SMART Health Links for clinicians.
    static let sharing = WebRoute("/sharing")
    static let healthLinkRemove = WebRoute("/sharing/links/{id}/remove")
    /// Sharing between people: shares made and ended by the sharer, and what another person shares, read only.
    static let personShares = WebRoute("/sharing/people")
    static let personShareStop = WebRoute("/sharing/people/{name}/stop")
    static let sharedPerson = WebRoute("/shared/{name}")
    static let sharedType = WebRoute("/shared/{name}/types/{type}")
    static let sharedLeave = WebRoute("/shared/{name}/leave")
    static let permissionCount = WebRoute("/permissions/count")
    static let permission = WebRoute("/permissions/{id}")

    static let me = WebRoute("/me")
    static let meCharacteristics = WebRoute("/me/characteristics")
    static let meTimeZone = WebRoute("/me/timezone")
    static let meUnits = WebRoute("/me/units")
    static let log = WebRoute("/log")
    static let importing = WebRoute("/import")
    static let importJob = WebRoute("/import/jobs/{id}")
    static let importJobProgress = WebRoute("/import/jobs/{id}/progress")
    static let importJobResume = WebRoute("/import/jobs/{id}/resume")
    static let importJobDiscard = WebRoute("/import/jobs/{id}/discard")
    static let export = WebRoute("/export")
    static let exportJob = WebRoute("/export/jobs/{id}")
    static let exportDownload = WebRoute("/export/jobs/{id}/download")

    /// Every route above: what Health registers, exactly (`WebRoutesTests`).
    static let all = [
        summary, signIn, signOut, staticFile, browse, type, typeFavorite, typePriority, typeSamples, typeSampleDelete,
        activity, workouts, workout, electrocardiograms, electrocardiogram, audiograms, audiogram, records, record,
        document, mind, medications, medicationArchive, medicationDoses, vision, visionAttachments, visionAttachment,
        visionAttachmentRemove, sources, app, appGrant, appRevokeAll, appRevoke, ingestKeyRevoke, webhooks,
        webhookRemove, permissions, permissionCount, permission, me, meCharacteristics, meTimeZone, meUnits, log,
        importing, importJob,
        importJobProgress, importJobResume, importJobDiscard, export, exportJob, exportDownload, smartAuthorize,
        fhirApps, fhirAppRemove, sharing, healthLinkRemove, personShares, personShareStop, sharedPerson, sharedType,
        sharedLeave,
    ]

    /// The sign-in page, which sends the owner on to `next` (a path of Health's) once signed in.
    static func signIn(next: String) -> String {
        signIn.path() + "?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
