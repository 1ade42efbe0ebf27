import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// A type's page: the chart (Day, Week, Month, Year), the form to add a sample, the order of its sources, and its
/// samples, newest first, a page at a time.
struct TypePage: Sendable {
    struct PeriodLink: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// What the add form shows: the entered values again, with the error, after a refused sample.
    struct AddForm: Sendable {
        let action: String
        let isQuantity: Bool
        let isCategory: Bool
        let units: [Option]
        let values: [Option]
        let value: String
        let start: String
        let end: String
        let error: String?
    }

    struct PrioritySource: Sendable {
        let position: Int
        let name: String
        let bundleIdentifier: String
        let canMoveUp: Bool
        let canMoveDown: Bool
    }

    struct Priority: Sendable {
        let action: String
        let sources: [PrioritySource]
    }

    let chrome: Chrome
    let name: String
    let path: String
    /// This page without paging: where forms return.
    let back: String
    let periods: [PeriodLink]
    let windowTitle: String
    let previousHref: String
    let nextHref: String?
    let headline: String
    let detail: String?
    let chart: BarChart
    let isRange: Bool
    let form: AddForm?
    let priority: Priority?
    let samples: [SampleListRow]
    let olderHref: String?
    let isFirstPage: Bool
}

extension HealthWebApp {
    static let samplesPerPage = 50

    func addTypeRoutes(to router: Router<BasicRequestContext>) {
        page(router, "/types/{name}") { [self] web in
            let type = try sampleType(web)
            return try await typePage(web, type: type, form: nil, status: .ok)
        }
        addSampleActions(to: router)
        addPriorityActions(to: router)
    }

    func sampleType(_ web: WebRequest) throws -> HKSampleType {
        guard let type = PageTypeNames.sampleType(named: try web.parameter("name")) else {
            throw WebError.notFound("Health has no page for this type.")
        }
        return type
    }

    static func path(of type: HKObjectType) -> String {
        "/types/" + type.shortName
    }

    /// The page; `form` carries what the user typed when a sample was refused.
    func typePage(
        _ web: WebRequest, type: HKSampleType, form: (values: FormData, error: String)?, status: HTTPResponse.Status
    ) async throws -> Response {
        let dates = PageDateText()
        let query = web.query
        let period = query["range"].flatMap(ChartWindow.Period.init(rawValue:)) ?? .day
        let today = dates.calendar.startOfDay(for: Date())
        let day = query["date"].flatMap(dates.parseISODay) ?? today
        let window = ChartWindow(period: period, day: day, calendar: dates.calendar)
        let cursor = query["before"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        let skip = max(0, query["skip"].flatMap(Int.init) ?? 0)
        let path = Self.path(of: type)
        let store = host.store

        let data = try await blocking { () -> (ChartData.Result, DisplayUnit?, [HKSample], TypePage.Priority?) in
            let unit = try (type as? HKQuantityType).map { quantityType in
                DisplayUnit(try store.preferredUnits(for: [quantityType])[quantityType] ?? quantityType.canonicalUnit)
            }
            let chart = try ChartData(store: store, dates: dates).chart(for: type, in: window, unit: unit)
            let predicate = cursor.map {
                PredicateTree.leaf(
                    .sampleDates(
                        SampleDateRange(
                            start: nil, end: Date(timeIntervalSince1970: $0.timeIntervalSince1970.nextUp),
                            options: .strictStartDate)))
            }
            let samples = Array(
                try store.samples(
                    of: type, predicate: predicate, newestFirst: true, limit: Self.samplesPerPage + skip + 1
                ).dropFirst(skip))
            let priority = try (type as? HKQuantityType).map { try Self.priority(of: $0, store: store, path: path) }
            return (chart, unit, samples, priority)
        }
        let (chart, unit, fetched, priority) = data
        let shown = Array(fetched.prefix(Self.samplesPerPage))
        var olderHref: String?
        if fetched.count > Self.samplesPerPage, let last = shown.last {
            let sameStart = shown.reversed().prefix { $0.startDate == last.startDate }.count
            let carried = cursor?.timeIntervalSince1970 == last.startDate.timeIntervalSince1970 ? skip : 0
            olderHref =
                path + "?"
                + Self.query([
                    "range": period.rawValue, "date": dates.isoDay(day),
                    "before": String(last.startDate.timeIntervalSince1970), "skip": String(sameStart + carried),
                ])
        }
        func href(_ period: ChartWindow.Period, _ day: Date) -> String {
            path + "?" + Self.query(["range": period.rawValue, "date": dates.isoDay(day)])
        }
        let model = TypePage(
            chrome: chrome(web, title: PageTypeNames.displayName(type.identifier), section: .browse),
            name: PageTypeNames.displayName(type.identifier), path: path, back: href(period, day),
            periods: ChartWindow.Period.allCases.map {
                TypePage.PeriodLink(label: $0.label, href: href($0, day), current: $0 == period)
            },
            windowTitle: window.title(dates), previousHref: href(period, window.previousDay),
            nextHref: window.day < today ? href(period, min(window.nextDay, today)) : nil,
            headline: chart.headline, detail: chart.detail,
            chart: BarChart(
                points: chart.points,
                labels: chart.points.enumerated().map {
                    window.barLabel($0.element.interval, index: $0.offset, dates: dates)
                },
                isRange: chart.isRange),
            isRange: chart.isRange, form: addForm(for: type, path: path, unit: unit, dates: dates, entered: form),
            priority: priority, samples: shown.map { SampleListRow($0, typePath: path, unit: unit, dates: dates) },
            olderHref: olderHref, isFirstPage: cursor == nil)
        return await renderer.html("type", model, status: status)
    }

    private func addForm(
        for type: HKSampleType, path: String, unit: DisplayUnit?, dates: PageDateText,
        entered: (values: FormData, error: String)?
    ) -> TypePage.AddForm? {
        let values = entered?.values
        if let quantityType = type as? HKQuantityType {
            let chosen = values?["unit"] ?? unit?.unit.unitString
            let units = UnitChoices.units(for: quantityType, including: unit?.unit).map {
                TypePage.Option(
                    value: $0.unitString, label: DisplayUnit($0).menuLabel, selected: $0.unitString == chosen)
            }
            return TypePage.AddForm(
                action: path + "/samples", isQuantity: true, isCategory: false, units: units, values: [],
                value: values?["value"] ?? "", start: values?["start"] ?? dates.inputValue(Date()),
                end: values?["end"] ?? "",
                error: entered?.error)
        }
        if let categoryType = type as? HKCategoryType {
            let chosen = values?["value"]
            let options = categoryType.descriptor.values.map {
                TypePage.Option(
                    value: String($0.value), label: PageTypeNames.words($0.name), selected: String($0.value) == chosen)
            }
            return TypePage.AddForm(
                action: path + "/samples", isQuantity: false, isCategory: true, units: [], values: options, value: "",
                start: values?["start"] ?? dates.inputValue(Date()), end: values?["end"] ?? "", error: entered?.error)
        }
        return nil
    }

    static func priority(of type: HKQuantityType, store: any HealthWebStore, path: String) throws -> TypePage.Priority {
        let order = try store.sourcePriority(for: type)
        let names = Dictionary(
            try store.sources(of: type).map { ($0.bundleIdentifier, $0.name) }, uniquingKeysWith: { first, _ in first })
        return TypePage.Priority(
            action: path + "/priority",
            sources: order.enumerated().map { index, bundleIdentifier in
                TypePage.PrioritySource(
                    position: index + 1, name: names[bundleIdentifier] ?? bundleIdentifier,
                    bundleIdentifier: bundleIdentifier,
                    canMoveUp: index > 0, canMoveDown: index < order.count - 1)
            })
    }

    /// `a=1&b=2`, percent-encoded.
    static func query(_ items: KeyValuePairs<String, String>) -> String {
        items.map { key, value in
            key + "="
                + (value.addingPercentEncoding(
                    withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? "")
        }.joined(separator: "&")
    }
}
