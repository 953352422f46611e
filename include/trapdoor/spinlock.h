/* SPDX-License-Identifier: MIT */
/*
 * Spinlocks (docs/smp.md, "Locks"): a word taken with an atomic exchange,
 * the owner's CPU number beside it for the debug checks, which are always
 * on: taking a lock this CPU already holds panics ("recursion"), and so does
 * releasing one it does not hold. No CPU holds a spinlock with interrupts
 * enabled (the kernel runs with them masked; only arch_cpu_idle() opens
 * them, and nobody calls it with a lock held), so an interrupt handler may
 * take any lock without deadlocking against its own CPU.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SPINLOCK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SPINLOCK_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

#define SPINLOCK_NO_OWNER (~0U)

typedef struct {
	unsigned int locked; /* 1 while some CPU holds it */
	unsigned int owner;  /* that CPU's number, else SPINLOCK_NO_OWNER */
	const char *name;    /* for the panics */
} spinlock_t;

#define __SPIN_LOCK_UNLOCKED(n) { .locked = 0, .owner = SPINLOCK_NO_OWNER, .name = (n) }
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(#x)

/*
 * Waits until the lock is free and takes it. While it waits it runs what
 * smp_call_function() asked of this CPU (kernel/smp.c), so a caller of that
 * holding the lock never waits for us while we wait for it.
 */
void spin_lock(spinlock_t *lock);
/* Takes the lock if it is free; true if it did. */
bool spin_trylock(spinlock_t *lock);
void spin_unlock(spinlock_t *lock);
/* Whether this CPU holds the lock now. */
bool spin_is_held_by_me(const spinlock_t *lock);

/*
 * The kernel lock: the run queue, the task table, pipes, the tty, wait,
 * exit and kill, the page allocator, address-space changes. docs/smp.md
 * lists who takes it and where.
 */
extern spinlock_t kernel_lock;

#endif
