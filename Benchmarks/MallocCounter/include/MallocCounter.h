// Counts the heap allocations the Benchmarks process makes while counting is on, for the
// footprint group: how many allocations, and how many bytes in use, each object costs.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdbool.h>
#include <stddef.h>

/// Whether this platform counts allocations (Linux with glibc: the counter replaces malloc).
bool malloc_counter_is_available(void);
/// Starts counting allocations (and frees) from zero.
void malloc_counter_start(void);
/// Stops counting.
void malloc_counter_stop(void);
/// The allocations counted since the last start.
long malloc_counter_allocations(void);
/// The frees counted since the last start.
long malloc_counter_frees(void);
/// The bytes the allocator holds for the process's live allocations (its statistics, chunk
/// headers and rounding included).
size_t malloc_counter_bytes_in_use(void);
/// Keeps freed memory in the allocator rather than handing it back to the system (glibc's trim
/// threshold raised to its largest; elsewhere nothing), so that objects made after others were
/// freed reuse their memory, as in an app that keeps making and dropping them.
void malloc_counter_keep_freed_memory(void);

#endif
