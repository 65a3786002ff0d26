// See MallocCounter.h. On Linux the executable defines malloc and its siblings, which the
// dynamic linker then binds every library's calls to, and forwards to glibc's own entry points.
#include "MallocCounter.h"

#include <stdatomic.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <limits.h>
#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic bool counting = false;
static _Atomic long allocations = 0;
static _Atomic long frees = 0;

static inline void count_allocation(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  void *pointer = __libc_malloc(size);
  count_allocation(pointer);
  return pointer;
}

void free(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
  }
  __libc_free(pointer);
}

void *calloc(size_t count, size_t size) {
  void *pointer = __libc_calloc(count, size);
  count_allocation(pointer);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  void *moved = __libc_realloc(pointer, size);
  if (!pointer) count_allocation(moved);
  return moved;
}

void *memalign(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  count_allocation(pointer);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  void *pointer = memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = pointer;
  return 0;
}

bool malloc_counter_is_available(void) { return true; }

void malloc_counter_start(void) {
  atomic_store(&allocations, 0);
  atomic_store(&frees, 0);
  atomic_store(&counting, true);
}

void malloc_counter_stop(void) { atomic_store(&counting, false); }
long malloc_counter_allocations(void) { return atomic_load(&allocations); }
long malloc_counter_frees(void) { return atomic_load(&frees); }
size_t malloc_counter_bytes_in_use(void) { return mallinfo2().uordblks; }
void malloc_counter_keep_freed_memory(void) { mallopt(M_TRIM_THRESHOLD, INT_MAX); }

#elif defined(__APPLE__)
#include <malloc/malloc.h>

// Apple's allocator is not replaced: its statistics give both figures.
static size_t blocks_at_start = 0;

bool malloc_counter_is_available(void) { return true; }

static malloc_statistics_t statistics(void) {
  malloc_statistics_t result;
  malloc_zone_statistics(NULL, &result);
  return result;
}

void malloc_counter_start(void) { blocks_at_start = statistics().blocks_in_use; }
void malloc_counter_stop(void) {}
long malloc_counter_allocations(void) { return (long)(statistics().blocks_in_use - blocks_at_start); }
long malloc_counter_frees(void) { return 0; }
size_t malloc_counter_bytes_in_use(void) { return statistics().size_in_use; }
void malloc_counter_keep_freed_memory(void) {}

#else
bool malloc_counter_is_available(void) { return false; }
void malloc_counter_start(void) {}
void malloc_counter_stop(void) {}
long malloc_counter_allocations(void) { return 0; }
long malloc_counter_frees(void) { return 0; }
size_t malloc_counter_bytes_in_use(void) { return 0; }
void malloc_counter_keep_freed_memory(void) {}
#endif
