// The atomic operations are `static inline` functions in the header, compiled into the code
// that calls them; this file holds the Linux mutex and condition, which call the kernel.
#include "RelayAtomics.h"

#if defined(__linux__)
#include <errno.h>
#include <limits.h>
#include <sys/syscall.h>
#include <unistd.h>

// From <linux/futex.h>, which a musl SDK may not ship.
#define RELAY_FUTEX_WAIT_PRIVATE 128
#define RELAY_FUTEX_WAKE_PRIVATE 129

// A futex call, leaving `errno` as it found it: a wait that finds the word changed fails with
// EAGAIN, and a lock, like `pthread_mutex_lock`, must not change what its caller reads there.
static void relay_futex(void *_Nonnull word, int operation, uint32_t value) {
  int saved = errno;
  syscall(SYS_futex, word, operation, value, NULL, NULL, 0);
  errno = saved;
}

static void relay_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

void relay_mutex_lock(void *_Nonnull word) {
  _Atomic(uint32_t) *state = (_Atomic(uint32_t) *)word;
  uint32_t expected = 0;
  if (atomic_compare_exchange_strong_explicit(
          state, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
    return;
  }
  // A holder on another core usually lets go within a short critical section: spin first.
  for (int spin = 0; spin < 100; spin++) {
    relay_pause();
    expected = 0;
    if (atomic_load_explicit(state, memory_order_relaxed) == 0
        && atomic_compare_exchange_weak_explicit(
            state, &expected, 1, memory_order_acquire, memory_order_relaxed)) {
      return;
    }
  }
  // Marked 2 while anyone may sleep, so that the unlock wakes one; the woken thread marks it 2
  // again, for the others.
  while (atomic_exchange_explicit(state, 2, memory_order_acquire) != 0) {
    relay_futex(word, RELAY_FUTEX_WAIT_PRIVATE, 2);
  }
}

void relay_mutex_unlock(void *_Nonnull word) {
  if (atomic_exchange_explicit((_Atomic(uint32_t) *)word, 0, memory_order_release) == 2) {
    relay_futex(word, RELAY_FUTEX_WAKE_PRIVATE, 1);
  }
}

void relay_futex_wait(void *_Nonnull word, uint32_t expected) {
  relay_futex(word, RELAY_FUTEX_WAIT_PRIVATE, expected);
}

void relay_futex_wake_all(void *_Nonnull word) {
  relay_futex(word, RELAY_FUTEX_WAKE_PRIVATE, INT_MAX);
}
#endif
