import Testing
@testable import HKCommandLine
import OpenHealthKitModel

@Suite struct TypeCatalogTests {
    /// Every listed name is one `hk` accepts, for the listed identifier. (Quantity types are checked through the
    /// binary: resolving one builds an `HKQuantityType`, which parses its canonical unit.)
    @Test func namesResolveToTheirIdentifiers() throws {
        for entry in TypeCatalog.entries where entry.kind != .quantity {
            #expect(try CommandLineInput.objectType(named: entry.name).identifier == entry.identifier, "\(entry.name)")
        }
    }

    @Test func orderedByKindThenName() {
        let kinds = TypeCatalog.entries.map(\.kind)
        #expect(kinds == kinds.sorted { TypeKind.allCases.firstIndex(of: $0)! < TypeKind.allCases.firstIndex(of: $1)! })
        let categoryNames = TypeCatalog.entries.filter { $0.kind == .category }.map(\.name)
        #expect(categoryNames == categoryNames.sorted())
    }

    @Test func unknownTypeNamesTheInput() {
        #expect {
            try CommandLineInput.objectType(named: "stepz")
        } throws: { error in
            (error as? HKError)?.code == .errorInvalidArgument
                && (error as? HKError)?.message.hasPrefix("unknown type 'stepz'") == true
        }
    }
}
