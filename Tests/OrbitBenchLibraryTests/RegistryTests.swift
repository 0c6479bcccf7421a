import OrbitBench
import Testing

@Suite struct RegistryTests {
    @Test func malformedBuiltInAndDuplicateNamesAreRefused() throws {
        #expect(throws: RegistrationError.self) { try FilterRegistry.register("Bad Name") { _ in MadgwickFilter(settings: .default) } }
        #expect(throws: RegistrationError.self) { try FilterRegistry.register("mahony") { _ in MadgwickFilter(settings: .default) } }
        #expect(throws: RegistrationError.self) { try SelectorRegistry.register("outer-circle") { OuterCircleSelector(settings: $0) } }
        try SelectorRegistry.register("registry-test-twice") { OuterCircleSelector(settings: $0) }
        defer { SelectorRegistry.unregister("registry-test-twice") }
        #expect(throws: RegistrationError.self) { try SelectorRegistry.register("registry-test-twice") { OuterCircleSelector(settings: $0) } }
    }

    @Test func unknownNamesCannotBeMadeAndRegisteredOnesCan() throws {
        #expect(FilterName(rawValue: "registry-test-filter") == nil)
        try FilterRegistry.register("registry-test-filter", summary: "Madgwick under another name") { _ in MadgwickFilter(settings: .default) }
        defer { FilterRegistry.unregister("registry-test-filter") }
        let name = try #require(FilterName(rawValue: "registry-test-filter"))
        #expect(FilterName.allCases.contains(name))
        #expect(!name.isBuiltIn)
        #expect(FilterRegistry.summary(of: "registry-test-filter") == "Madgwick under another name")
    }
}
