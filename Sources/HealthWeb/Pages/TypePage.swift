import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// A type's page: the chart (Day, Week, Month, Year), opened at the latest data, with steps back and forward, a
/// date picker and Latest; the chart's figures as a table; Add to Favorites; the form to add a sample; the order of
/// its sources; and the samples of the period shown, newest first, a page at a time.
struct TypePage: Sendable {
    struct PeriodLink: Sendable {
        /// The period's name in a URL (`6months`).
        let id: String
        let label: String
        let href: String
        let current: Bool
    }

    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    /// A row of the chart's table of figures.
    struct Figure: Sendable {
        let label: String
        let figures: String
    }

    /// What the add form shows: the entered values again, with the error, after a refused sample.
    struct AddForm: Sendable {
        let action: String
        let isQuantity: Bool
        let isCategory: Bool
        let isBloodPressure: Bool
        let isFood: Bool
        /// A type without a defined value (mindful sessions, sexual activity): nothing to choose.
        let hasNoValue: Bool
        let units: [Option]
        let singleUnit: String?
        let values: [Option]
        let value: String
        let systolic: String
        let diastolic: String
        let foodName: String
        let energy: String
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
    /// The person whose shared data the page shows, linking to all of it; nil on the user's own.
    let sharer: NamedLink?
    let name: String
    let category: String
    let path: String
    /// This page without paging: where forms return.
    let back: String
    let periods: [PeriodLink]
    let period: String
    let windowTitle: String
    let previousHref: String
    let nextHref: String?
    let latestHref: String?
    let isAtLatest: Bool
    let pickerValue: String
    let pickerMax: String
    let headline: String
    let detail: String?
    /// The chart drawn for a laptop and for a phone (CSS shows the one that fits); none for a night's timeline.
    let charts: [BarChart]
    let timelines: [SleepTimeline]
    /// A night's time in each stage, under its timelines.
    let stageTotals: [SleepTimeline.Row]
    let hasStageTotals: Bool
    let figures: [Figure]
    let hasFigures: Bool
    let isFavorite: Bool
    /// Where Add to Favorites posts; nil on shared data, which is read only (as are `form` and `priority`).
    let favoriteAction: String?
    let form: AddForm?
    let priority: Priority?
    let samplesTitle: String
    let samples: [SampleListRow]
    let olderHref: String?
    let isFirstPage: Bool
    /// The page that lists this type's samples one by one with more than the list shows (workouts: `/workouts`).
    let listHref: String?
}

extension HealthWebApp {
    static let samplesPerPage = 50

    func addTypeRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.type) { [self] web in
            let type = try sampleType(web)
            return try await typePage(web, type: type, form: nil, status: .ok)
        }
        addSampleActions(to: router)
        addPriorityActions(to: router)
        addFavoriteActions(to: router)
    }

    func sampleType(_ web: WebRequest) throws -> HKSampleType {
        guard let type = PageTypeNames.sampleType(named: try web.parameter("name")) else {
            throw WebError.notFound("Health has no page for this type.")
        }
        return type
    }

    static func path(of type: HKObjectType) -> String {
        WebRoutes.type.path(type.shortName)
    }

    /// The page, of the user's own data or (`shared`) of what another person shares; `form` carries what the user
    /// typed when a sample was refused.
    func typePage(
        _ web: WebRequest, type: HKSampleType, form: (values: FormData, error: String)?, status: HTTPResponse.Status,
        shared: SharedPersonData? = nil
    ) async throws -> Response {
        let dates = try await pageDates(web.host)
        let kind = TypePageKind(type)
        let isOwn = shared == nil
        // A refused form shows the page it was sent from again, at its period and day.
        let query = form == nil ? web.query : Self.backQuery(web, type)
        let period = query["range"].flatMap(ChartWindow.Period.init(rawValue:)) ?? .day
        let today = dates.calendar.startOfDay(for: Date())
        let requested = query["date"].flatMap(dates.parseISODay).map { min($0, today) }
        let cursor = query["before"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        let skip = max(0, query["skip"].flatMap(Int.init) ?? 0)
        let path = shared.map { WebRoutes.sharedType.path($0.share.person, type.shortName) } ?? Self.path(of: type)
        let store = shared.map { SharedWebStore($0.store, categories: $0.share.categories) } ?? web.host.store

        let data = try await blocking { () -> TypePageData in
            let latest = try store.samples(of: type, predicate: nil, newestFirst: true, limit: 1).first
            let latestDay = latest.map { kind.latestDay(of: $0, today: today, calendar: dates.calendar) }
            let window = ChartWindow(period: period, day: requested ?? latestDay ?? today, calendar: dates.calendar)
            let unit = try kind.unitType.map { unitType in
                DisplayUnit(
                    try store.preferredUnits(for: [unitType])[unitType] ?? unitType.canonicalUnit, type: unitType)
            }
            let chart = try kind.chart(ChartData(store: store, dates: dates), type: type, in: window, unit: unit)
            let listed = kind.listed(window, calendar: dates.calendar)
            let before = cursor.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.nextUp) } ?? listed.end
            let samples = Array(
                try store.samples(
                    of: type,
                    predicate: .leaf(
                        .sampleDates(SampleDateRange(start: listed.start, end: before, options: .strictStartDate))),
                    newestFirst: true, limit: Self.samplesPerPage + skip + 1
                ).dropFirst(skip))
            let priority = try (isOwn ? type as? HKQuantityType : nil).map { try Self.priority(of: $0, store: store) }
            let favorite = try isOwn && store.favoriteTypes().contains(type.identifier)
            return TypePageData(
                window: window, latestDay: latestDay, unit: unit, chart: chart, samples: samples, priority: priority,
                isFavorite: favorite)
        }
        let window = data.window
        let shown = Array(data.samples.prefix(Self.samplesPerPage))
        await shared?.audit([type.identifier], shown.count)
        var olderHref: String?
        if data.samples.count > Self.samplesPerPage, let last = shown.last {
            let sameStart = shown.reversed().prefix { $0.startDate == last.startDate }.count
            let carried = cursor?.timeIntervalSince1970 == last.startDate.timeIntervalSince1970 ? skip : 0
            olderHref =
                path + "?"
                + Self.query([
                    "range": period.rawValue, "date": dates.isoDay(window.day),
                    "before": String(last.startDate.timeIntervalSince1970), "skip": String(sameStart + carried),
                ])
        }
        func href(_ period: ChartWindow.Period, _ day: Date) -> String {
            path + "?" + Self.query(["range": period.rawValue, "date": dates.isoDay(day)])
        }
        let name = PageTypeNames.displayName(type.identifier)
        let chart = data.chart
        let model = TypePage(
            chrome: chrome(
                web, title: shared.map { "\($0.share.person) · \(name)" } ?? name,
                section: isOwn ? .browse : .sharing),
            sharer: shared.map {
                NamedLink(name: $0.share.person, href: WebRoutes.sharedPerson.path($0.share.person))
            }, name: name,
            category: HealthCategories.categories(of: type).first?.name ?? "", path: path,
            back: href(period, window.day),
            periods: ChartWindow.Period.allCases.map {
                TypePage.PeriodLink(
                    id: $0.rawValue, label: $0.label, href: href($0, window.day), current: $0 == period)
            },
            period: period.rawValue, windowTitle: window.title(dates), previousHref: href(period, window.previousDay),
            nextHref: window.day < today ? href(period, min(window.nextDay, today)) : nil,
            latestHref: data.latestDay.map { href(period, $0) }, isAtLatest: data.latestDay == window.day,
            pickerValue: dates.isoDay(window.day), pickerMax: dates.isoDay(today),
            headline: chart.headline, detail: chart.detail,
            charts: chart.timeline == nil && !chart.points.isEmpty
                ? [ChartLayout.wide, .phone].map { layout in
                    BarChart(
                        points: chart.points,
                        labels: chart.points.enumerated().map {
                            window.barLabel($0.element.interval, index: $0.offset, dates: dates)
                        },
                        isRange: chart.isRange, summary: "\(name), \(window.title(dates)): \(chart.headline)",
                        axisUnit: chart.axisUnit, layout: layout)
                } : [],
            timelines: chart.timelines, stageTotals: chart.timeline?.rows ?? [],
            hasStageTotals: chart.timeline != nil,
            figures: chart.timeline.map { timeline in
                timeline.rows.map { TypePage.Figure(label: $0.name, figures: $0.total) }
            } ?? chart.points.map { TypePage.Figure(label: $0.label, figures: $0.figures) },
            hasFigures: chart.points.contains(where: \.hasData) || chart.timeline != nil, isFavorite: data.isFavorite,
            favoriteAction: isOwn ? WebRoutes.typeFavorite.path(type.shortName) : nil,
            form: isOwn ? addForm(for: type, kind: kind, unit: data.unit, dates: dates, entered: form) : nil,
            priority: data.priority, samplesTitle: "Samples · " + window.title(dates),
            samples: shown.map {
                SampleListRow($0, typeName: type.shortName, unit: data.unit, dates: dates, deletable: isOwn)
            },
            olderHref: olderHref, isFirstPage: cursor == nil,
            listHref: isOwn && type.identifier == HKWorkoutTypeIdentifier ? WebRoutes.workouts.path() : nil)
        return await renderer.html("type", model, status: status)
    }

    /// What a type page reads from the store.
    private struct TypePageData: Sendable {
        let window: ChartWindow
        let latestDay: Date?
        let unit: DisplayUnit?
        let chart: ChartResult
        let samples: [HKSample]
        let priority: TypePage.Priority?
        let isFavorite: Bool
    }

    private func addForm(
        for type: HKSampleType, kind: TypePageKind, unit: DisplayUnit?, dates: PageDateText,
        entered: (values: FormData, error: String)?
    ) -> TypePage.AddForm? {
        let values = entered?.values
        var units: [TypePage.Option] = [], options: [TypePage.Option] = []
        var singleUnit: String?
        var hasNoValue = false
        switch kind {
        case .quantity(let quantityType):
            let chosen = values?["unit"] ?? unit?.unit.unitString
            let offered = UnitChoices.units(for: quantityType, including: unit?.unit)
            units = offered.map {
                TypePage.Option(
                    value: $0.unitString, label: DisplayUnit($0, type: quantityType).menuLabel,
                    selected: $0.unitString == chosen)
            }
            if offered.count == 1 { singleUnit = units.first?.label }
        case .category(let categoryType):
            hasNoValue = categoryType.hasNoDefinedValue
            let chosen = values?["value"]
            options = categoryType.descriptor.values.map {
                TypePage.Option(
                    value: String($0.value), label: PageTypeNames.words($0.name), selected: String($0.value) == chosen)
            }
        case .sleep:
            let sleep = HKCategoryType(.sleepAnalysis)
            let chosen = values?["value"] ?? String(SleepNight.Stage.asleepUnspecified.rawValue)
            options = sleep.descriptor.values.map {
                TypePage.Option(
                    value: String($0.value),
                    label: SleepNight.Stage(rawValue: $0.value)?.name ?? PageTypeNames.words($0.name),
                    selected: String($0.value) == chosen)
            }
        case .bloodPressure, .food: break
        case .counted: return nil
        }
        let isQuantity: Bool, isCategory: Bool
        switch kind {
        case .quantity: (isQuantity, isCategory) = (true, false)
        case .category, .sleep: (isQuantity, isCategory) = (false, true)
        default: (isQuantity, isCategory) = (false, false)
        }
        var isBloodPressure = false, isFood = false
        if case .bloodPressure = kind { isBloodPressure = true }
        if case .food = kind { isFood = true }
        return TypePage.AddForm(
            action: WebRoutes.typeSamples.path(type.shortName), isQuantity: isQuantity,
            isCategory: isCategory && !hasNoValue,
            isBloodPressure: isBloodPressure, isFood: isFood, hasNoValue: hasNoValue, units: units,
            singleUnit: singleUnit, values: options, value: values?["value"] ?? "",
            systolic: values?["systolic"] ?? "", diastolic: values?["diastolic"] ?? "",
            foodName: values?["food"] ?? "", energy: values?["energy"] ?? "",
            start: values?["start"] ?? dates.inputValue(Date()), end: values?["end"] ?? "",
            error: entered.map { MessageText.forPeople($0.error) })
    }

    static func priority(of type: HKQuantityType, store: any HealthWebStore) throws -> TypePage.Priority {
        let order = try store.sourcePriority(for: type)
        return TypePage.Priority(
            action: WebRoutes.typePriority.path(type.shortName),
            sources: order.enumerated().map { index, source in
                TypePage.PrioritySource(
                    position: index + 1, name: source.name, bundleIdentifier: source.bundleIdentifier,
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
