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
public func getenv(_ name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { nil }
public typealias pid_t = Int32
public func getpid() -> pid_t { 0 }
public func getppid() -> pid_t { 0 }
public func fopen(_ path: UnsafePointer<CChar>!, _ mode: UnsafePointer<CChar>!) -> UnsafeMutablePointer<FILE>! { nil }
@discardableResult public func fputs(_ s: UnsafePointer<CChar>!, _ stream: UnsafeMutablePointer<FILE>!) -> Int32 { 0 }
@discardableResult public func fclose(_ stream: UnsafeMutablePointer<FILE>!) -> Int32 { 0 }
// Mach, for a thread's CPU time: as <mach/*.h> and <pthread.h> declare them (user space), imported.
public typealias __darwin_natural_t = UInt32
public typealias natural_t = __darwin_natural_t
public typealias integer_t = Int32
public typealias __darwin_mach_port_name_t = __darwin_natural_t
public typealias __darwin_mach_port_t = __darwin_mach_port_name_t
public typealias mach_port_t = __darwin_mach_port_t
public typealias thread_act_t = mach_port_t
public typealias thread_inspect_t = mach_port_t
public typealias kern_return_t = Int32
public var KERN_SUCCESS: Int32 { 0 }
public typealias mach_msg_type_number_t = natural_t
public typealias thread_flavor_t = natural_t
public typealias thread_info_t = UnsafeMutablePointer<integer_t>
public typealias policy_t = Int32
public var THREAD_BASIC_INFO: Int32 { 3 }
public struct time_value {
    public var seconds: integer_t
    public var microseconds: integer_t
    public init() { seconds = 0; microseconds = 0 }
    public init(seconds: integer_t, microseconds: integer_t) { self.seconds = seconds; self.microseconds = microseconds }
}
public typealias time_value_t = time_value
public struct thread_basic_info {
    public var user_time: time_value_t
    public var system_time: time_value_t
    public var cpu_usage: integer_t
    public var policy: policy_t
    public var run_state: integer_t
    public var flags: integer_t
    public var suspend_count: integer_t
    public var sleep_time: integer_t
    public init() { self.init(user_time: time_value_t(), system_time: time_value_t(), cpu_usage: 0, policy: 0, run_state: 0, flags: 0, suspend_count: 0, sleep_time: 0) }
    public init(user_time: time_value_t, system_time: time_value_t, cpu_usage: integer_t, policy: policy_t, run_state: integer_t, flags: integer_t, suspend_count: integer_t, sleep_time: integer_t) {
        self.user_time = user_time; self.system_time = system_time; self.cpu_usage = cpu_usage; self.policy = policy
        self.run_state = run_state; self.flags = flags; self.suspend_count = suspend_count; self.sleep_time = sleep_time
    }
}
public typealias thread_basic_info_data_t = thread_basic_info
public typealias thread_basic_info_t = UnsafeMutablePointer<thread_basic_info>
public func thread_info(_ target_act: thread_inspect_t, _ flavor: thread_flavor_t, _ thread_info_out: thread_info_t!, _ thread_info_outCnt: UnsafeMutablePointer<mach_msg_type_number_t>!) -> kern_return_t { 0 }
public func pthread_mach_thread_np(_ thread: pthread_t!) -> mach_port_t { 0 }
