// SPDX-License-Identifier: MIT
/*
 * Spinlocks (include/trapdoor/spinlock.h, docs/smp.md): GCC's __atomic
 * builtins, so no architecture needs assembly of its own for them. Each CPU
 * counts the locks it holds (cpu_info.locks_held), which lets schedule()
 * check that nothing but the kernel lock is held across a context switch.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/smp.h>
#include <trapdoor/spinlock.h>

DEFINE_SPINLOCK(kernel_lock);

bool spin_is_held_by_me(const spinlock_t *lock)
{
	return __atomic_load_n(&lock->locked, __ATOMIC_RELAXED) &&
	       READ_ONCE(lock->owner) == smp_processor_id();
}

static void spin_acquired(spinlock_t *lock)
{
	struct cpu_info *c = this_cpu();

	WRITE_ONCE(lock->owner, c->cpu);
	c->locks_held++;
}

bool spin_trylock(spinlock_t *lock)
{
	if (spin_is_held_by_me(lock))
		panic("spinlock %s: recursion on CPU%u", lock->name, smp_processor_id());
	if (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE))
		return false;
	spin_acquired(lock);
	return true;
}

void spin_lock(spinlock_t *lock)
{
	if (spin_is_held_by_me(lock))
		panic("spinlock %s: recursion on CPU%u", lock->name, smp_processor_id());
	while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE)) {
		/* Read-only while it is taken, so the line is not bounced between CPUs. */
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED)) {
			smp_call_pending(); /* the holder may wait for us in smp_call_function() */
			cpu_relax(); /* lets the holder run: a hyperthread, or QEMU's next vCPU on one host thread */
		}
	}
	spin_acquired(lock);
}

void spin_unlock(spinlock_t *lock)
{
	struct cpu_info *c = this_cpu();

	if (!spin_is_held_by_me(lock))
		panic("spinlock %s: released by CPU%u, which does not hold it (owner %d)",
		      lock->name, c->cpu, (int)READ_ONCE(lock->owner));
	c->locks_held--;
	WRITE_ONCE(lock->owner, SPINLOCK_NO_OWNER);
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}
