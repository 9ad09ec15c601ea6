// Per-thread allocation counters that never allocate themselves: a fixed table of slots in static storage, claimed by
// a thread at its first allocation and given back, counts folded into a running total, when the thread exits.

#include "counter.h"
#include "CStagehandAllocations.h"

#include <pthread.h>
#include <string.h>

enum { SLOT_COUNT = 1024 };

stagehand_counter_slot stagehand_shared_slot;
atomic_bool stagehand_hooks_installed = false;

/// Guards the table's bookkeeping and the total of exited threads, so a reader never sees a count twice or not at all.
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static stagehand_counter_slot slots[SLOT_COUNT];
/// Slots never claimed start at `next_unclaimed`; slots given back wait in `returned`.
static int next_unclaimed = 0;
static int returned[SLOT_COUNT];
static int returned_count = 0;
/// What threads that have exited counted, less what they kept out.
static uint64_t exited_allocations = 0;
static uint64_t exited_bytes = 0;

/// A slot's counts less what its thread kept out (`stagehand_allocations_exclude_since`). Read while its thread
/// allocates, the two loads can straddle a box and its exclusion: one allocation short, only in a sample taken while
/// user code runs.
static stagehand_allocation_totals slot_counted(stagehand_counter_slot *slot) {
    stagehand_allocation_totals totals;
    totals.allocations = atomic_load_explicit(&slot->allocations, memory_order_relaxed)
        - atomic_load_explicit(&slot->excluded_allocations, memory_order_relaxed);
    totals.bytes = atomic_load_explicit(&slot->bytes, memory_order_relaxed)
        - atomic_load_explicit(&slot->excluded_bytes, memory_order_relaxed);
    return totals;
}

static void give_back(void *value);

// Per thread: its slot, and whether it is claiming one (an allocation the claim itself makes then goes to the shared
// slot). Thread-locals on Linux; pthread keys on Darwin (counter.h says why). Either way a key's destructor gives the
// slot back as the thread exits.
#if defined(__APPLE__)
pthread_key_t stagehand_slot_key;
static pthread_key_t claiming_key;

pthread_key_t stagehand_inside_call_key;

int stagehand_counter_prepare(void) {
    int status = pthread_key_create(&stagehand_slot_key, give_back);
    if (status == 0) status = pthread_key_create(&claiming_key, NULL);
    return status != 0 ? status : pthread_key_create(&stagehand_inside_call_key, NULL);
}

static bool is_claiming(void) { return pthread_getspecific(claiming_key) != NULL; }
static void set_claiming(bool claiming) { pthread_setspecific(claiming_key, claiming ? &claiming_key : NULL); }
static void set_slot(stagehand_counter_slot *slot) { pthread_setspecific(stagehand_slot_key, slot); }
static void give_back_at_exit(stagehand_counter_slot *slot) { (void)slot; }  // the slot key's own destructor
#else
_Thread_local stagehand_counter_slot *stagehand_thread_slot = NULL;
_Thread_local bool stagehand_inside_call_flag = false;
static _Thread_local bool claiming = false;
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static void make_exit_key(void) { pthread_key_create(&exit_key, give_back); }
static bool is_claiming(void) { return claiming; }
static void set_claiming(bool value) { claiming = value; }
static void set_slot(stagehand_counter_slot *slot) { stagehand_thread_slot = slot; }
static void give_back_at_exit(stagehand_counter_slot *slot) {
    pthread_once(&exit_key_once, make_exit_key);
    pthread_setspecific(exit_key, slot);
}
#endif

/// Runs as a thread exits: folds its counts into the total and gives its slot back.
static void give_back(void *value) {
    stagehand_counter_slot *slot = value;
    if (slot == NULL || slot == &stagehand_shared_slot) return;
    pthread_mutex_lock(&table_lock);
    stagehand_allocation_totals counted = slot_counted(slot);
    exited_allocations += counted.allocations;
    exited_bytes += counted.bytes;
    atomic_store_explicit(&slot->allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&slot->bytes, 0, memory_order_relaxed);
    atomic_store_explicit(&slot->excluded_allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&slot->excluded_bytes, 0, memory_order_relaxed);
    returned[returned_count++] = (int)(slot - slots);
    pthread_mutex_unlock(&table_lock);
    // An allocation by a later destructor on this thread claims a slot again, and sets the key again, so POSIX runs
    // this once more for it (up to PTHREAD_DESTRUCTOR_ITERATIONS rounds).
    set_slot(NULL);
}

stagehand_counter_slot *stagehand_claim_slot(void) {
    if (is_claiming()) return &stagehand_shared_slot;
    set_claiming(true);
    stagehand_counter_slot *slot = &stagehand_shared_slot;
    pthread_mutex_lock(&table_lock);
    if (returned_count > 0) {
        slot = &slots[returned[--returned_count]];
    } else if (next_unclaimed < SLOT_COUNT) {
        slot = &slots[next_unclaimed++];
    }
    pthread_mutex_unlock(&table_lock);
    if (slot != &stagehand_shared_slot) give_back_at_exit(slot);
    set_slot(slot);
    set_claiming(false);
    return slot;
}

stagehand_allocation_totals stagehand_allocations_process(void) {
    stagehand_allocation_totals totals;
    pthread_mutex_lock(&table_lock);
    totals.allocations = exited_allocations;
    totals.bytes = exited_bytes;
    for (int index = 0; index < next_unclaimed; index++) {
        stagehand_allocation_totals counted = slot_counted(&slots[index]);
        totals.allocations += counted.allocations;
        totals.bytes += counted.bytes;
    }
    pthread_mutex_unlock(&table_lock);
    // The shared slot keeps nothing out: a thread counting on it has no count of its own to take a mark from.
    totals.allocations += atomic_load_explicit(&stagehand_shared_slot.allocations, memory_order_relaxed);
    totals.bytes += atomic_load_explicit(&stagehand_shared_slot.bytes, memory_order_relaxed);
    return totals;
}

void stagehand_allocations_exclude_since(stagehand_allocation_totals before) {
    if (before.allocations == 0 && before.bytes == 0) return;  // no slot then: a difference would mean nothing
    stagehand_allocation_totals now = stagehand_allocations_thread();
    if (now.allocations <= before.allocations) return;  // nothing allocated, or no slot now
    // The thread has a slot of its own (its count moved): only it writes the slot's tally, which every total reads,
    // so keeping out takes no read-modify-write shared between threads.
    stagehand_counter_slot *slot = stagehand_current_slot();
    uint64_t allocations = atomic_load_explicit(&slot->excluded_allocations, memory_order_relaxed);
    uint64_t bytes = atomic_load_explicit(&slot->excluded_bytes, memory_order_relaxed);
    atomic_store_explicit(&slot->excluded_allocations, allocations + (now.allocations - before.allocations),
                          memory_order_relaxed);
    atomic_store_explicit(&slot->excluded_bytes, bytes + (now.bytes - before.bytes), memory_order_relaxed);
}

int stagehand_allocations_thread_counted(stagehand_allocation_totals *totals) {
    totals->allocations = 0;
    totals->bytes = 0;
    if (!atomic_load_explicit(&stagehand_hooks_installed, memory_order_acquire)) return 0;
    stagehand_counter_slot *slot = stagehand_current_slot();
    if (slot == NULL) return 1;  // nothing allocated yet: its first allocation claims a slot that starts at 0
    if (slot == &stagehand_shared_slot) return 0;  // counted with other threads: no count of its own to read
    *totals = slot_counted(slot);
    return 1;
}

stagehand_allocation_totals stagehand_allocations_thread(void) {
    stagehand_allocation_totals totals = {0, 0};
    // Without the hooks there is no slot to read; on Darwin the slot key may not even exist yet (key 0 would read the
    // thread's own `pthread_t` as a slot).
    if (!atomic_load_explicit(&stagehand_hooks_installed, memory_order_acquire)) return totals;
    stagehand_counter_slot *slot = stagehand_current_slot();
    if (slot == NULL || slot == &stagehand_shared_slot) return totals;
    totals.allocations = atomic_load_explicit(&slot->allocations, memory_order_relaxed);
    totals.bytes = atomic_load_explicit(&slot->bytes, memory_order_relaxed);
    return totals;
}

int stagehand_allocations_installed(void) {
    return atomic_load_explicit(&stagehand_hooks_installed, memory_order_acquire) ? 1 : 0;
}

void *stagehand_allocations_call_through(void *(*allocate)(size_t), size_t size) {
    bool outermost = stagehand_call_begin();
    return stagehand_call_end(outermost, allocate(size), size);
}

size_t stagehand_counter_slot_size(void) { return sizeof(stagehand_counter_slot); }

size_t stagehand_counter_slot_alignment(void) { return _Alignof(stagehand_counter_slot); }
