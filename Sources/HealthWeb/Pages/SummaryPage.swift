import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// The Summary: every type with data, most recent first, with its latest value (a discrete quantity, a category,
/// a workout) or the total of its latest day (a cumulative quantity: today's, when there is data today) in the
/// user's unit, and a week's trend ending that day.
struct SummaryPage: Sendable {
    struct Row: Sendable {
        let name: String
        let href: String
        let value: String
        let when: String
        let sparkline: Sparkline
        let isLine: Bool
    }

    let chrome: Chrome
    let rows: [Row]
}

extension HealthWebApp {
    func addSummaryRoutes(to router: Router<BasicRequestContext>) {
        page(router, "/") { [self] web in
            let store = host.store
            let rows = try await blocking { try Self.summaryRows(store: store, dates: PageDateText()) }
            return await renderer.html(
                "summary", SummaryPage(chrome: chrome(web, title: "Summary", section: .summary), rows: rows))
        }
    }

    static func summaryRows(store: any HealthWebStore, dates: PageDateText, now: Date = Date()) throws -> [SummaryPage
        .Row]
    {
        let types = PageTypeNames.browsableTypes
        let units = try store.preferredUnits(for: Set(types.compactMap { $0 as? HKQuantityType }))
        let today = dates.calendar.startOfDay(for: now)
        var rows: [(latest: Date, row: SummaryPage.Row)] = []
        for type in types {
            guard let latest = try store.samples(of: type, predicate: nil, newestFirst: true, limit: 1).first else {
                continue
            }
            let day = dates.calendar.startOfDay(for: min(latest.startDate, now))
            let window = ChartWindow(period: .week, day: day, calendar: dates.calendar)
            let quantityType = type as? HKQuantityType
            let unit = quantityType.map { DisplayUnit(units[$0] ?? $0.canonicalUnit) }
            let chart = try ChartData(store: store, dates: dates).chart(for: type, in: window, unit: unit)
            let isLine = chart.isRange
            let value: String
            let when: String
            if let quantityType, let unit, quantityType.aggregationStyle == .cumulative {
                let total = chart.points.last?.value ?? 0
                value = PageNumberText.format(total) + (unit.symbol.isEmpty ? "" : " " + unit.symbol)
                when = day == today ? "Today" : dates.day(day)
            } else {
                value = SampleListRow.value(of: latest, unit: unit)
                when =
                    dates.calendar.isDate(latest.startDate, inSameDayAs: now)
                    ? dates.time(latest.startDate) : dates.dateTime(latest.startDate)
            }
            let sparkline = Sparkline(values: chart.points.map { isLine ? $0.average : $0.value }, asLine: isLine)
            rows.append(
                (
                    latest.startDate,
                    SummaryPage.Row(
                        name: PageTypeNames.displayName(type.identifier), href: path(of: type), value: value,
                        when: when, sparkline: sparkline,
                        isLine: isLine)
                ))
        }
        return rows.sorted { $0.latest > $1.latest }.map(\.row)
    }
}
