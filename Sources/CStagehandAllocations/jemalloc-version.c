// jemalloc's version when it is in this process (preloaded for `--allocator jemalloc`), looked up at run time so that
// nothing here links jemalloc. Debian builds it unprefixed (`mallctl`); on Mach-O it prefixes its API with `je_`
// unless built otherwise (jemalloc `configure.ac`).

#define _GNU_SOURCE
#include "CStagehandAllocations.h"

#include <dlfcn.h>
#include <stddef.h>

const char *stagehand_jemalloc_version(void) {
    typedef int (*mallctl_function)(const char *, void *, size_t *, void *, size_t);
    mallctl_function mallctl = (mallctl_function)dlsym(RTLD_DEFAULT, "mallctl");
    if (mallctl == NULL) mallctl = (mallctl_function)dlsym(RTLD_DEFAULT, "je_mallctl");
    const char *version = NULL;
    size_t length = sizeof version;
    if (mallctl == NULL || mallctl("version", &version, &length, NULL, 0) != 0) return NULL;
    return version;
}
