import CCairo
import Testing

/// libcairo is loaded on first use (dlopen), its functions typed by cairo's own header: the
/// library loaded must be the one the header describes.
struct CairoLoadingTests {
    @Test func loadedLibraryIsTheHeadersVersion() throws {
        let cairo = try #require(ob_cairo_load()?.pointee, "\(String(cString: ob_cairo_load_failure()))")
        #expect(String(cString: ob_cairo_load_failure()).isEmpty)
        // cairo_version() encodes major·10 000 + minor·100 + micro.
        let version = Int(cairo.version())
        #expect(version / 10_000 == Int(CAIRO_VERSION_MAJOR) && version / 100 % 100 == Int(CAIRO_VERSION_MINOR))
    }

    @Test func everyLoadReturnsTheSameTable() throws {
        let first = try #require(ob_cairo_load())
        #expect(ob_cairo_load() == first)
    }
}
