#ifndef STAGEHAND_CJEMALLOC_SHIM_H
#define STAGEHAND_CJEMALLOC_SHIM_H
// Linking libjemalloc makes it the process allocator: on Linux it replaces malloc (Debian builds it unprefixed); on
// macOS it makes its malloc zone the default one (jemalloc's INSTALL.md; see AllocationCheck.swift). This header
// gives Swift its statistics interface.
//
// The statistics calls are reached under one name whatever prefix jemalloc was built with (none on Debian; `je_` by
// default on macOS). jemalloc.h keeps its `je_*` names as macros for the real symbols when JEMALLOC_NO_DEMANGLE is
// defined: "stable alternative names for the public jemalloc API ... to provide isolation from the name mangling
// specified via --with-mangling and/or --with-jemalloc-prefix" (jemalloc.h). Swift cannot see macros, hence these
// wrappers.
#define JEMALLOC_NO_DEMANGLE
#include <jemalloc/jemalloc.h>

static inline int stagehand_mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen) {
    return je_mallctl(name, oldp, oldlenp, newp, newlen);
}

static inline int stagehand_mallctlnametomib(const char *name, size_t *mibp, size_t *miblenp) {
    return je_mallctlnametomib(name, mibp, miblenp);
}

static inline int stagehand_mallctlbymib(const size_t *mib, size_t miblen, void *oldp, size_t *oldlenp, void *newp,
                                         size_t newlen) {
    return je_mallctlbymib(mib, miblen, oldp, oldlenp, newp, newlen);
}
#endif
