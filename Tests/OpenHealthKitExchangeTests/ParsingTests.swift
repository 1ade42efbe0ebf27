import Foundation
import Testing
import OpenHealthKitEngine
import OpenHealthKitModel
@testable import OpenHealthKitExchange

/// The readers of exported text: dates, devices, beat times, metadata values, category labels.
@Suite struct ParsingTests {
    private func date(_ text: String) -> ExportDate? {
        var copy = text
        return copy.withUTF8 { ExportDateParser.date($0) }
    }

    /// The oracle: Foundation's formatter on the format every export since iOS 9 uses.
    private func foundationDate(_ text: String, format: String = "yyyy-MM-dd HH:mm:ss Z") -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = format
        return formatter.date(from: text)
    }

    @Test(arguments: [
        "2016-04-08 10:08:00 +0100", "2014-09-13 10:27:54 +0100", "2019-07-19 10:36:11 -0700",
        "2024-02-29 23:59:59 +1345",
        "1970-01-01 00:00:00 +0000", "2038-01-19 03:14:08 -0930", "2000-12-31 12:00:00 +0530",
    ])
    func readsExportDatesLikeFoundation(_ text: String) throws {
        let parsed = try #require(date(text))
        #expect(parsed.seconds == foundationDate(text)?.timeIntervalSince1970)
    }

    @Test func readsOtherDateForms() throws {
        let reference = foundationDate("2016-04-08 10:08:00 +0100")!.timeIntervalSince1970
        #expect(date("2016-04-08T10:08:00+01:00")?.seconds == reference)
        #expect(date("2016-04-08T09:08:00Z")?.seconds == reference)
        #expect(date("2016-04-08 10:08:00+0100")?.seconds == reference)
        #expect(date(" 2016-04-08 10:08:00 +0100 ")?.seconds == reference)
        #expect(date("2016-04-08 10:08:00.5 +0100")?.seconds == reference + 0.5)
        #expect(date("2016-04-08 09:08:00 UTC")?.seconds == reference)
        // iOS 8 exports.
        #expect(
            date("20150616071916-0700")?.seconds == foundationDate("2015-06-16 07:19:16 -0700")?.timeIntervalSince1970)
        #expect(date("2016-04-08 10:08:00 +0100")?.utcOffset == 3_600)
    }

    @Test(arguments: [
        "2016-04-08 10:08:00", "2016-02-30 10:08:00 +0100", "2016-04-08 24:00:00 +0100", "yesterday", "",
        "2016-04-08 10:08 +0100",
    ])
    func refusesWhatIsNotAnInstant(_ text: String) {
        #expect(date(text) == nil)
    }

    @Test func localTimeOfDayFollowsTheWrittenOffset() throws {
        #expect(try #require(date("2022-11-01 22:10:05 +0100")).localSecondsOfDay == 22 * 3_600 + 10 * 60 + 5)
        #expect(try #require(date("2022-11-01 00:00:05 -0700")).localSecondsOfDay == 5)
    }

    @Test func readsDeviceDescriptions() throws {
        let watch = try #require(
            DeviceStringParser.device(
                "<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:9.0>"
            ))
        #expect(
            watch
                == DeviceRow(
                    name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,2",
                    softwareVersion: "9.0"))
        let scale = try #require(
            DeviceStringParser.device(
                "<<HKDevice: 0x1>, name:Body+, Kitchen, manufacturer:Withings, firmware:1.2, localIdentifier:AB:CD, UDIDeviceIdentifier:0081>"
            ))
        #expect(scale.name == "Body+, Kitchen")
        #expect(scale.firmwareVersion == "1.2")
        #expect(scale.localIdentifier == "AB:CD")
        #expect(scale.udiDeviceIdentifier == "0081")
        #expect(DeviceStringParser.device("Polar H10")?.name == "Polar H10")
    }

    @Test func aDeviceIsTheSameWhateverItsAddress() {
        var first = "<<HKDevice: 0x282a45810>, name:iPhone>"
        var second = "<<HKDevice: 0x1d0f00aa0>, name:iPhone>"
        let a = first.withUTF8 { Array(DeviceStringParser.identity($0)) }
        let b = second.withUTF8 { Array(DeviceStringParser.identity($0)) }
        #expect(a == b)
        #expect(String(decoding: a, as: UTF8.self) == ", name:iPhone>")
    }

    /// Whether `text` reads as `hours:minutes:seconds` past midnight.
    private func reads(_ text: String, _ hours: Double, _ minutes: Double, _ seconds: Double) -> Bool {
        guard let value = BeatTimeParser.secondsOfDay(text) else { return false }
        return abs(value - (hours * 3_600 + minutes * 60 + seconds)) < 1e-9
    }

    @Test func readsLocaleFormattedBeatTimes() {
        #expect(reads("02:15:45,32", 2, 15, 45.32))
        #expect(reads("6:14:48.94 PM", 18, 14, 48.94))
        #expect(reads("下午6:14:48.94", 18, 14, 48.94))
        #expect(reads("오전 9:05:01.2", 9, 5, 1.2))
        #expect(reads("12:00:01.5 AM", 0, 0, 1.5))
        #expect(reads("12:00:01 PM", 12, 0, 1))
        #expect(reads("١٠:١٥:٣٠", 10, 15, 30))
        #expect(reads("18:14:48", 18, 14, 48))
        #expect(BeatTimeParser.secondsOfDay("soon") == nil)
        #expect(BeatTimeParser.secondsOfDay("25:00:00") == nil)
    }

    /// The exporter reads a stored beat time to find the offset the record was exported in, and must read exactly
    /// what the importer read from the bytes: a fraction summed digit by digit is not always `Double("0.94")`.
    @Test func aBeatTimeReadsTheSameAsTextAndAsBytes() {
        for text in [
            "02:15:45,94", "6:14:48.94 PM", "18:14:48.07", "下午6:14:48.94", "오전 9:05:01.29", "12:00:01.5 AM", "١٠:١٥:٣٠",
        ] {
            var bytes = text
            let fromBytes = bytes.withUTF8 { BeatTimeParser.secondsOfDay($0) }
            #expect(BeatTimeParser.secondsOfDay(text) == fromBytes, "\(text)")
            #expect(fromBytes != nil, "\(text)")
        }
    }

    @Test func beatsCountFromTheSampleStartAcrossMidnight() throws {
        let start = try #require(date("2022-11-01 23:59:59 +0100"))
        #expect(abs(BeatTimeParser.timeSinceStart(secondsOfDay: 0.5, start: start) - 1.5) < 1e-9)
        #expect(BeatTimeParser.timeSinceStart(secondsOfDay: 23 * 3_600 + 59 * 60 + 59, start: start) == 0)
    }

    @Test func readsMetadataValuesByTheirKind() throws {
        let reader = MetadataValueReader()
        #expect(reader.value(forKey: HKMetadataKeyWasUserEntered, text: "1") as? NSNumber == NSNumber(value: true))
        #expect(reader.value(forKey: HKMetadataKeyHeartRateMotionContext, text: "2") as? NSNumber == NSNumber(value: 2))
        #expect(reader.value(forKey: HKMetadataKeyTimeZone, text: "Europe/Paris") as? String == "Europe/Paris")
        let temperature = try #require(
            reader.value(forKey: HKMetadataKeyWeatherTemperature, text: "56 degF") as? HKQuantity)
        #expect(temperature == HKQuantity(unit: .degreeFahrenheit(), doubleValue: 56))
        let mets = try #require(reader.value(forKey: HKMetadataKeyAverageMETs, text: "3.9 kcal/hr·kg") as? HKQuantity)
        #expect(mets.is(compatibleWith: HKUnit(from: "kcal/(kg*hr)")))
        // Keys HealthKit does not define: quantities, dates and numbers are recognized, the rest stays text.
        #expect(
            reader.value(forKey: "Distance", text: "418 cm") as? HKQuantity
                == HKQuantity(unit: HKUnit(from: "cm"), doubleValue: 418))
        #expect(
            reader.value(forKey: "Modified Date", text: "2016-04-18 15:56:05 +0000") as? Date
                == Date(timeIntervalSince1970: 1_460_994_965))
        #expect(reader.value(forKey: "Withings User Identifier", text: "12345") as? NSNumber == NSNumber(value: 12345))
        #expect(reader.value(forKey: "App Version", text: "2.16.0") as? String == "2.16.0")
        #expect(reader.value(forKey: "Mood", text: "3 happy people") as? String == "3 happy people")
        // Text that does not read as its key's kind stays text (and validation refuses it).
        #expect(reader.value(forKey: HKMetadataKeyWasUserEntered, text: "maybe") as? String == "maybe")
    }

    @Test func readsCategoryLabelsOfEveryIOSVersion() throws {
        let sleep = try #require(HKObjectType.categoryType(forIdentifier: .sleepAnalysis))
        #expect(CategoryValueLabels.value("HKCategoryValueSleepAnalysisAsleepCore", for: sleep) == 3)
        #expect(CategoryValueLabels.value("HKCategoryValueSleepAnalysisInBed", for: sleep) == 0)
        #expect(CategoryValueLabels.value("HKCategoryValueSleepAnalysisAsleep", for: sleep) == 1)
        #expect(CategoryValueLabels.value("2", for: sleep) == 2)
        #expect(CategoryValueLabels.value("HKCategoryValueSleepAnalysisDreaming", for: sleep) == nil)
        let flow = try #require(HKObjectType.categoryType(forIdentifier: .menstrualFlow))
        #expect(CategoryValueLabels.value("HKCategoryValueMenstrualFlowHeavy", for: flow) == 4)
        #expect(CategoryValueLabels.value("HKCategoryValueVaginalBleedingLight", for: flow) == 2)
        let mindful = try #require(HKObjectType.categoryType(forIdentifier: .mindfulSession))
        #expect(CategoryValueLabels.value("HKCategoryValueNotApplicable", for: mindful) == 0)
    }

    @Test func numbersAreReadWithAPoint() {
        var texts = ["72", " 0.00288 ", "-1.5e3", "1,5", "nan", "inf", "", "0x10"]
        let values = texts.indices.map { texts[$0].withUTF8 { ExportText.number($0) } }
        #expect(values == [72, 0.00288, -1500, nil, nil, nil, nil, nil])
    }
}
