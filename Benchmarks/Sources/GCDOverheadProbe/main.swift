// Enqueues N items on one serial queue, raw (`queue.async { }`) or through `GCD.offload` behind
// `any Dispatchable`, then waits for them. `scripts/gcd-instructions.sh` runs it under callgrind,
// whose instruction counts are repeatable on a noisy machine, where wall-clock time is not.
//
//   GCDOverheadProbe raw|gcd N

import Dispatch
import Dispatchable

final class C: @unchecked Sendable { var v = 0 }  // only touched on the serial queue
let mode = CommandLine.arguments[1]
let n = Int(CommandLine.arguments[2])!
let q = DispatchQueue(label: "q")
let d: any Dispatchable = GCD(queue: q)
let c = C()
let s = DispatchSemaphore(value: 0)
if mode == "raw" { for _ in 0..<n { q.async { c.v += 1 } } } else { for _ in 0..<n { d.offload { c.v += 1 } } }
q.async { s.signal() }
s.wait()
