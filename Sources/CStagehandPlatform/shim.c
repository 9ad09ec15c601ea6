#ifdef __linux__
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>

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
#endif

// Both platforms: the image that holds an address. glibc declares dladdr only under _GNU_SOURCE (defined above on
// Linux); Darwin declares it in <dlfcn.h> as it is.
#include <dlfcn.h>
#ifndef __linux__
#include "CStagehandPlatform.h"  // included above on Linux
#endif

const char *stagehand_image_path(const void *address) {
    Dl_info info;
    if (dladdr(address, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
