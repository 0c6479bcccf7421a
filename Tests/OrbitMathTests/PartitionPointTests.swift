import OrbitMath
import Testing

@Suite struct PartitionPointTests {
    @Test func edgeCases() {
        #expect((3..<3).partitionPoint { _ in true } == 3)
        #expect((3..<3).partitionPoint { _ in false } == 3)
        #expect((2..<9).partitionPoint { _ in true } == 9)
        #expect((2..<9).partitionPoint { _ in false } == 2)
        #expect((0..<10).partitionPoint { $0 < 6 } == 6)
        let values = [1.0, 2, 2, 2, 5]
        #expect(values.indices.partitionPoint { values[$0] < 2 } == 1)
        #expect(values.indices.partitionPoint { values[$0] <= 2 } == 4)
    }

    /// Against a linear scan, on sorted arrays with ties drawn from the fixed seed.
    @Test func matchesLinearScan() {
        propertyCheck(count: 300) { generator, index in
            let count = Int.random(in: 0...40, using: &generator)
            let values = (0..<count).map { _ in Int.random(in: 0...10, using: &generator) }.sorted()
            let start = Int.random(in: 0...count, using: &generator)
            let end = Int.random(in: start...count, using: &generator)
            let key = Int.random(in: -1...11, using: &generator)
            let scanned = (start..<end).first { values[$0] >= key } ?? end
            let found = (start..<end).partitionPoint { values[$0] < key }
            #expect(found == scanned, "case \(index)")
        }
    }
}
