import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Mind: the states of mind and the GAD-7 and PHQ-9 assessments apps saved (a mood log, newest first), and a form to
/// log how the owner feels, as the Health app's State of Mind logging does.
struct MindPage: Sendable {
    struct Mood: Sendable {
        let date: String
        let kind: String
        let valence: String
        let classification: String
        let labels: String
        let associations: String
        let source: String
    }

    struct Assessment: Sendable {
        let date: String
        let name: String
        let score: Int
        let risk: String
        let source: String
    }

    struct Choice: Sendable {
        let value: Int
        let label: String
        let elementID: String
    }

    let chrome: Chrome
    let tabs: [RecordsTab]
    let moods: [Mood]
    let hasMoods: Bool
    let assessments: [Assessment]
    let hasAssessments: Bool
    let now: String
    let labels: [Choice]
    let associations: [Choice]
}

extension HealthWebApp {
    /// The most entries each list shows.
    static let logLimit = 200

    func addMindRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.mind) { [self] web in
            let store = web.host.store
            let dates = try await pageDates(web.host)
            let (moods, assessments) = try await blocking { () -> ([MindPage.Mood], [MindPage.Assessment]) in
                let moods = try store.samples(
                    of: HKObjectType.stateOfMindType(), predicate: nil, newestFirst: true, limit: Self.logLimit
                ).compactMap { $0 as? HKStateOfMind }.map { mood in
                    MindPage.Mood(
                        date: dates.dateTime(mood.startDate),
                        kind: mood.kind == .dailyMood ? "Daily Mood" : "Momentary Emotion",
                        valence: String(format: "%+.2f", mood.valence),
                        classification: PageTypeNames.words(String(describing: mood.valenceClassification)),
                        labels: mood.labels.map { PageTypeNames.words(String(describing: $0)) }.joined(separator: ", "),
                        associations: mood.associations.map { PageTypeNames.words(String(describing: $0)) }
                            .joined(separator: ", "),
                        source: mood.sourceRevision.source.name)
                }
                var assessments: [(Date, MindPage.Assessment)] = []
                for identifier in [HKScoredAssessmentTypeIdentifier.GAD7, .PHQ9] {
                    for sample in try store.samples(
                        of: HKScoredAssessmentType(identifier), predicate: nil, newestFirst: true, limit: Self.logLimit)
                    {
                        let risk: String
                        switch sample {
                        case let gad7 as HKGAD7Assessment: risk = String(describing: gad7.risk)
                        case let phq9 as HKPHQ9Assessment: risk = String(describing: phq9.risk)
                        default: continue
                        }
                        let score = (sample as? HKScoredAssessment)?.score ?? 0
                        assessments.append(
                            (
                                sample.startDate,
                                MindPage.Assessment(
                                    date: dates.dateTime(sample.startDate),
                                    name: identifier == .GAD7 ? "GAD-7 (anxiety)" : "PHQ-9 (depression)", score: score,
                                    risk: PageTypeNames.words(risk), source: sample.sourceRevision.source.name)
                            ))
                    }
                }
                return (moods, assessments.sorted { $0.0 > $1.0 }.map(\.1))
            }
            return await renderer.html(
                "mind",
                MindPage(
                    chrome: chrome(web, title: "Mind", section: .browse),
                    tabs: RecordsTab.all(current: WebRoutes.mind),
                    moods: moods, hasMoods: !moods.isEmpty, assessments: assessments,
                    hasAssessments: !assessments.isEmpty, now: dates.inputValue(Date()),
                    labels: HKStateOfMind.Label.allCases.map {
                        .init(value: $0.rawValue, label: PageTypeNames.words("\($0)"), elementID: "label-\($0)")
                    }.sorted { $0.label < $1.label },
                    associations: HKStateOfMind.Association.allCases.map {
                        .init(value: $0.rawValue, label: PageTypeNames.words("\($0)"), elementID: "association-\($0)")
                    }.sorted { $0.label < $1.label }))
        }

        action(router, WebRoutes.mind) { [self] web in
            let mood = try Self.stateOfMind(from: web.form, dates: try await pageDates(web.host))
            let store = web.host.store
            try await blocking { try store.save([mood]) }
            await web.host.audit("save", types: [HKDataTypeIdentifierStateOfMind], count: 1, errorCode: nil)
            return redirect(web, to: WebRoutes.mind.path(), message: "Logged how you felt.")
        }
    }

    /// The state of mind a form describes: `date`, `kind` (1 or 2), `valence` (−1 to 1), `label` and `association`
    /// (raw values, repeated); checked as HealthKit checks it.
    static func stateOfMind(from form: FormData, dates: PageDateText) throws(HKError) -> HKStateOfMind {
        guard let text = form["date"], let date = dates.parseInput(text) else {
            throw HKError.invalidArgument("Give the date and time.")
        }
        guard let kind = form["kind"].flatMap(Int.init).flatMap(HKStateOfMind.Kind.init(rawValue:)) else {
            throw HKError.invalidArgument("Choose a momentary emotion or a daily mood.")
        }
        guard let valence = form["valence"].flatMap(PageNumberText.parse) else {
            throw HKError.invalidArgument("Give how pleasant it felt as a number from -1 to 1.")
        }
        func values<T: RawRepresentable>(_ field: String, _: T.Type) throws(HKError) -> [T] where T.RawValue == Int {
            var values: [T] = []
            for raw in form.all(field) {
                guard let value = Int(raw).flatMap(T.init(rawValue:)) else {
                    throw HKError.invalidArgument("\(raw) is not a \(field).")
                }
                values.append(value)
            }
            return values
        }
        return try HKStateOfMind(
            validating: date, kind: kind, valence: valence, labels: try values("label", HKStateOfMind.Label.self),
            associations: try values("association", HKStateOfMind.Association.self))
    }
}
