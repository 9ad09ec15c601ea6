#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pointer-sized number each thread has its own copy of (a POSIX thread key, the same on Linux and Darwin), 0 until
/// the thread sets it.
///
/// Stored as a bit pattern, never dereferenced: it needs no destructor, and reading or setting it allocates nothing
/// (after a thread's first set of a key, which glibc may back with a small block), so it can sit on the measured path.
struct ThreadSpecificValue: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed (\(status))")
        self.key = key
    }

    /// The calling thread's value.
    var value: UInt {
        get { UInt(bitPattern: pthread_getspecific(key)) }
        nonmutating set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// The calling thread, as a number no other living thread has.
    static var currentThread: UInt { Platform.currentThread }
}
