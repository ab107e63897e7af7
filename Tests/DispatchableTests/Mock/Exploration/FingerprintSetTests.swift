import Testing

@testable import Dispatchable

/// The explorer's set of schedule fingerprints, against the standard library's `Set`.
@Suite("FingerprintSet: the distinct schedules an exploration has run")
struct FingerprintSetTests {
    typealias FingerprintSet = MockDispatchable.FingerprintSet

    @Test func aFingerprintIsNewOnceAndSeenAfter() {
        var seen = FingerprintSet()
        let first = seen.insert(0x1234_5678_9abc_def0)
        let second = seen.insert(0x1234_5678_9abc_def0)
        #expect(first && !second)
        #expect(seen.count == 1)
    }

    @Test func zeroIsAFingerprintLikeAnyOther() {
        var seen = FingerprintSet()
        let answers = [seen.insert(0), seen.insert(0), seen.insert(1)]
        #expect(answers == [true, false, true])
        #expect(seen.count == 2)
    }

    /// Many thousands of fingerprints, with repeats, across many growths of the table, and values
    /// that share their low bits or their high bits (which collide in a table indexed by either).
    @Test func itAnswersAsASetDoesAcrossGrowth() {
        var seen = FingerprintSet()
        var reference = Set<UInt64>()
        var random = MockDispatchable.RandomNumbers(seed: 7)
        var values: [UInt64] = []
        for index in 0..<20_000 {
            switch index % 4 {
            case 0: values.append(random.next())
            case 1: values.append(UInt64(index) << 40)  // the same low bits
            case 2: values.append(UInt64(index))  // the same high bits
            default: values.append(values[Int(random.next() % UInt64(values.count))])  // a repeat
            }
        }
        var disagreements: [UInt64] = []
        for value in values where seen.insert(value) != reference.insert(value).inserted {
            disagreements.append(value)
        }
        #expect(disagreements.isEmpty)
        #expect(seen.count == reference.count)
        let newAgain = values.prefix(1_000).filter { seen.insert($0) }
        #expect(newAgain.isEmpty)
    }
}
