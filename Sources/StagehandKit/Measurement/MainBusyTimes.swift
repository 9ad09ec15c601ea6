/// Nanoseconds main was busy, by what kept it busy: stored inline, so recording never allocates (an array of
/// constants would be a shared static one, copied on the run's first write).
struct MainBusyTimes {
    private var frame: UInt64 = 0
    private var ui: UInt64 = 0
    private var compute: UInt64 = 0
    private var state: UInt64 = 0
    private var io: UInt64 = 0
    private var overhead: UInt64 = 0

    subscript(work: MainWork) -> UInt64 {
        get {
            switch work {
            case .frame: frame
            case .ui: ui
            case .compute: compute
            case .state: state
            case .io: io
            case .overhead: overhead
            }
        }
        set {
            switch work {
            case .frame: frame = newValue
            case .ui: ui = newValue
            case .compute: compute = newValue
            case .state: state = newValue
            case .io: io = newValue
            case .overhead: overhead = newValue
            }
        }
    }
}
