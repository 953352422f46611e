// SPDX-License-Identifier: MIT
/*
 * Time on x86_64: the TSC is the cycle counter, the local APIC timer
 * (drivers/apic.c) the scheduler tick.
 *
 * The TSC counts at a constant rate that CPUID may state (leaf 0x15 or
 * 0x16); where it does not (QEMU's TCG), we measure it against the 8254 PIT,
 * whose rate is fixed. The APIC timer's own clock is not architectural
 * either, so arch_timer_init() measures it against the TSC.
 *
 * The tick is delivered while user code runs, or to wake an idle CPU: the
 * kernel runs with IF = 0 from every entry to every exit (syscall's
 * MSR_SYSCALL_MASK, interrupt gates), so a tick that comes due in the kernel
 * stays pending in the APIC's IRR and is delivered the moment sysretq or
 * iretq sets IF again in ring 3, or arch_cpu_idle() (entry.S) sets it
 * around its hlt.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/setup.h>

#define CPUID_VENDOR	  0x00000000 /* eax: highest basic leaf */
#define CPUID_TSC_CRYSTAL 0x00000015 /* TSC/crystal ratio and crystal Hz */
#define CPUID_FREQUENCY	  0x00000016 /* base frequency in MHz */


/* The 8254 PIT (Intel 8254 datasheet): a 1.193182 MHz clock, 14.31818 MHz / 12. */
#define PIT_HZ		    1193182
#define PIT_CH0		    0x40	   /* channel 0 counter port */
#define PIT_COMMAND	    0x43	   /* mode/command register */
#define PIT_CMD_CH0	    0x00	   /* bits 7:6: select channel 0 */
#define PIT_CMD_LOHI	    0x30	   /* bits 5:4: access low byte, then high byte */
#define PIT_CMD_MODE0	    0x00	   /* bits 3:1: mode 0, count down once */
#define PIT_CMD_LATCH	    0x00	   /* bits 5:4 = 0: latch the count for reading */
#define PIT_CALIBRATE_TICKS (PIT_HZ / 100) /* 10 ms */
#define PIT_MAX_READS	    (1 << 22)	   /* give up if the count never moves: no PIT */

#define TSC_FALLBACK_HZ 1000000000ULL /* 1 GHz, if nothing tells us better */

static u64 tsc_hz;

/* Leaf 0x15 (TSC = crystal * ebx / eax) or 0x16 (base MHz): SDM Vol. 2A, CPUID. */
static u64 tsc_hz_from_cpuid(void)
{
	u32 cpuid_max_leaf, eax, ebx, ecx, edx;

	cpuid(CPUID_VENDOR, &cpuid_max_leaf, &ebx, &ecx, &edx);
	if (cpuid_max_leaf >= CPUID_TSC_CRYSTAL) {
		cpuid(CPUID_TSC_CRYSTAL, &eax, &ebx, &ecx, &edx);
		if (eax && ebx && ecx)
			return (u64)ecx * ebx / eax;
	}
	if (cpuid_max_leaf >= CPUID_FREQUENCY) {
		cpuid(CPUID_FREQUENCY, &eax, &ebx, &ecx, &edx);
		if (eax & 0xffff)
			return (u64)(eax & 0xffff) * 1000000;
	}
	return 0;
}

static u16 pit_read_ch0(void)
{
	u8 lo, hi;

	outb(PIT_CMD_CH0 | PIT_CMD_LATCH, PIT_COMMAND);
	lo = inb(PIT_CH0);
	hi = inb(PIT_CH0);
	return (u16)(hi << 8 | lo);
}

/*
 * Count TSC cycles while PIT channel 0 counts down 10 ms. Channel 0 (not
 * Linux's channel 2) because its gate is always open: channel 2's gate is
 * port 0x61, which microvm does not have. IRQ 0 fires at the end of the
 * count, but the PIC has it masked (head.S).
 */
static u64 tsc_calibrate_pit(void)
{
	u16 start, now, elapsed = 0;
	u64 t0, t1 = 0;
	u32 reads = 0;

	outb(PIT_CMD_CH0 | PIT_CMD_LOHI | PIT_CMD_MODE0, PIT_COMMAND);
	outb(0xff, PIT_CH0); /* count 0xffff: 55 ms until it wraps */
	outb(0xff, PIT_CH0);

	start = pit_read_ch0();
	t0 = rdtsc();
	while (elapsed < PIT_CALIBRATE_TICKS) {
		if (++reads > PIT_MAX_READS)
			return 0;
		now = pit_read_ch0();
		t1 = rdtsc();
		elapsed = (u16)(start - now);
	}
	return (t1 - t0) * PIT_HZ / elapsed;
}

/* arch_setup() calls it at boot: the cycle counter works from then on. */
void tsc_init(void)
{
	tsc_hz = tsc_hz_from_cpuid();
	if (!tsc_hz)
		tsc_hz = tsc_calibrate_pit();
	if (!tsc_hz) {
		printk("tsc: no CPUID frequency and no PIT; assuming 1 GHz\n");
		tsc_hz = TSC_FALLBACK_HZ;
	}
}

u64 arch_get_cycles(void)
{
	return rdtsc();
}

u64 arch_cycles_per_sec(void)
{
	return tsc_hz;
}

/* --- the tick: the local APIC timer ------------------------------------- */

#define APIC_COUNT_MAX 0xffffffffU /* the timer's counter is 32 bits wide */

/* The initial count of the periodic timer: the boot CPU's, for every other CPU too. */
static u32 tick_count;

/*
 * The contract's tick: hz interrupts per second on LOCAL_TIMER_VECTOR, from
 * the first return to user mode on. Periodic mode reloads the count in
 * hardware, so the handler has nothing to re-arm; it only acknowledges.
 */
void arch_timer_init(unsigned int hz)
{
	u64 apic_hz, count;

	apic_init();
	apic_hz = apic_timer_calibrate();
	count = hz ? apic_hz / hz : 0;
	if (!count || count > APIC_COUNT_MAX)
		panic("apic: timer runs at %llu Hz, cannot tick at %u Hz",
		      (unsigned long long)apic_hz, hz);
	tick_count = (u32)count;
	apic_timer_start_periodic(tick_count);

	printk("timer:   %u Hz, local APIC timer (periodic, vector 0x%x), every %llu counts "
	       "of its %llu Hz clock (bus clock / %d, measured against the TSC)\n",
	       hz, LOCAL_TIMER_VECTOR, (unsigned long long)count, (unsigned long long)apic_hz,
	       APIC_DIVISOR);
}

/*
 * Every other CPU's tick (smp.c, start_secondary()): its own local APIC and
 * timer, at the boot CPU's count. Each local APIC's timer runs on the same
 * bus clock (QEMU's: nanoseconds), so the same count gives the same hz.
 */
void setup_secondary_APIC_clock(void)
{
	apic_init();
	apic_timer_start_periodic(tick_count);
}

/*
 * The tick, from do_trap() (traps.c): acknowledge it first, so that the next
 * one can come; the periodic timer re-arms itself. Returning goes back
 * through exit_to_user_mode(), where the tick's need_resched() takes effect.
 */
void local_apic_timer_interrupt(struct pt_regs *regs)
{
	apic_eoi();
	timer_interrupt(regs); /* kernel/sched.c: jiffies, need_resched() */
}

/*
 * The PC's CMOS real-time clock (MC146818, ports 0x70/0x71): date and time in
 * BCD unless status register B says binary, read twice until two reads agree
 * (an update may be in progress). QEMU keeps it in UTC; the century is 20xx.
 */
#define CMOS_INDEX 0x70
#define CMOS_DATA  0x71

static unsigned int cmos_read(u8 reg, bool bcd)
{
	unsigned int v;

	outb(reg, CMOS_INDEX);
	v = inb(CMOS_DATA);
	return bcd ? (v & 0x0f) + (v >> 4) * 10 : v;
}

u64 arch_read_rtc(void)
{
	bool bcd = !(cmos_read(0x0b, false) & 0x04); /* status B: DM, data mode binary */
	u64 t, again = 0;

	for (int tries = 0; tries < 10; tries++) {
		while (cmos_read(0x0a, false) & 0x80) /* status A: UIP, update in progress */
			cpu_relax();
		t = mktime64(2000 + cmos_read(0x09, bcd), cmos_read(0x08, bcd),
			     cmos_read(0x07, bcd), cmos_read(0x04, bcd), cmos_read(0x02, bcd),
			     cmos_read(0x00, bcd));
		if (t == again)
			break;
		again = t;
	}
	return t;
}
