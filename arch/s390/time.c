// SPDX-License-Identifier: MIT
/*
 * s390x time: the TOD clock (the counter) and the clock comparator (the tick
 * that preempts a user task).
 *
 * The TOD (time-of-day) clock is one 64-bit counter per machine whose bit 51
 * ticks every microsecond (asm/processor.h). The clock comparator is a 64-bit
 * register beside it: while the TOD clock is greater than the comparator, a
 * clock-comparator external interruption (code 0x1004) is pending; setting
 * the comparator into the future (SET CLOCK COMPARATOR, privileged) withdraws
 * it (PoP 4, "Clock Comparator"). So the comparator is an absolute deadline
 * on the very clock arch_get_cycles() reads: arming the next tick is one
 * instruction and needs no acknowledgement beyond it.
 *
 * Why not the CPU timer (the other s390 timer, a decrementer of CPU time)?
 * Either would do; the comparator shares its time base with the clock that
 * nanosleep() and the scheduler's idle loop already read.
 *
 * Every CPU has a clock comparator of its own and all compare with the one
 * TOD clock: each CPU arms its own for its own ticks (arch_timer_init() on
 * CPU 0, s390_timer_init_cpu() on the others, smp.c), one period apart.
 *
 * When it arrives: only with CR0's clock-comparator subclass bit set (the
 * others we enable are the emergency signal, IPIs, and on CPU 0 the SCLP
 * service signal, console input) and
 * the PSW's EX bit set, which only a user task's PSW has, and the enabled
 * wait of the idle kernel (arch_cpu_idle(), entry.S). A tick that
 * falls due while the kernel runs stays pending until the lpswe back to user
 * mode or into that wait, which then takes it at once.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/ctlreg.h>
#include <asm/processor.h>
#include <asm/smp.h>
#include <asm/traps.h>

static u64 tick_period;	       /* TOD units between two ticks */
static u64 next_tick[NR_CPUS]; /* the comparator value each CPU armed now */

u64 arch_get_cycles(void)
{
	return get_tod_clock_fast();
}

u64 arch_cycles_per_sec(void)
{
	return TOD_CLOCK_HZ;
}

/* SET CLOCK COMPARATOR: pending from the moment the TOD clock passes when. */
static void set_clock_comparator(u64 when)
{
	__asm__ __volatile__("sckc	%0" : : "Q"(when) : "memory");
}

void arch_timer_init(unsigned int hz)
{
	if (!hz)
		panic("s390: timer rate 0 Hz");
	tick_period = TOD_CLOCK_HZ / hz;
	next_tick[0] = arch_get_cycles() + tick_period;
	/* Arm before enabling: after a reset the comparator is 0, pending at once. */
	set_clock_comparator(next_tick[0]);
	/*
	 * The clock comparator, and none of the subclasses a reset leaves on;
	 * the service signal stays as the console set it (console.c).
	 */
	set_cr0((get_cr0() & ~(CR0_EXTERNAL_SUBMASKS & ~CR0_SERVICE_SIGNAL_SUBMASK)) |
		CR0_CLOCK_COMPARATOR_SUBMASK);
	printk("timer:   %u Hz, clock comparator, every %llu TOD units (%llu us)\n", hz,
	       (unsigned long long)tick_period,
	       (unsigned long long)(tick_period / TOD_UNITS_PER_USEC));
}

/*
 * The tick of a CPU other than 0, at the rate CPU 0's arch_timer_init() set:
 * armed before secondary_entry (head.S) enables anything, and CR0 lets it
 * through (arch_cpu_up() in smp.c prepared CR0 so).
 */
void s390_timer_init_cpu(void)
{
	unsigned int cpu = smp_processor_id();

	next_tick[cpu] = arch_get_cycles() + tick_period;
	set_clock_comparator(next_tick[cpu]);
	set_cr0(get_cr0() | CR0_CLOCK_COMPARATOR_SUBMASK);
}

/*
 * One tick on this CPU, taken in user mode or in the idle wait (traps.c, do_trap()).
 * Re-arm one period after the deadline that just passed, so the rate does not drift with
 * our own latency; but if we fell more than a period behind (QEMU's TCG can
 * stall the guest), start again from now rather than fire a burst of ticks to
 * catch up. Re-arming is also the acknowledgement. Then the common tick: it
 * ends the running task's time slice, and exit_to_user_mode() acts on that.
 */
void clock_comparator_interrupt(struct pt_regs *regs)
{
	u64 now = arch_get_cycles(), *next = &next_tick[smp_processor_id()];

	*next += tick_period;
	if (*next <= now)
		*next = now + tick_period;
	set_clock_comparator(*next);
	timer_interrupt(regs);
}

/* The TOD clock counts from 1900-01-01 (PoP 4, "TOD Clock"); QEMU starts it at the host's time. */
#define TOD_UNIX_EPOCH_SECONDS 2208988800ULL /* 1900 to 1970, 17 leap days */

u64 arch_read_rtc(void)
{
	u64 secs = get_tod_clock_fast() / TOD_CLOCK_HZ;

	return secs > TOD_UNIX_EPOCH_SECONDS ? secs - TOD_UNIX_EPOCH_SECONDS : 0;
}
