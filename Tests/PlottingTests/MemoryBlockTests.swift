import Foundation
import Testing

@testable import Plotting

/// Canvas memory: mapped zeroed, aligned for huge pages when large, present after `populate`.
struct MemoryBlockTests {
    private let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Pages of `block` the kernel has mapped (`mincore`), out of its pages.
    private func residentPages(_ block: MemoryBlock) -> (resident: Int, pages: Int) {
        let pages = (block.byteCount + page - 1) / page
        var vector = [UInt8](repeating: 0, count: pages)
        let status = mincore(block.pointer, pages * page, &vector)
        return (status == 0 ? vector.filter { $0 & 1 != 0 }.count : -1, pages)
    }

    /// A canvas-sized block starts on a 2 MiB boundary, is zeroed and writable to its last
    /// byte; a small one is page-aligned.
    @Test func largeBlocksAreAlignedForHugePages() throws {
        let canvasBytes = 1300 * 4 * 1200
        let large = try #require(MemoryBlock(byteCount: canvasBytes))
        #expect(Int(bitPattern: large.pointer) % (2 << 20) == 0)
        let bytes = large.pointer.assumingMemoryBound(to: UInt8.self)
        #expect(UnsafeBufferPointer(start: bytes, count: canvasBytes).allSatisfy { $0 == 0 })
        bytes[canvasBytes - 1] = 7
        #expect(bytes[canvasBytes - 1] == 7)

        let small = try #require(MemoryBlock(byteCount: 100))
        #expect(Int(bitPattern: small.pointer) % page == 0)
        #expect(UnsafeRawBufferPointer(start: small.pointer, count: 100).allSatisfy { $0 == 0 })
    }

    /// `populate` leaves every page present and the block still zeroed; a fresh block has
    /// (almost) none present, so the check can fail.
    @Test func populateMapsEveryPage() throws {
        let block = try #require(MemoryBlock(byteCount: 3 << 20 + 12345))
        let before = residentPages(block)
        #expect(before.resident >= 0)
        #expect(before.resident < before.pages / 2)
        block.populate()
        let after = residentPages(block)
        #expect(after.resident == after.pages)
        #expect(UnsafeRawBufferPointer(start: block.pointer, count: block.byteCount).allSatisfy { $0 == 0 })
    }

    /// Sizes no mapping can hold give `nil`, not a trap from overflowing arithmetic.
    @Test func impossibleSizesGiveNil() {
        #expect(MemoryBlock(byteCount: Int.max) == nil)
        #expect(MemoryBlock(byteCount: Int.max - (2 << 20)) == nil)
        #expect(MemoryBlock(byteCount: 1 << 60) == nil)
    }

    /// A warmed pool hands out its populated blocks, zeroed.
    @Test func warmedPoolHandsOutPresentZeroedBlocks() throws {
        let pool = MemoryBlockPool()
        pool.warm(byteCount: 2 << 20, count: 2)
        let first = try #require(pool.take(byteCount: 2 << 20))
        let second = try #require(pool.take(byteCount: 2 << 20))
        #expect(first.pointer != second.pointer)
        for block in [first, second] {
            let pages = residentPages(block)
            #expect(pages.resident == pages.pages)
            #expect(UnsafeRawBufferPointer(start: block.pointer, count: block.byteCount).allSatisfy { $0 == 0 })
        }
    }
}
