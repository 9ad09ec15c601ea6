#ifndef STAGEHAND_CJEMALLOC_SHIM_H
#define STAGEHAND_CJEMALLOC_SHIM_H
// Linking libjemalloc (unprefixed, as Debian builds it) makes it the process
// allocator; this header gives Swift its statistics interface (mallctl).
#include <jemalloc/jemalloc.h>
#endif
