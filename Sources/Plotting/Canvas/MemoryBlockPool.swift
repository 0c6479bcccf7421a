import Foundation

/// Blocks of memory kept for reuse between canvases.
///
/// A canvas of 1300 × 1200 px is 6 MB of pixels. Fresh from the system, every 4 KiB page of it
/// costs a page fault and a clearing on first touch (≈ 2 ms a canvas on this project's machines,
/// more when two threads fault at once); a block a previous canvas used is already mapped.
/// `warm` lets an idle core take that cost before the figures need the blocks.
///
/// Thread-safe. A block keeps its contents between uses: a pool whose users leave their blocks
/// zeroed (`StrokeRaster`) hands out zeroed blocks, since new ones start zeroed.
final class MemoryBlockPool: @unchecked Sendable {
    /// Pixels of every canvas.
    static let pixels = MemoryBlockPool()
    /// Coverage of `StrokeRaster`s, zero between uses.
    static let coverage = MemoryBlockPool()

    /// Most blocks kept: one per core drawing at once; more are freed when given back.
    /// (Made with its own instance in tests, so that no other test takes its blocks.)
    private let capacity = max(2, ProcessInfo.processInfo.activeProcessorCount)
    private var blocks: [MemoryBlock] = []
    private let lock = NSLock()

    /// Largest block kept, bytes: a 4096 × 4096 canvas's pixels. A bigger one is freed when it
    /// is given back, so one huge figure does not pin its memory for the process's life.
    static let largestKeptBlock = 64 << 20

    /// The smallest kept block of at least `byteCount` bytes, or a new zeroed one; `nil` when
    /// the memory cannot be had.
    func take(byteCount: Int) -> MemoryBlock? {
        lock.lock()
        let fitting = blocks.indices.filter { blocks[$0].byteCount >= byteCount }.min { blocks[$0].byteCount < blocks[$1].byteCount }
        let kept = fitting.map { blocks.remove(at: $0) }
        lock.unlock()
        return kept ?? MemoryBlock(byteCount: byteCount)
    }

    /// Keeps `block` for a later `take`, in place of the smallest kept one when the pool is full.
    func give(_ block: MemoryBlock) {
        guard block.byteCount <= Self.largestKeptBlock else { return }
        lock.lock()
        defer { lock.unlock() }
        blocks.append(block)
        if blocks.count > capacity, let smallest = blocks.indices.min(by: { blocks[$0].byteCount < blocks[$1].byteCount }) {
            blocks.remove(at: smallest)
        }
    }

    /// Maps `count` blocks of `byteCount` bytes now (zeroed, every page touched) and keeps them.
    func warm(byteCount: Int, count: Int) {
        for _ in 0..<count {
            guard let block = MemoryBlock(byteCount: byteCount) else { return }
            memset(block.pointer, 0, byteCount)
            give(block)
        }
    }
}

/// Memory from `calloc`, zeroed when made, freed when the last reference goes.
final class MemoryBlock: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let byteCount: Int

    /// `nil` when `calloc` fails.
    init?(byteCount: Int) {
        precondition(byteCount > 0)
        guard let memory = calloc(byteCount, 1) else { return nil }
        pointer = memory
        self.byteCount = byteCount
    }

    deinit { free(pointer) }
}
