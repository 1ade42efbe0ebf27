import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Adding a sample from a type's page, checked with the model's throwing initializers (the API's rules: a unit of
/// the type's dimension, a value of the category's enumeration, dates in order), and deleting one.
extension HealthWebApp {
    func addSampleActions(to router: Router<BasicRequestContext>) {
        action(router, WebRoutes.typeSamples) { [self] web in
            let type = try sampleType(web)
            let sample: HKSample
            do {
                sample = try Self.sample(of: type, from: web.form, dates: try await pageDates(web.host))
            } catch let error as HKError {
                return try await typePage(web, type: type, form: (web.form, error.message), status: .badRequest)
            }
            let store = web.host.store
            do {
                try await blocking { try store.save([sample]) }
            } catch {
                let failure = HKError.from(error)
                await web.host.audit("save", types: [type.identifier], count: 0, errorCode: failure.code.rawValue)
                return try await typePage(web, type: type, form: (web.form, failure.message), status: .badRequest)
            }
            await web.host.audit("save", types: [type.identifier], count: 1, errorCode: nil)
            return redirect(
                web, to: try await page(showing: sample, web, type),
                message: "Added " + SampleListRow.value(of: sample, unit: nil) + " to "
                    + PageTypeNames.displayName(type.identifier) + ".")
        }

        action(router, WebRoutes.typeSampleDelete) { [self] web in
            let type = try sampleType(web)
            guard let uuid = UUID(uuidString: try web.parameter("uuid")) else {
                throw WebError.notFound("No sample has this id.")
            }
            let store = web.host.store
            let found = try await blocking { try store.storedUUIDs(among: [uuid]) }
            guard !found.isEmpty else {
                return redirect(
                    web, to: Self.back(web, type), message: "That sample was already deleted.", isError: true)
            }
            do {
                try await blocking { try store.delete(uuids: [uuid]) }
            } catch {
                await web.host.audit(
                    "delete", types: [type.identifier], count: 0, errorCode: HKError.from(error).code.rawValue)
                throw error
            }
            await web.host.audit("delete", types: [type.identifier], count: 1, errorCode: nil)
            return redirect(web, to: Self.back(web, type), message: "Deleted the sample.")
        }
    }

    /// The unit the form names, if people use it for the type (no percent of steps).
    private static func offeredUnit(_ text: String?, for type: HKQuantityType) throws(HKError) -> HKUnit {
        let offered = UnitChoices.units(for: type)
        guard let text else { return offered.first ?? type.canonicalUnit }
        guard let unit = try? HKUnit(parsing: text), UnitChoices.offers(unit, for: type) else {
            let names = offered.map { DisplayUnit($0, type: type).menuLabel }.joined(separator: ", ")
            throw HKError.invalidArgument(
                "\(PageTypeNames.displayName(type.identifier)) is given in \(names), not in \(text).")
        }
        return unit
    }

    /// Where a type page's form returns: the page it was on (its `back` field), else the type's page.
    static func back(_ web: WebRequest, _ type: HKSampleType) -> String {
        let back = localPath(web.form["back"])
        return back.hasPrefix(path(of: type)) ? back : path(of: type)
    }

    /// The query of the page a type page's form came from (its period and day), for the page shown again when the
    /// form is refused.
    static func backQuery(_ web: WebRequest, _ type: HKSampleType) -> FormData {
        let back = self.back(web, type)
        return FormData(back.firstIndex(of: "?").map { String(back[back.index(after: $0)...]) } ?? "")
    }

    /// The type's page in the period the form was on, at the day of the sample just added (its night, for sleep).
    private func page(showing sample: HKSample, _ web: WebRequest, _ type: HKSampleType) async throws -> String {
        let dates = try await pageDates(web.host)
        let today = dates.calendar.startOfDay(for: Date())
        let day = TypePageKind(type).latestDay(of: sample, today: today, calendar: dates.calendar)
        let period = Self.backQuery(web, type)["range"].flatMap(ChartWindow.Period.init(rawValue:)) ?? .day
        return Self.path(of: type) + "?" + Self.query(["range": period.rawValue, "date": dates.isoDay(day)])
    }

    /// The sample the add form describes, or the model's error naming what is wrong with it.
    static func sample(of type: HKSampleType, from form: FormData, dates: PageDateText) throws(HKError) -> HKSample {
        guard let startText = form["start"], let start = dates.parseInput(startText) else {
            throw HKError.invalidArgument("Give the date and time the sample starts.")
        }
        var end = start
        if let endText = form["end"] {
            guard let parsed = dates.parseInput(endText) else {
                throw HKError.invalidArgument("The end date is not a date and time.")
            }
            end = parsed
        }
        switch type {
        case let quantityType as HKQuantityType:
            guard let text = form["value"], let value = PageNumberText.parse(text) else {
                throw HKError.invalidArgument("Give the value as a number.")
            }
            let unit = try offeredUnit(form["unit"], for: quantityType)
            return try HKQuantitySample(
                validating: quantityType, quantity: DisplayUnit(unit).quantity(typed: value), start: start, end: end)
        case let categoryType as HKCategoryType:
            if categoryType.hasNoDefinedValue {
                return try HKCategorySample(
                    validating: categoryType, value: HKCategoryValue.notApplicable.rawValue, start: start, end: end)
            }
            guard let text = form["value"], let value = Int(text) else {
                throw HKError.invalidArgument("Choose a value.")
            }
            return try HKCategorySample(validating: categoryType, value: value, start: start, end: end)
        case let correlationType as HKCorrelationType
        where correlationType.identifier == HKCorrelationTypeIdentifier.bloodPressure.rawValue:
            func reading(_ field: String, _ name: String, _ identifier: HKQuantityTypeIdentifier) throws(HKError)
                -> HKQuantitySample
            {
                guard let text = form[field], let value = PageNumberText.parse(text) else {
                    throw HKError.invalidArgument("Give the \(name) pressure as a number of mmHg.")
                }
                return try HKQuantitySample(
                    validating: HKQuantityType(identifier),
                    quantity: HKQuantity(unit: .millimeterOfMercury(), doubleValue: value),
                    start: start, end: end)
            }
            let systolic = try reading("systolic", "systolic", .bloodPressureSystolic)
            let diastolic = try reading("diastolic", "diastolic", .bloodPressureDiastolic)
            return try HKCorrelation(
                validating: correlationType, start: start, end: end, objects: [systolic, diastolic])
        case let correlationType as HKCorrelationType:
            guard let name = form["food"] else { throw HKError.invalidArgument("Give the food's name.") }
            guard let text = form["energy"], let energy = PageNumberText.parse(text) else {
                throw HKError.invalidArgument("Give the food's energy as a number of kilocalories.")
            }
            let metadata = [HKMetadataKeyFoodType: name]
            let sample = try HKQuantitySample(
                validating: HKQuantityType(.dietaryEnergyConsumed),
                quantity: HKQuantity(unit: .kilocalorie(), doubleValue: energy), start: start, end: end,
                metadata: metadata)
            return try HKCorrelation(
                validating: correlationType, start: start, end: end, objects: [sample], metadata: metadata)
        default:
            throw HKError.invalidArgument("Samples of this type cannot be added here.")
        }
    }
}
