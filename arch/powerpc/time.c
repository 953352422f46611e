// SPDX-License-Identifier: MIT
/*
 * ppc64 time: the time base (the clock) and the decrementer (the tick that preempts a user
 * task). Source: Power ISA v3.0B Book II, "Time Base", and Book III, "Decrementer".
 *
 * The time base is a 64-bit counter of fixed frequency, 512 MHz on QEMU's pseries, which
 * the device tree gives as /cpus/<cpu>/timebase-frequency (prom_init read it).
 *
 * The decrementer (SPR 22) counts down at the same rate. While its most significant bit is
 * 1, i.e. once it has passed zero, a decrementer exception exists, and it becomes an
 * interrupt at vector 0x900 as soon as MSR[EE] = 1. On Book3S-64 CPUs the condition is a
 * level: it stays pending until software writes a positive value, which is both how we
 * acknowledge a tick and how we arm the next one (QEMU models it so for every 64-bit
 * server CPU, hw/ppc/ppc.c PPC_DECR_UNDERFLOW_LEVEL).
 *
 * When it arrives: the kernel runs with MSR[EE] = 0 (every interrupt clears it), while
 * user mode cannot run without it (MSR_USER; the ISA forces EE on with PR). So the tick
 * interrupts user code, and one that falls due while the kernel runs waits, pending, until
 * the rfid back to user mode. The one exception is the idle loop: H_CEDE (arch_cpu_idle,
 * entry.S) turns EE on while the CPU sleeps, so the tick that wakes it is taken in kernel
 * mode, on the stack of whichever task called schedule() (traps.c), and arch_cpu_idle
 * turns EE off again. Linux does the same with the same register (arch/powerpc/kernel/time.c), if with
 * a one-shot clockevent.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/paca.h>
#include <asm/prom.h>
#include <asm/reg.h>
#include <asm/time.h>

/*
 * QEMU's pseries time base ticks at 512 MHz (hw/ppc/spapr.h SPAPR_TIMEBASE_FREQ); used
 * only if /cpus/<cpu>/timebase-frequency is missing.
 */
#define SPAPR_TIMEBASE_FREQ 512000000UL

/*
 * Time-base ticks between two decrementer interrupts, the same on every CPU. Each CPU has
 * its own decrementer and arms it itself; when its next tick falls due is in its paca.
 */
static u64 tick_period;

/* The time base: a 64-bit counter of fixed frequency (Book II, "Time Base"). */
u64 arch_get_cycles(void)
{
	return mfspr(SPRN_TBRL);
}

u64 arch_cycles_per_sec(void)
{
	return prom.timebase_freq ? prom.timebase_freq : SPAPR_TIMEBASE_FREQ;
}

/*
 * Interrupt when the time base reaches when. The decrementer holds a distance, not a
 * time: write how far away that is. A positive value also ends a pending exception.
 */
static void set_decrementer(u64 when)
{
	u64 now = arch_get_cycles();

	mtspr(SPRN_DEC, when > now ? when - now : 1);
}

void arch_timer_init(unsigned int hz)
{
	u64 tb_hz = arch_cycles_per_sec();

	if (!hz)
		panic("powerpc: timer rate 0 Hz");
	/*
	 * DEC_MAX (~4.2 s) bounds a period; even a decrementer that is only 32 bits wide
	 * (no "large decrementer") must see it as positive.
	 */
	tick_period = tb_hz / hz ? tb_hz / hz : 1;
	if (tick_period > DEC_MAX)
		tick_period = DEC_MAX;
	cpu_timer_init();
	printk("timer:   %u Hz, decrementer (0x900), every %llu ticks of the %llu Hz time base\n",
	       hz, (unsigned long long)tick_period, (unsigned long long)tb_hz);
}

/* This CPU's first tick, one period from now (CPU 0: from arch_timer_init()). */
void cpu_timer_init(void)
{
	struct paca_struct *p = local_paca;

	p->next_tick = arch_get_cycles() + tick_period;
	set_decrementer(p->next_tick);
}

/*
 * 0x900 (traps.c), from user mode or from arch_cpu_idle below. Re-arm one period after
 * the tick that was due, so the rate does not drift with the time the interrupt waited
 * behind kernel work; if we fell a whole period behind (the kernel idled, or QEMU
 * stalled), restart from now instead of firing a burst of late ticks. Then the common
 * tick, which ends the running task's time slice: the task gives the CPU away in
 * exit_to_user_mode(), on entry.S's way out (from idle, schedule() looks at the clock).
 */
void decrementer_interrupt(struct pt_regs *regs)
{
	struct paca_struct *p = local_paca;
	u64 now = arch_get_cycles();

	p->next_tick += tick_period;
	if (p->next_tick <= now)
		p->next_tick = now + tick_period;
	set_decrementer(p->next_tick);
	timer_interrupt(regs);
}

/*
 * No real-time clock is read: pseries gives the time through RTAS's
 * get-time-of-day and powernv through OPAL, firmware calls trapdoor does not
 * make. CLOCK_REALTIME starts at the epoch at boot (docs/processes.md).
 */
u64 arch_read_rtc(void)
{
	return 0;
}
