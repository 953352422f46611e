// SPDX-License-Identifier: MIT
/*
 * kernel/spinlock.c's debug checks (docs/smp.md, "Locks"): taking a lock
 * this CPU holds and releasing one it does not hold must panic (on the host,
 * panic() aborts: tests/host/arch_stubs.c); each CPU counts the locks it
 * holds. The CPU is tests/host/asm/smp.h's host_cpu.
 */
#include <criterion/criterion.h>
#include <signal.h>

#include <trapdoor/smp.h>
#include <trapdoor/spinlock.h>

extern unsigned int host_cpu;

static DEFINE_SPINLOCK(test_lock);

Test(spinlock, lock_and_unlock_count_the_locks_held)
{
	DEFINE_SPINLOCK(other);

	host_cpu = 1;
	cr_assert_eq(cpu_info[1].locks_held, 0);
	spin_lock(&test_lock);
	cr_expect(spin_is_held_by_me(&test_lock));
	cr_expect_eq(test_lock.owner, 1);
	spin_lock(&other);
	cr_expect_eq(cpu_info[1].locks_held, 2);
	spin_unlock(&other);
	spin_unlock(&test_lock);
	cr_expect_eq(cpu_info[1].locks_held, 0);
	cr_expect_eq(test_lock.locked, 0);
	cr_expect_eq(test_lock.owner, SPINLOCK_NO_OWNER);
	cr_expect_not(spin_is_held_by_me(&test_lock));
}

Test(spinlock, held_by_another_cpu_is_not_mine_and_trylock_fails)
{
	host_cpu = 0;
	spin_lock(&test_lock);
	host_cpu = 2;
	cr_expect_not(spin_is_held_by_me(&test_lock));
	cr_expect_not(spin_trylock(&test_lock));
	cr_expect_eq(cpu_info[2].locks_held, 0, "a failed trylock counted a lock");
	host_cpu = 0;
	spin_unlock(&test_lock);
	host_cpu = 2;
	cr_expect(spin_trylock(&test_lock));
	cr_expect_eq(cpu_info[2].locks_held, 1);
	spin_unlock(&test_lock);
}

Test(spinlock, recursion_panics, .signal = SIGABRT, .timeout = 5)
{
	host_cpu = 0;
	spin_lock(&test_lock);
	spin_lock(&test_lock);
}

Test(spinlock, trylock_recursion_panics, .signal = SIGABRT)
{
	host_cpu = 0;
	spin_lock(&test_lock);
	spin_trylock(&test_lock);
}

Test(spinlock, release_by_another_cpu_panics, .signal = SIGABRT)
{
	host_cpu = 0;
	spin_lock(&test_lock);
	host_cpu = 1;
	spin_unlock(&test_lock);
}

Test(spinlock, release_of_a_free_lock_panics, .signal = SIGABRT)
{
	host_cpu = 3;
	spin_unlock(&test_lock);
}
