import CPlatform
import Foundation
import Testing

/// `platform_load_library`, the one loader of libcairo and libhdf5, on libraries every Linux
/// machine has: the fallback names, the message naming what to install, the missing symbol.
struct LibraryLoaderTests {
    /// Loads `names` and `symbols`; the slots bound, or the failure's text.
    private func load(_ names: [String], _ symbols: [String]) -> Result<[UnsafeMutableRawPointer?], LoadError> {
        let cNames = names.map { UnsafePointer(strdup($0)) }, cSymbols = symbols.map { UnsafePointer(strdup($0)) }
        defer { (cNames + cSymbols).forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        var failure = [CChar](repeating: 0, count: 256)
        let handle = platform_load_library(cNames, Int32(names.count), "libfoo-dev", cSymbols, &slots, Int32(symbols.count), &failure, failure.count)
        guard handle != nil else {
            return .failure(LoadError(text: String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(slots)
    }

    struct LoadError: Error {
        var text: String
    }

    @Test func theFirstNameThatOpensIsBound() throws {
        // The first name does not exist; the second (glibc's maths library) does.
        let slots = try load(["libno-such-library.so.9", "libm.so.6"], ["cos", "sqrt"]).get()
        let cosine = unsafeBitCast(try #require(slots[0]), to: (@convention(c) (Double) -> Double).self)
        #expect(cosine(0) == 1 && slots[1] != nil)
    }

    @Test func aFailureSaysWhatToInstallOrWhatIsMissing() {
        guard case .failure(let missing) = load(["libno-such-library.so.9", "libno-such-library.so"], []) else {
            Issue.record("a library that does not exist loaded")
            return
        }
        // The first name's reason, with the package to install.
        #expect(missing.text.hasPrefix("cannot load libno-such-library.so.9 (Debian package libfoo-dev): libno-such-library.so.9"), "\(missing.text)")
        guard case .failure(let symbol) = load(["libm.so.6"], ["cos", "no_such_function"]) else {
            Issue.record("a missing symbol was bound")
            return
        }
        #expect(symbol.text == "the loaded libm.so.6 has no symbol no_such_function")
    }
}
