// SPDX-License-Identifier: MIT
/*
 * riscv64 time: the time CSR (the clock) and the supervisor timer interrupt (the tick that
 * preempts a user task).
 *
 * The time CSR is a read-only copy of the platform's mtime counter (Privileged ISA 20211203,
 * 3.2.1; the Zicntr "time" counter), counting at the rate the device tree gives in
 * /cpus/timebase-frequency: 10 MHz on QEMU virt. S-mode may read it because OpenSBI sets
 * mcounteren.TM; U-mode too under QEMU 7.2, though user programs ask the kernel
 * (clock_gettime).
 *
 * The tick. A supervisor timer interrupt is pending (sip.STIP) while time >= a compare value;
 * we set that value one period ahead on every tick. Who owns the compare register:
 *   - with Sstc, S-mode does: the stimecmp CSR, written directly (Sstc 1.0). QEMU 7.2's hart
 *     lists "sstc" in its ISA string, and OpenSBI 1.1 finds it too ("Boot HART ISA
 *     Extensions: time,sstc" in its banner) and sets menvcfg.STCE, without which S-mode's
 *     access to stimecmp would trap;
 *   - without, M-mode does (mtimecmp in the ACLINT): we ask OpenSBI with the SBI call
 *     sbi_set_timer() (SBI v1.0.0, chapter 6), a round trip through M-mode on every tick.
 * Linux picks the same way (drivers/clocksource/timer-riscv.c). Either write of a future
 * value also clears STIP, which acknowledges the interrupt.
 *
 * When it arrives: sie.STIE enables it, and in U-mode S-mode interrupts are always taken
 * (4.1.1.2), while S-mode takes them only if sstatus.SIE = 1, which the kernel sets for one
 * instruction in arch_cpu_idle() (entry.S), after wfi. So the tick interrupts user code and
 * the idle loop only; one that falls due while the kernel runs elsewhere waits, pending,
 * until the sret back to U-mode.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/io.h>
#include <asm/csr.h>
#include <asm/dt.h>
#include <asm/sbi.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* QEMU virt's timebase (RISCV_ACLINT_DEFAULT_TIMEBASE_FREQ), if the tree does not say. */
static u64 timebase_hz = RISCV_TIMEBASE_DEFAULT;

static bool have_sstc;	/* stimecmp is ours; else the SBI's sbi_set_timer() */
static u64 tick_period; /* time CSR ticks between two timer interrupts */
/* The compare value each CPU has armed now: every hart has its own timer (stimecmp or mtimecmp). */
static u64 next_tick[NR_CPUS];

/* /cpus/timebase-frequency: how fast the time CSR (rdtime) counts (dt.c). */
void riscv_time_init(const void *fdt)
{
	const char *why = riscv_dt_timebase(fdt, &timebase_hz);

	if (why)
		printk("riscv: device tree: %s: the time CSR at QEMU virt's %llu Hz\n", why,
		       (unsigned long long)timebase_hz);
}

/* The time CSR: a constant-rate counter (timebase), readable in S-mode and U-mode. */
u64 arch_get_cycles(void)
{
	return csr_read(time);
}

u64 arch_cycles_per_sec(void)
{
	return timebase_hz;
}

/* Raise the timer interrupt once time reaches when; clears a pending one until then. */
static void set_timer(u64 when)
{
	if (have_sstc)
		__asm__ __volatile__("csrw %0, %1" : : "i"(CSR_STIMECMP), "r"(when) : "memory");
	else
		sbi_ecall(SBI_EXT_TIME, SBI_TIME_SET_TIMER, when, 0);
}

void arch_timer_init(unsigned int hz)
{
	if (!hz)
		panic("riscv: timer rate 0 Hz");
	have_sstc = riscv_isa_extension("sstc");
	/* SBI v0.2+ lists its extensions; probe returns 0 for one it does not have (4.4). */
	if (!have_sstc && sbi_ecall(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_TIME, 0).value == 0)
		panic("riscv: no Sstc and no SBI timer extension: nothing can drive the tick");

	tick_period = timebase_hz / hz ? timebase_hz / hz : 1;
	riscv_timer_start_cpu();
	printk("timer:   %u Hz, %s, every %llu ticks of the %llu Hz time CSR\n", hz,
	       have_sstc ? "Sstc stimecmp" : "SBI set_timer", (unsigned long long)tick_period,
	       (unsigned long long)timebase_hz);
}

/*
 * This CPU's tick, at the rate arch_timer_init() chose: CPU 0 from there, every other CPU as it
 * starts (smp.c). Each hart compares the shared time CSR with its own compare register, so the
 * ticks of different CPUs are independent.
 */
void riscv_timer_start_cpu(void)
{
	u64 *next = &next_tick[smp_processor_id()];

	*next = arch_get_cycles() + tick_period;
	/* Arm first: with Sstc, stimecmp may hold anything (0 after reset: pending at once). */
	set_timer(*next);
	csr_set(sie, SIE_STIE);
}

/*
 * The supervisor timer interrupt, taken in U-mode or in arch_cpu_idle() (entry.S). Re-arm
 * one period after the tick that was due, so the rate does not drift with our own latency;
 * but if we fell more than a period behind (QEMU's TCG can stall the guest), restart from
 * now rather than fire a burst of ticks to catch up. Then the common tick: it ends the
 * running task's slice.
 */
void riscv_timer_interrupt(struct pt_regs *regs)
{
	u64 now = arch_get_cycles(), *next = &next_tick[smp_processor_id()];

	*next += tick_period;
	if (*next <= now)
		*next = now + tick_period;
	set_timer(*next);
	timer_interrupt(regs);
}

/*
 * QEMU virt's Goldfish real-time clock (hw/riscv/virt.c, VIRT_RTC): nanoseconds
 * since 1970 in TIME_HIGH:TIME_LOW; reading TIME_LOW latches TIME_HIGH.
 */
#define GOLDFISH_RTC_BASE (PAGE_OFFSET + 0x101000UL)
#define TIME_LOW	  0x00
#define TIME_HIGH	  0x04

u64 arch_read_rtc(void)
{
	u64 lo = readl(GOLDFISH_RTC_BASE + TIME_LOW);
	u64 hi = readl(GOLDFISH_RTC_BASE + TIME_HIGH);

	return (hi << 32 | lo) / 1000000000ULL;
}
