#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include "CStagehandPlatform.h"

int stagehand_allowed_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &set)) continue;
        if (count < capacity) cpus[count] = cpu;
        count++;
    }
    return count;
}

int stagehand_restrict_to_cpus(const int *cpus, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int index = 0; index < count; index++) {
        if (cpus[index] < 0 || cpus[index] >= CPU_SETSIZE) {
            errno = EINVAL;
            return -1;
        }
        CPU_SET(cpus[index], &set);
    }
    return sched_setaffinity(0, sizeof(set), &set);
}

int stagehand_thread_core_wait(uint64_t *nanoseconds, int32_t *thread) {
    static __thread int file = -1;
    if (file < 0) {
        file = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        if (file < 0) return -1;
    }
    char text[96];
    ssize_t count = pread(file, text, sizeof(text) - 1, 0);
    if (count <= 0) return -1;
    // "<time on a core> <time waiting for one> <timeslices>\n": the second number.
    ssize_t at = 0;
    while (at < count && text[at] != ' ') at++;
    if (at++ >= count || at >= count || text[at] < '0' || text[at] > '9') return -1;
    uint64_t value = 0;
    for (; at < count && text[at] >= '0' && text[at] <= '9'; at++) value = value * 10 + (uint64_t)(text[at] - '0');
    *nanoseconds = value;
    *thread = (int32_t)gettid();
    return 0;
}

#endif

#ifdef __APPLE__
// Written against the macOS SDK's headers; not built here (CI verifies Linux).
#include <mach/mach.h>
#include <pthread/qos.h>
#include <sys/qos.h>

#include "CStagehandPlatform.h"

int stagehand_resident_bytes(uint64_t *bytes) {
    mach_task_basic_info_data_t info;
    mach_msg_type_number_t count = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return -1;
    *bytes = info.resident_size;
    return 0;
}

int stagehand_raise_to_user_interactive(void) { return pthread_set_qos_class_self_np(QOS_CLASS_USER_INTERACTIVE, 0); }

unsigned stagehand_thread_qos_class(void) { return (unsigned)qos_class_self(); }
#endif

// Both platforms: the image that holds an address. glibc declares dladdr only under _GNU_SOURCE (defined above on
// Linux); Darwin declares it in <dlfcn.h> as it is.
#include <dlfcn.h>
#if !defined(__linux__) && !defined(__APPLE__)
#include "CStagehandPlatform.h"  // included above on Linux and Darwin
#endif

const char *stagehand_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
