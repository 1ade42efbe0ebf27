import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// The Summary, as Health's: the types the owner pinned (Favorites) first, then Highlights (this week against the
/// previous four), then every type with data by category (Activity, Body Measurements, Heart...), most recent
/// first within each. A row shows a cumulative type's total for its latest day ("Today" when there is data today),
/// a night's sleep, otherwise the latest value, in the user's unit, with a week's trend ending that day; it links
/// to the type's page at that day.
struct SummaryPage: Sendable {
    struct Row: Sendable {
        let identifier: String
        let name: String
        let href: String
        let value: String
        let when: String
        let sparkline: Sparkline
        let isLine: Bool
    }

    struct Section: Sendable {
        let id: String
        let title: String
        let rows: [Row]
    }

    let chrome: Chrome
    let favorites: [Row]
    let hasFavorites: Bool
    let highlights: [Highlight]
    let hasHighlights: Bool
    /// Health's Trends: the last 90 days against the year before, where the average moved.
    let trends: [Highlight]
    let hasTrends: Bool
    let sections: [Section]
    /// The latest day's activity rings, above the rest, linking to Activity.
    let activity: SummaryActivity?
    let isEmpty: Bool
}

/// The Summary's Activity card: the latest summary's rings and the day they are of.
struct SummaryActivity: Sendable {
    let rings: ActivityRings
    let when: String
    let href: String
}

/// What the Summary computes from the store.
struct SummaryContent: Sendable {
    var rows: [SummaryPage.Row] = []
    var favorites: [SummaryPage.Row] = []
    var highlights: [Highlight] = []
    var trends: [Highlight] = []
    var sections: [SummaryPage.Section] = []
    var activity: SummaryActivity?
}

extension HealthWebApp {
    func addSummaryRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.summary) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let content = try await blocking { try Self.summary(store: store, dates: dates) }
            return await renderer.html(
                "summary",
                SummaryPage(
                    chrome: chrome(web, title: "Summary", section: .summary), favorites: content.favorites,
                    hasFavorites: !content.favorites.isEmpty, highlights: content.highlights,
                    hasHighlights: !content.highlights.isEmpty, trends: content.trends,
                    hasTrends: !content.trends.isEmpty, sections: content.sections,
                    activity: content.activity,
                    isEmpty: content.rows.isEmpty && content.favorites.isEmpty && content.activity == nil))
        }
    }

    static func summary(store: any HealthWebStore, dates: PageDateText, now: Date = Date()) throws -> SummaryContent {
        let types = PageTypeNames.browsableTypes
        let favorites = try store.favoriteTypes()
        let unitTypes = Set(types.compactMap { TypePageKind($0).unitType })
        let units = try store.preferredUnits(for: unitTypes)
        let today = dates.calendar.startOfDay(for: now)
        let data = ChartData(store: store, dates: dates)
        var content = SummaryContent()
        var latestOf: [String: Date] = [:]
        var byIdentifier: [String: SummaryPage.Row] = [:]
        for type in types where !shownWithTheirCorrelation.contains(type.identifier) {
            guard let latest = try store.samples(of: type, predicate: nil, newestFirst: true, limit: 1).first else {
                continue
            }
            let kind = TypePageKind(type)
            let unit = kind.unitType.map { DisplayUnit(units[$0] ?? $0.canonicalUnit, type: $0) }
            let day = kind.latestDay(of: latest, today: today, calendar: dates.calendar)
            let href = path(of: type) + "?" + query(["range": "day", "date": dates.isoDay(day)])
            let row = try summaryRow(
                type, kind: kind, latest: latest, day: day, unit: unit, href: href, data: data, today: today, now: now)
            byIdentifier[type.identifier] = row
            latestOf[type.identifier] = latest.startDate
            content.rows.append(row)
            if let highlight = try Highlight.of(type, unit: unit, data: data, today: today, href: href) {
                content.highlights.append(highlight)
            }
            if let trend = try Highlight.of(
                type, unit: unit, data: data, today: today, href: href, comparing: .trend)
            {
                content.trends.append(trend)
            }
        }
        content.rows.sort { latestOf[$0.identifier] ?? .distantPast > latestOf[$1.identifier] ?? .distantPast }
        content.favorites = favorites.compactMap { identifier in
            byIdentifier[identifier]
                ?? HKObjectType.type(forRawIdentifier: identifier).map { type in
                    SummaryPage.Row(
                        identifier: identifier, name: PageTypeNames.displayName(identifier), href: path(of: type),
                        value: "No data", when: "", sparkline: Sparkline(values: [], asLine: false), isLine: false)
                }
        }
        content.highlights = Array(content.highlights.sorted { $0.change > $1.change }.prefix(Highlight.shown))
        content.trends.sort { $0.change > $1.change }
        content.activity = try latestActivity(store: store, units: units, dates: dates, today: today)
        let pinned = Set(favorites)
        content.sections = HealthCategories.all.compactMap { category in
            let rows = content.rows.filter { row in
                !pinned.contains(row.identifier)
                    && HKObjectType.type(forRawIdentifier: row.identifier).map {
                        HealthCategories.categories(of: $0).first == category
                    } == true
            }
            return rows.isEmpty ? nil : SummaryPage.Section(id: category.id, title: category.name, rows: rows)
        }
        return content
    }

    /// The pressures the Summary shows together as Blood Pressure (each still has its page, from Browse).
    private static let shownWithTheirCorrelation: Set<String> = [
        HKQuantityTypeIdentifier.bloodPressureSystolic.rawValue,
        HKQuantityTypeIdentifier.bloodPressureDiastolic.rawValue,
    ]

    /// A type's row: its latest day's total, night or value, with the week ending that day.
    private static func summaryRow(
        _ type: HKSampleType, kind: TypePageKind, latest: HKSample, day: Date, unit: DisplayUnit?, href: String,
        data: ChartData, today: Date, now: Date
    ) throws -> SummaryPage.Row {
        let dates = data.dates
        let window = ChartWindow(period: .week, day: day, calendar: dates.calendar)
        let chart = try kind.chart(data, type: type, in: window, unit: unit)
        let isLine = chart.isRange
        let dayText = day == today ? "Today" : dates.day(day)
        var value: String
        var when: String
        switch kind {
        case .quantity(let quantityType) where quantityType.aggregationStyle == .cumulative:
            value = chart.points.last?.figures ?? "No data"
            when = dayText
        // Stand hours read as the day's hours stood (`12 hr`), not the latest hour's Stood or Idle.
        case .category(let categoryType) where ChartData.Tally(categoryType) == .hoursStood:
            value = chart.points.last?.figures ?? "No data"
            when = dayText
        case .sleep:
            value = try kind.chart(
                data, type: type, in: ChartWindow(period: .day, day: day, calendar: dates.calendar), unit: nil
            )
            .headline
            when = dayText
        default:
            value = SampleListRow.value(of: latest, unit: unit)
            when =
                dates.calendar.isDate(latest.startDate, inSameDayAs: now)
                ? dates.time(latest.startDate) : dates.dateTime(latest.startDate)
        }
        if value == "No data" { value = SampleListRow.value(of: latest, unit: unit) }
        let sparkline = Sparkline(values: chart.points.map { isLine ? $0.average : $0.value }, asLine: isLine)
        return SummaryPage.Row(
            identifier: type.identifier, name: PageTypeNames.displayName(type.identifier), href: href, value: value,
            when: when, sparkline: sparkline, isLine: isLine)
    }

    /// The rings of the latest day with an activity summary.
    /// `units`: the owner's units, as the Summary read them for its rows (active energy's among them).
    private static func latestActivity(
        store: any HealthWebStore, units: [HKQuantityType: HKUnit], dates: PageDateText, today: Date
    ) throws
        -> SummaryActivity?
    {
        guard let latest = try store.activitySummaries().max(by: { ($0.dayKey ?? "") < ($1.dayKey ?? "") }),
            let key = latest.dayKey, let day = dates.parseISODay(key)
        else { return nil }
        let energyType = HKQuantityType(.activeEnergyBurned)
        let unit = DisplayUnit(units[energyType] ?? .kilocalorie(), type: energyType)
        return SummaryActivity(
            rings: ActivityRings(latest, day: key, energy: unit), when: day == today ? "Today" : dates.day(day),
            href: WebRoutes.activity.path() + "?date=" + key)
    }
}
