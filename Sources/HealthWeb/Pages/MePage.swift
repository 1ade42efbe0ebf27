import Foundation
import Hummingbird
import OpenHealthKitEngine
import OpenHealthKitModel

/// Me: the characteristics apps may read (date of birth, sex, blood type, skin type, wheelchair use, move mode)
/// and the unit each quantity type is shown in, here and to apps (`preferredUnits(for:)`).
struct MePage: Sendable {
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Choice: Sendable {
        let field: String
        let label: String
        let options: [Option]
    }

    struct UnitRow: Sendable {
        let identifier: String
        let field: String
        let name: String
        let options: [Option]
    }

    let chrome: Chrome
    let dateOfBirth: String
    let choices: [Choice]
    /// The time zone menu: "Automatic" (healthd's), then every zone the system knows.
    let timeZones: [Option]
    let timeZoneNow: String
    let unitsWithData: [UnitRow]
    let otherUnits: [UnitRow]
    /// The forms Export All Health Data offers.
    let exportFormats: [Option]
}

extension HealthWebApp {
    /// The enumerations of the Me page: type, label, and each raw value with its name.
    private static let characteristicChoices: [(HKCharacteristicTypeIdentifier, String, [(Int, String)])] = [
        (.biologicalSex, "Sex", [(0, "Not Set"), (1, "Female"), (2, "Male"), (3, "Other")]),
        (
            .bloodType, "Blood Type",
            [
                (0, "Not Set"), (1, "A+"), (2, "A−"), (3, "B+"), (4, "B−"), (5, "AB+"), (6, "AB−"), (7, "O+"),
                (8, "O−"),
            ]
        ),
        (
            .fitzpatrickSkinType, "Fitzpatrick Skin Type",
            [(0, "Not Set"), (1, "I"), (2, "II"), (3, "III"), (4, "IV"), (5, "V"), (6, "VI")]
        ),
        (.wheelchairUse, "Wheelchair", [(0, "Not Set"), (1, "No"), (2, "Yes")]),
        (.activityMoveMode, "Move Mode", [(1, "Active Energy"), (2, "Move Time")]),
    ]

    func addMeRoutes(to router: Router<BasicRequestContext>) {
        page(router, WebRoutes.me) { [self] web in
            let store = web.host.store
            typealias Stored = (
                [HKCharacteristicTypeIdentifier: String], [HKQuantityType: HKUnit], [String: HKUnit], Set<String>,
                TimeZone?
            )
            let data = try await blocking { () -> Stored in
                var stored: [HKCharacteristicTypeIdentifier: String] = [:]
                for type in [HKCharacteristicTypeIdentifier.dateOfBirth] + Self.characteristicChoices.map(\.0) {
                    stored[type] = try store.characteristic(type)
                }
                let types = HealthKitCatalog.quantityTypes.map { HKQuantityType($0.identifier) }
                let units = try store.preferredUnits(for: Set(types))
                let withData = Set(
                    try types.filter {
                        !(try store.samples(of: $0, predicate: nil, newestFirst: false, limit: 1)).isEmpty
                    }.map(\.identifier))
                return (stored, units, try store.chosenUnits(), withData, try store.ownerTimeZone())
            }
            let (stored, units, chosen, withData, zone) = data
            let choices = Self.characteristicChoices.map { type, label, values in
                let current = stored[type] ?? (type == .activityMoveMode ? "1" : "0")
                return MePage.Choice(
                    field: HKObjectType.shortName(forRawIdentifier: type.rawValue), label: label,
                    options: values.map {
                        MePage.Option(value: String($0.0), label: $0.1, selected: String($0.0) == current)
                    })
            }
            let rows = units.keys.sorted {
                PageTypeNames.displayName($0.identifier) < PageTypeNames.displayName($1.identifier)
            }.map { type in
                Self.unitRow(type, current: chosen[type.identifier])
            }
            return await renderer.html(
                "me",
                MePage(
                    chrome: chrome(web, title: "Me", section: .me), dateOfBirth: stored[.dateOfBirth] ?? "",
                    choices: choices, timeZones: Self.timeZoneOptions(chosen: zone),
                    timeZoneNow: PageDateText(timeZone: zone ?? .current).dateTime(Date()),
                    unitsWithData: rows.filter { withData.contains($0.identifier) },
                    otherUnits: rows.filter { !withData.contains($0.identifier) },
                    exportFormats: WebExportFormat.allCases.enumerated().map { index, format in
                        MePage.Option(value: format.rawValue, label: format.label, selected: index == 0)
                    }))
        }

        action(router, WebRoutes.meCharacteristics) { [self] web in
            var entered: [HKCharacteristicTypeIdentifier: String?] = [.dateOfBirth: web.form["dateOfBirth"]]
            for (type, _, _) in Self.characteristicChoices {
                let value = web.form[HKObjectType.shortName(forRawIdentifier: type.rawValue)]
                entered[type] = value == "0" ? nil : value
            }
            let values = entered
            let store = web.host.store
            let stored = try await blocking { () -> [String] in
                // Every value is checked before any is stored.
                var checked: [HKCharacteristicTypeIdentifier: String?] = [:]
                for (type, value) in values {
                    checked[type] = try value.map { try CharacteristicCoding.storedValue($0, for: type) }
                }
                for (type, value) in checked { try store.setCharacteristic(type, to: value) }
                return checked.keys.map(\.rawValue)
            }
            await web.host.audit("characteristic.set", types: stored, count: 0, errorCode: nil)
            return redirect(web, to: WebRoutes.me.path(), message: "Saved your details.")
        }

        action(router, WebRoutes.meTimeZone) { [self] web in
            let zone: TimeZone?
            if let name = web.form["timeZone"] {
                guard let named = TimeZone(identifier: name) else {
                    throw WebError.badRequest("Health does not know the time zone \(name).")
                }
                zone = named
            } else {
                zone = nil
            }
            let store = web.host.store
            try await blocking { try store.setOwnerTimeZone(zone) }
            await web.host.audit("timeZone.set", types: [], count: 0, errorCode: nil)
            let name = zone.map { Self.timeZoneLabel($0) } ?? "healthd's (\(Self.timeZoneLabel(.current)))"
            return redirect(
                web, to: WebRoutes.me.path() + "#time-zone", message: "Days now follow the time zone \(name).")
        }

        action(router, WebRoutes.meUnits) { [self] web in
            let store = web.host.store
            let form = web.form
            let changed = try await blocking { () -> [String] in
                let chosen = try store.chosenUnits()
                var changed: [String] = []
                for descriptor in HealthKitCatalog.quantityTypes {
                    let type = HKQuantityType(descriptor.identifier)
                    guard form.all("unit." + type.identifier).first != nil else { continue }
                    let unit = try form["unit." + type.identifier].map { try HKUnit(parsing: $0) }
                    if let unit, !UnitChoices.offers(unit, for: type) {
                        throw WebError.badRequest(
                            "\(PageTypeNames.displayName(type.identifier)) is not shown in \(unit.unitString).")
                    }
                    guard unit?.unitString != chosen[type.identifier]?.unitString else { continue }
                    try store.setPreferredUnit(unit, for: type)
                    changed.append(type.identifier)
                }
                return changed
            }
            await web.host.audit("preferredUnits.set", types: changed, count: 0, errorCode: nil)
            return redirect(
                web, to: WebRoutes.me.path() + "#units",
                message: changed.isEmpty ? "No unit changed." : "Saved your units.")
        }
    }

    /// "Automatic" (healthd's zone), then every zone the system knows, by name.
    private static func timeZoneOptions(chosen: TimeZone?) -> [MePage.Option] {
        [MePage.Option(value: "", label: "Automatic (\(timeZoneLabel(.current)))", selected: chosen == nil)]
            + TimeZone.knownTimeZoneIdentifiers.sorted().compactMap(TimeZone.init(identifier:)).map { zone in
                MePage.Option(
                    value: zone.identifier, label: timeZoneLabel(zone), selected: zone.identifier == chosen?.identifier)
            }
    }

    /// `Europe/Paris (UTC+01:00)`, with the offset it has now.
    static func timeZoneLabel(_ zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT()
        let sign = seconds < 0 ? "−" : "+"
        let minutes = abs(seconds) / 60
        return zone.identifier + " (UTC\(sign)" + String(format: "%02d:%02d", minutes / 60, minutes % 60) + ")"
    }

    /// The unit menu of a type: the locale's default first, then the units of its dimension.
    private static func unitRow(_ type: HKQuantityType, current: HKUnit?) -> MePage.UnitRow {
        let localeDefault = PreferredUnitDefaults.unit(
            for: type, measurementSystem: UserLocale.current().measurementSystem)
        let defaultLabel = "Default (" + DisplayUnit(localeDefault, type: type).menuLabel + ")"
        let options =
            [MePage.Option(value: "", label: defaultLabel, selected: current == nil)]
            + UnitChoices.units(for: type, including: current).map {
                MePage.Option(
                    value: $0.unitString, label: DisplayUnit($0, type: type).menuLabel,
                    selected: $0.unitString == current?.unitString)
            }
        return MePage.UnitRow(
            identifier: type.identifier, field: "unit." + type.identifier,
            name: PageTypeNames.displayName(type.identifier), options: options)
    }
}
