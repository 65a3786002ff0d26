// The atomic operations Relay and DiffValue use, over C11 `<stdatomic.h>`, so that the package
// needs neither Synchronization (whose `Atomic` sets an OS floor of iOS 18 / macOS 15) nor a
// dependency. Swift cannot import `_Atomic` types, so each function takes the address of a
// plain integer in raw memory the caller owns and treats it as the `_Atomic` integer of the same size
// (checked below). The order arguments are `memory_order` values; every caller passes a
// constant, and each function is always inlined, down to the instructions the order asks for.
#ifndef RELAY_ATOMICS_H
#define RELAY_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(
    sizeof(_Atomic(uint8_t)) == sizeof(uint8_t) && _Alignof(_Atomic(uint8_t)) == _Alignof(uint8_t),
    "an atomic byte is laid out as a byte");
_Static_assert(
    sizeof(_Atomic(uint64_t)) == sizeof(uint64_t)
        && _Alignof(_Atomic(uint64_t)) == _Alignof(uint64_t),
    "an atomic 64-bit integer is laid out as one");
_Static_assert(
    sizeof(_Atomic(intptr_t)) == sizeof(intptr_t)
        && _Alignof(_Atomic(intptr_t)) == _Alignof(intptr_t),
    "an atomic word is laid out as a word");

// Always inlined: a call that the optimizer left out of line (it did so in a client module's
// specialization) costs more than the operation, and keeps the order a run-time switch.
#define RELAY_ATOMIC_INLINE static inline __attribute__((always_inline))

// The Swift side passes these orders as the integers below.
_Static_assert(memory_order_relaxed == 0, "relaxed is 0");
_Static_assert(memory_order_acquire == 2, "acquire is 2");
_Static_assert(memory_order_release == 3, "release is 3");
_Static_assert(memory_order_acq_rel == 4, "acquire-and-release is 4");
_Static_assert(memory_order_seq_cst == 5, "sequentially consistent is 5");

// Load, store, exchange and a strong compare-and-exchange for each size; the fetch operations
// for the signed word, which is all the package uses.
#define RELAY_ATOMIC_DEFINE(NAME, TYPE)                                                          \
  RELAY_ATOMIC_INLINE TYPE relay_atomic_load_##NAME(void *_Nonnull address, int order) {             \
    return atomic_load_explicit((_Atomic(TYPE) *)address, (memory_order)order);                 \
  }                                                                                              \
  RELAY_ATOMIC_INLINE void relay_atomic_store_##NAME(void *_Nonnull address, TYPE value, int order) { \
    atomic_store_explicit((_Atomic(TYPE) *)address, value, (memory_order)order);                \
  }                                                                                              \
  RELAY_ATOMIC_INLINE TYPE relay_atomic_exchange_##NAME(void *_Nonnull address, TYPE value, int order) { \
    return atomic_exchange_explicit((_Atomic(TYPE) *)address, value, (memory_order)order);         \
  }                                                                                              \
  RELAY_ATOMIC_INLINE bool relay_atomic_compare_exchange_##NAME(                                       \
      void *_Nonnull address, TYPE *_Nonnull expected, TYPE desired, int success, int failure) { \
    return atomic_compare_exchange_strong_explicit(                                              \
        (_Atomic(TYPE) *)address, expected, desired, (memory_order)success,                      \
        (memory_order)failure);                                                                  \
  }

RELAY_ATOMIC_DEFINE(u8, uint8_t)
RELAY_ATOMIC_DEFINE(u64, uint64_t)
RELAY_ATOMIC_DEFINE(uword, uintptr_t)
RELAY_ATOMIC_DEFINE(word, intptr_t)

RELAY_ATOMIC_INLINE intptr_t relay_atomic_fetch_add_word(void *_Nonnull address, intptr_t value, int order) {
  return atomic_fetch_add_explicit((_Atomic(intptr_t) *)address, value, (memory_order)order);
}
RELAY_ATOMIC_INLINE intptr_t relay_atomic_fetch_sub_word(void *_Nonnull address, intptr_t value, int order) {
  return atomic_fetch_sub_explicit((_Atomic(intptr_t) *)address, value, (memory_order)order);
}
RELAY_ATOMIC_INLINE intptr_t relay_atomic_fetch_or_word(void *_Nonnull address, intptr_t value, int order) {
  return atomic_fetch_or_explicit((_Atomic(intptr_t) *)address, value, (memory_order)order);
}

#if defined(__linux__)
// A mutex in one 32-bit word, for Linux, where `pthread_mutex_t` takes 40 bytes and a relay or a
// property keeps one each: 0 unlocked, 1 locked, 2 locked and perhaps waited for. The
// uncontended lock is one compare-and-exchange (acquiring) and the unlock one exchange
// (releasing); a contended lock spins briefly, then sleeps on the word with the kernel's futex,
// and an unlock that finds 2 wakes one sleeper (the scheme of glibc's own low-level lock).
// Thread Sanitizer sees the ordering through the atomic operations, which it understands.
// Called, not inlined, as `pthread_mutex_lock` is: a specialization takes many locks, and each
// inlined pair would add its instructions to every value type's code.
_Static_assert(
    sizeof(_Atomic(uint32_t)) == sizeof(uint32_t)
        && _Alignof(_Atomic(uint32_t)) == _Alignof(uint32_t),
    "an atomic 32-bit integer is laid out as one");

/// Takes the mutex at `word`, waiting while another thread holds it; in RelayAtomics.c.
void relay_mutex_lock(void *_Nonnull word);
/// Releases the mutex at `word`, which the calling thread holds; in RelayAtomics.c.
void relay_mutex_unlock(void *_Nonnull word);
/// Sleeps until `word` is woken, unless it no longer holds `expected`; in RelayAtomics.c.
void relay_futex_wait(void *_Nonnull word, uint32_t expected);
/// Wakes every thread sleeping on `word`; in RelayAtomics.c.
void relay_futex_wake_all(void *_Nonnull word);

RELAY_ATOMIC_INLINE uint32_t relay_atomic_load_u32(void *_Nonnull address, int order) {
  return atomic_load_explicit((_Atomic(uint32_t) *)address, (memory_order)order);
}
RELAY_ATOMIC_INLINE void relay_atomic_store_u32(void *_Nonnull address, uint32_t value, int order) {
  atomic_store_explicit((_Atomic(uint32_t) *)address, value, (memory_order)order);
}
#endif

#endif
