import Foundation

/// Blocks of memory kept for reuse between canvases.
///
/// A canvas of 1300 × 1200 px is 6 MB of pixels. Fresh from the system, its pages are mapped and
/// cleared on first touch (`MemoryBlock` asks for huge pages, so that is a few faults, not
/// 1 500); a block a previous canvas used is already mapped. `warm` lets an idle core take that
/// cost before the figures need the blocks.
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

    /// Maps `count` blocks of `byteCount` bytes now (zeroed, every page present) and keeps them.
    func warm(byteCount: Int, count: Int) {
        for _ in 0..<count {
            guard let block = MemoryBlock(byteCount: byteCount) else { return }
            block.populate()
            give(block)
        }
    }
}

/// Zeroed memory mapped for one block, unmapped when the last reference goes.
///
/// Blocks of a megabyte or more are aligned to 2 MiB and offered to the kernel for transparent
/// huge pages: a 6 MB canvas then costs three or four page faults instead of ≈ 1 500, and as
/// few page-table entries to tear down when the process exits (on this project's VMs a fault
/// costs ≈ 2 µs, so the 4 KiB way spent ≈ 9 ms of a core per `orbitbench run` with plots).
/// Where the kernel has no huge pages (or they are switched off), the block is the same memory
/// in 4 KiB pages.
final class MemoryBlock: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    let byteCount: Int
    /// Bytes mapped at `pointer`: `byteCount` rounded up to whole pages (huge pages when large).
    private let mappedByteCount: Int

    /// The size and alignment of a transparent huge page on x86-64 and arm64 Linux.
    static let hugePageBytes = 2 << 20
    /// Blocks smaller than this are not worth a huge page's alignment.
    static let hugePageThreshold = 1 << 20
    private static let pageBytes = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `nil` when the memory cannot be mapped.
    init?(byteCount: Int) {
        precondition(byteCount > 0)
        let page = Self.pageBytes
        let alignment = byteCount >= Self.hugePageThreshold ? max(Self.hugePageBytes, page) : page
        // Mapped with room to slide the block up to the next multiple of `alignment` (mmap
        // gives whole pages), then trimmed to it.
        let (rounded, roundingOverflow) = byteCount.addingReportingOverflow(alignment - 1)
        let usedCount = rounded / alignment * alignment
        let (mappedCount, mappingOverflow) = usedCount.addingReportingOverflow(alignment - page)
        guard !roundingOverflow, !mappingOverflow,
            let start = mmap(nil, mappedCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            start != MAP_FAILED
        else { return nil }
        let address = Int(bitPattern: start)
        let alignedAddress = (address + alignment - 1) / alignment * alignment
        if alignedAddress > address { munmap(start, alignedAddress - address) }
        let tail = address + mappedCount - (alignedAddress + usedCount)
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: alignedAddress + usedCount), tail) }
        pointer = UnsafeMutableRawPointer(bitPattern: alignedAddress)!
        mappedByteCount = usedCount
        self.byteCount = byteCount
        if alignment >= Self.hugePageBytes {
            // Advice only: without huge pages the block is ordinary memory.
            _ = madvise(pointer, usedCount, Self.adviseHugePage)
        }
    }

    /// Maps every page of the block now (it stays zeroed), in one call where the kernel can
    /// (Linux 5.14 and later), else by writing a zero into each page.
    func populate() {
        if madvise(pointer, mappedByteCount, Self.advisePopulateWrite) == 0 { return }
        let bytes = pointer.assumingMemoryBound(to: UInt8.self)
        for offset in stride(from: 0, to: mappedByteCount, by: Self.pageBytes) { bytes[offset] = 0 }
    }

    deinit { munmap(pointer, mappedByteCount) }

    /// `MADV_HUGEPAGE` and `MADV_POPULATE_WRITE` of Linux's `<asm-generic/mman-common.h>`
    /// (Glibc's headers in the toolchain's sysroot may predate the second).
    private static let adviseHugePage: Int32 = 14
    private static let advisePopulateWrite: Int32 = 23
}
