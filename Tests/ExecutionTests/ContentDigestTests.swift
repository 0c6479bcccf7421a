import Foundation
import ReportIO
import Testing

/// SHA-256 through libcrypto against the FIPS 180-2 test vectors (independent truths), and the
/// running digest's value semantics.
struct ContentDigestTests {
    @Test func knownAnswers() {
        #expect(ContentDigest([]).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ContentDigest(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            ContentDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hex
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            ContentDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Piece by piece, from any sequence (contiguous or not), equals the digest in one piece;
    /// taking `digest` midway does not disturb the rest, and a copy goes on on its own.
    @Test func runningDigest() {
        let text = Array("scenario,seed,coverage\norbit-72,1,0.9861\norbit-72,2,1.0000\n".utf8)
        var running = ContentDigest.Running()
        running.update(text[0..<10])
        let midway = running.digest
        #expect(midway == ContentDigest(text[0..<10]))
        var copy = running
        running.update(text[10...].lazy.map { $0 })  // not contiguous
        #expect(running.digest == ContentDigest(text))
        #expect(copy.digest == midway)
        copy.update([1, 2, 3])
        #expect(copy.digest == ContentDigest(Array(text[0..<10]) + [1, 2, 3]))
        #expect(running.digest == ContentDigest(text))
    }

    @Test func hexParsing() {
        let digest = ContentDigest(Array("abc".utf8))
        #expect(ContentDigest(hex: digest.hex) == digest)
        #expect(ContentDigest(hex: digest.hex.uppercased()) == nil)
        #expect(ContentDigest(hex: String(digest.hex.dropLast())) == nil)
    }
}
