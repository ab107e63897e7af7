// `sigaction` (a struct and a function of one name), `raise`, `write` and the signal numbers: a C
// module, stand-ins/DarwinSignal, that make-sdk.sh puts beside this one.
@_exported import DarwinSignal

/// Darwin's `errno` is the C macro `(*__error())`; its Swift overlay declares this.
public var errno: Int32 {
    get { 0 }
    set {}
}
public typealias pthread_key_t = UInt
public struct _opaque_pthread_t {}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>
public struct pthread_mutex_t { public init() {} }
public struct pthread_mutexattr_t { public init() {} }
@discardableResult public func pthread_key_create(_ k: UnsafeMutablePointer<pthread_key_t>!, _ d: (@convention(c) (UnsafeMutableRawPointer) -> Void)!) -> Int32 { 0 }
public func pthread_getspecific(_ k: pthread_key_t) -> UnsafeMutableRawPointer? { nil }
@discardableResult public func pthread_setspecific(_ k: pthread_key_t, _ v: UnsafeRawPointer?) -> Int32 { 0 }
@discardableResult public func pthread_mutex_init(_ m: UnsafeMutablePointer<pthread_mutex_t>!, _ a: UnsafePointer<pthread_mutexattr_t>!) -> Int32 { 0 }
@discardableResult public func pthread_mutex_lock(_ m: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }
@discardableResult public func pthread_mutex_unlock(_ m: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }
@discardableResult public func pthread_mutex_destroy(_ m: UnsafeMutablePointer<pthread_mutex_t>!) -> Int32 { 0 }
public func pthread_self() -> pthread_t { fatalError() }
public func dlopen(_ p: UnsafePointer<CChar>!, _ m: Int32) -> UnsafeMutableRawPointer! { nil }
public func dlsym(_ h: UnsafeMutableRawPointer!, _ s: UnsafePointer<CChar>!) -> UnsafeMutableRawPointer! { nil }
@discardableResult public func usleep(_ u: UInt32) -> Int32 { 0 }
public func exit(_ c: Int32) -> Never { fatalError() }
public func pow(_ x: Double, _ y: Double) -> Double { x }
public struct timeval { public var tv_sec: Int = 0; public var tv_usec: Int32 = 0; public init() {} }
public struct rusage { public var ru_utime = timeval(); public var ru_stime = timeval(); public var ru_maxrss: Int = 0; public init() {} }
public var RUSAGE_SELF: Int32 { 0 }
@discardableResult public func getrusage(_ who: Int32, _ usage: UnsafeMutablePointer<rusage>!) -> Int32 { 0 }
public struct FILE {}
@discardableResult public func fflush(_ stream: UnsafeMutablePointer<FILE>!) -> Int32 { 0 }
public var stdout: UnsafeMutablePointer<FILE>! { nil }
@discardableResult public func setenv(_ name: UnsafePointer<CChar>!, _ value: UnsafePointer<CChar>!, _ overwrite: Int32) -> Int32 { 0 }
public typealias pid_t = Int32
public func getpid() -> pid_t { 0 }
public func getppid() -> pid_t { 0 }
public func fopen(_ path: UnsafePointer<CChar>!, _ mode: UnsafePointer<CChar>!) -> UnsafeMutablePointer<FILE>! { nil }
@discardableResult public func fputs(_ s: UnsafePointer<CChar>!, _ stream: UnsafeMutablePointer<FILE>!) -> Int32 { 0 }
@discardableResult public func fclose(_ stream: UnsafeMutablePointer<FILE>!) -> Int32 { 0 }
