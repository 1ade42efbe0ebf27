import Foundation
import Hummingbird
import OpenHealthKitModel

/// Activity, as the Fitness app shows a day: the rings of the day asked for (`/activity?date=2026-11-20`, else the
/// latest day with a summary) with their figures, and the rings of the five weeks ending with it, each day a link.
/// Summaries come from an import (the watch writes them; no app can).
struct ActivityPage: Sendable {
    struct Day: Sendable {
        let label: String
        let href: String
        /// Its rings; nil for a day without a summary (named apart from the page's own `rings`, which a template
        /// would find instead of a missing value).
        let dayRings: ActivityRings?
        let current: Bool
    }

    let chrome: Chrome
    let title: String
    let rings: ActivityRings?
    let history: [Day]
    let earlierHref: String?
    let laterHref: String?
    let isEmpty: Bool

    /// How many days the history shows.
    static let historyDays = 35
}

extension HealthWebApp {
    func addActivityRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.activity) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let energyType = HKQuantityType(.activeEnergyBurned)
            let (summaries, energyUnit) = try await blocking {
                (try store.activitySummaries(), try store.preferredUnits(for: [energyType])[energyType])
            }
            let unit = DisplayUnit(energyUnit ?? .kilocalorie(), type: energyType)
            let byDay = Dictionary(
                summaries.compactMap { summary in summary.dayKey.map { ($0, summary) } }, uniquingKeysWith: { $1 })
            let latest = byDay.keys.max()
            let requested = web.query["date"].flatMap { dates.parseISODay($0) }.map(dates.isoDay)
            guard let shown = requested ?? latest, let shownDate = dates.parseISODay(shown) else {
                return await renderer.html(
                    "activity",
                    ActivityPage(
                        chrome: chrome(web, title: "Activity", section: .browse), title: "Activity", rings: nil,
                        history: [], earlierHref: nil, laterHref: nil, isEmpty: true))
            }
            let calendar = dates.calendar
            let history = (0..<ActivityPage.historyDays).reversed().compactMap { back -> ActivityPage.Day? in
                guard let date = calendar.date(byAdding: .day, value: -back, to: shownDate) else { return nil }
                let key = dates.isoDay(date)
                return ActivityPage.Day(
                    label: dates.formatted(date, "EEE d MMM"), href: WebRoutes.activity.path() + "?date=" + key,
                    dayRings: byDay[key].map { ActivityRings($0, day: key, energy: unit) }, current: back == 0)
            }
            func step(_ days: Int) -> String? {
                calendar.date(byAdding: .day, value: days, to: shownDate).map {
                    WebRoutes.activity.path() + "?date=" + dates.isoDay($0)
                }
            }
            return await renderer.html(
                "activity",
                ActivityPage(
                    chrome: chrome(web, title: "Activity", section: .browse),
                    title: dates.formatted(shownDate, "EEEE d MMMM yyyy"),
                    rings: byDay[shown].map { ActivityRings($0, day: shown, energy: unit) }, history: history,
                    earlierHref: step(-ActivityPage.historyDays),
                    laterHref: latest.map { shown < $0 } == true ? step(ActivityPage.historyDays) : nil,
                    isEmpty: false))
        }
    }
}
