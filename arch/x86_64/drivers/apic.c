// SPDX-License-Identifier: MIT
/*
 * The local APIC and its timer.
 *
 * Every x86-64 CPU has a local APIC, and QEMU gives one to every vCPU whose
 * model has the feature, on -M microvm as on -M pc (-cpu max has it). It is
 * where interrupts reach the CPU, and it has a timer of its own:
 * a 32-bit counter, clocked by the bus clock divided by APIC_TDCR, that
 * counts down from an initial count and raises the interrupt its LVT entry
 * names; in periodic mode it reloads itself and goes on. That is all a
 * scheduler tick needs (time.c), without the 8259 PIC and the PIT (head.S
 * leaves the PIC masked). Linux's tick on x86 is this timer too.
 *
 * The bus clock's frequency is not architectural: QEMU's counts nanoseconds
 * (we measure 62.5 MHz after the divide by 16), a real CPU's is whatever its
 * crystal gives. So we measure it, as Linux does
 * (calibrate_APIC_clock()), against a clock we already know: the TSC, whose
 * rate time.c took from CPUID or measured against the PIT.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

/* How long the calibration watches both clocks: 1/500 s = 2 ms, so 125000 APIC counts on QEMU. */
#define APIC_CALIBRATE_DIVISOR	  500
/* The most a paired reading may take, 1/100000 s = 10 us: 0.5% of the window. */
#define APIC_PAIR_MAX_GAP_DIVISOR 100000
#define APIC_COUNT_MAX		  0xffffffffU /* the counter is 32 bits wide */

static volatile u32 *apic_regs; /* the register page, through the direct map */

static u32 apic_read(unsigned int reg)
{
	return apic_regs[reg / sizeof(u32)];
}

static void apic_write(unsigned int reg, u32 val)
{
	apic_regs[reg / sizeof(u32)] = val;
}

/*
 * Find the local APIC and switch it on. After reset it is globally enabled
 * in IA32_APIC_BASE but software-disabled in APIC_SPIV, which masks every
 * LVT entry (SDM Vol. 3A "Local APIC State After Power-Up or Reset").
 */
void apic_init(void)
{
	u64 base_msr;
	unsigned long base;

	if (!cpu_has(X86_FEATURE_APIC))
		panic("apic: this CPU has no local APIC: no timer, no preemption");
	base_msr = rdmsr(MSR_IA32_APICBASE);
	if (base_msr & MSR_IA32_APICBASE_X2APIC)
		panic("apic: the firmware left the APIC in x2APIC mode; only xAPIC is supported");
	base = base_msr & MSR_IA32_APICBASE_BASE;
	if (base >= DIRECT_MAP_SIZE)
		panic("apic: registers at 0x%lx, beyond the direct map", base);
	if (!(base_msr & MSR_IA32_APICBASE_ENABLE))
		wrmsr(MSR_IA32_APICBASE, base_msr | MSR_IA32_APICBASE_ENABLE);

	apic_regs = phys_to_virt(base);
	kernel_map_uncached((unsigned long)apic_regs); /* mm.c: registers, not memory */

	/*
	 * Only the timer may interrupt us. LINT0 is where a PC wires the 8259
	 * PIC (in "virtual wire" mode the firmware may have left it open: the
	 * PIC's own mask, head.S, already silences it), LINT1 the NMI pin, and
	 * the error entry would report an illegal vector we never send.
	 */
	apic_write(APIC_LVT0, APIC_LVT_MASKED);
	apic_write(APIC_LVT1, APIC_LVT_MASKED);
	apic_write(APIC_LVTERR, APIC_LVT_MASKED);
	apic_write(APIC_TASKPRI, 0); /* priority 0: every vector may interrupt */
	apic_write(APIC_SPIV, APIC_SPIV_APIC_ENABLED | SPURIOUS_APIC_VECTOR);
}

/*
 * One reading of the APIC's current count and the TSC at the same moment:
 * the count read between two TSC reads, dated at their midpoint. Under
 * QEMU's TCG an MMIO read can stall for a millisecond now and then (the vCPU
 * leaves its translated code, waits for QEMU's big lock, or translates the
 * next block first), and a stall between the two reads would throw the
 * calibration off by its length (we saw the APIC clock come out 4 times too
 * slow). So, as Linux's tsc_read_refs() does against SMIs, a reading whose
 * TSC reads lie more than max_gap apart is taken again; if all
 * APIC_PAIR_TRIES stall, the tightest one is used.
 */
#define APIC_PAIR_TRIES 8

static void apic_read_pair(u64 *tsc, u32 *count, u64 max_gap)
{
	u64 best_gap = ~0ULL;

	for (int i = 0; i < APIC_PAIR_TRIES && best_gap > max_gap; i++) {
		u64 before = rdtsc();
		u32 c = apic_read(APIC_TMCCT);
		u64 after = rdtsc();

		if (after - before < best_gap) {
			best_gap = after - before;
			*tsc = before + best_gap / 2;
			*count = c;
		}
	}
}

/*
 * The timer's counts per second: let it count down, masked, from its maximum
 * while the TSC advances by 1/APIC_CALIBRATE_DIVISOR of a second, and scale
 * the counts by the TSC time that passed between two paired readings.
 */
u64 apic_timer_calibrate(void)
{
	u64 tsc_hz = arch_cycles_per_sec(), window = tsc_hz / APIC_CALIBRATE_DIVISOR;
	u64 max_gap = tsc_hz / APIC_PAIR_MAX_GAP_DIVISOR, t0, t1;
	u32 c0, c1;

	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, APIC_LVT_MASKED | APIC_LVT_TIMER_ONESHOT | LOCAL_TIMER_VECTOR);
	apic_write(APIC_TMICT, APIC_COUNT_MAX); /* starts the count */

	apic_read_pair(&t0, &c0, max_gap);
	while (rdtsc() - t0 < window)
		cpu_relax();
	apic_read_pair(&t1, &c1, max_gap);

	apic_write(APIC_TMICT, 0); /* an initial count of 0 stops the timer */
	return (u64)(c0 - c1) * tsc_hz / (t1 - t0);
}

/* The timer ticks every count counts, on LOCAL_TIMER_VECTOR (time.c). */
void apic_timer_start_periodic(u32 count)
{
	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, APIC_LVT_TIMER_PERIODIC | LOCAL_TIMER_VECTOR); /* unmasked */
	apic_write(APIC_TMICT, count);					     /* and it runs */
}

/*
 * EOI: a write of 0 tells the APIC we are done with the vector in service,
 * so it may deliver the next one of that priority (SDM Vol. 3A "End of
 * Interrupt"). Until then the next tick would wait.
 */
void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}


/* This CPU's local APIC ID: the address other CPUs send it IPIs at. */
u32 apic_read_id(void)
{
	return apic_read(APIC_ID) >> APIC_DEST_SHIFT;
}

/* How long we wait for the APIC to take an IPI: 1/1000 s. */
#define APIC_IPI_WAIT_DIVISOR 1000

/*
 * Send an IPI to the CPU whose local APIC ID is apicid: the destination
 * into APIC_ICR2, then the command into APIC_ICR, whose write sends it (SDM
 * Vol. 3A "Interrupt Command Register (ICR)"). The APIC takes one command at
 * a time: wait for the previous one to be gone first, and for this one
 * after. The kernel runs with IF = 0, so no interrupt handler of ours can
 * send one between the two writes. False if the APIC stays busy.
 */
static bool apic_wait_icr_idle(void)
{
	u64 start = rdtsc(), limit = arch_cycles_per_sec() / APIC_IPI_WAIT_DIVISOR;

	while (apic_read(APIC_ICR) & APIC_ICR_BUSY)
		if (rdtsc() - start > limit)
			return false;
	return true;
}

bool apic_send_IPI(u32 apicid, u32 icr)
{
	if (!apic_wait_icr_idle())
		return false;
	apic_write(APIC_ICR2, apicid << APIC_DEST_SHIFT);
	apic_write(APIC_ICR, icr);
	return apic_wait_icr_idle();
}
