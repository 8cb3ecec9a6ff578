import FontdTestSupport
import Foundation
import Testing

/// `.ownThread` (docs/development.md, "Tests"): a suite's blocking tests run on threads of their own,
/// so that the async tests' tasks keep Swift's cooperative pool, and no more of them run at once
/// than the pool has threads.
@Suite(.ownThread) struct OwnThreadTraitTests {
    @Test func aTestUnderTheTraitRunsOnAThreadOfItsOwn() {
        #expect(OwnThreadExecutor.runsTheCurrentThread)
    }

    @Test(arguments: 0..<4)
    func everyCaseOfAParameterizedTestDoesToo(_ index: Int) {
        #expect(OwnThreadExecutor.runsTheCurrentThread, "case \(index)")
    }

    @Test func anAsyncTestUnderTheTraitResumesOnItsOwnThreadsAfterASuspension() async {
        await Task.yield()
        #expect(OwnThreadExecutor.runsTheCurrentThread)
    }
}
