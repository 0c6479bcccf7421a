import Scenarios
import Testing

/// An override is one line of visible text: YAML read `a=1\nb` as the plain scalar "1" and
/// dropped the rest without a word.
@Suite struct OverrideTextTests {
    @Test func controlCharactersAreErrors() {
        for text in [
            "description=a\nselection.threshold=2", "orbit.radius_m=4\n", "orbit.radius_m=4\r", "name=a\u{0}b", "seeds=\t[1]", "a\u{1B}b=1",
            "x=\u{85}",
        ] {
            do {
                _ = try ConfigOverride(parsing: text)
                Issue.record("\(text.debugDescription) accepted")
            } catch {
                #expect(error.message.hasPrefix("contains the control character U+00"), "\(error)")
                #expect(error.message.hasSuffix("an override is one line, key.path=value"))
                #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"), "\(error.description.debugDescription)")
            }
        }
        #expect(throws: ConfigError.self) { try ConfigOverride(parsing: "description=first line\nsecond line") }
        #expect((try? ConfigOverride(parsing: "description=a  b, c: d")) == ConfigOverride(path: ["description"], value: "a  b, c: d"))
    }
}
