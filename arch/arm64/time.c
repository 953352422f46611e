// SPDX-License-Identifier: MIT
/*
 * Time on arm64: the generic timer (Arm ARM, chapter D11 "The Generic Timer
 * in AArch64 state"). One system counter ticks at CNTFRQ_EL0 (62.5 MHz on
 * QEMU 7.2); we read its virtual view, CNTVCT_EL0, for arch_get_cycles() and
 * use the EL1 virtual timer, which compares against the same view, for the
 * scheduler's tick. With no hypervisor (or CNTVOFF_EL2 = 0, head.S) virtual
 * and physical counts are equal.
 *
 * The tick is periodic in the simplest way: each interrupt sets the next one
 * a full period after *now* (CNTV_TVAL_EL0). The ticks drift by the handler's
 * latency, but a tick that arrives late (the kernel runs with IRQs masked, so
 * it waits until the next return to user mode or idle loop) can never queue up others
 * behind it.
 */
#include <asm/dt.h>
#include <asm/gic.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/io.h>

/*
 * The virtual timer's interrupt: PPI 11, INTID 27, on every Armv8 system
 * (Server Base System Architecture; QEMU virt's /timer node says the same).
 * The DT binding "arm,armv8-timer" lists four interrupts, each as three
 * cells (type, number, flags), in the order secure physical, non-secure
 * physical, virtual, hypervisor: dt.c takes the third.
 */
unsigned int timer_intid;
static u64 timer_period; /* counter ticks per scheduler tick */

u64 arch_get_cycles(void)
{
	isb(); /* without it the read may happen before earlier instructions */
	return read_sysreg(cntvct_el0);
}

u64 arch_cycles_per_sec(void)
{
	return read_sysreg(cntfrq_el0);
}

/*
 * Starts the tick: the GIC (set up by arch_setup()) routes the timer's PPI to
 * us as an IRQ, and the timer fires its first interrupt one period from now.
 * It is taken in user mode, and in the kernel only inside the idle loop's short unmasked window
 * (arch_cpu_idle() in entry.S): the kernel runs with PSTATE.I set (exception
 * entry sets it), and user mode runs with it clear (arch_init_user_regs();
 * EL0 cannot change it, since SCTLR_EL1.UMA = 0 makes msr daifset UNDEFINED
 * there).
 */
void arch_timer_init(unsigned int hz)
{
	u64 freq = arch_cycles_per_sec();

	if (!hz || !freq)
		return;
	timer_period = freq / hz;
	unsigned int ppi;
	const char *why = arm64_dt_timer_ppi(boot_fdt, &ppi);

	if (why)
		printk("arm64: device tree: %s: the timer on PPI %u\n", why, ppi);
	timer_intid = GIC_PPI_BASE + ppi;
	arm64_timer_cpu_init();
	printk("timer:   %u Hz tick, arm generic virtual timer (every %lu counts) via GICv2 "
	       "INTID %u\n",
	       hz, timer_period, timer_intid);
}

/*
 * The per-CPU half: every CPU has its own virtual timer (CNTV_* are per-CPU
 * registers) and its own copy of the timer's PPI at the GIC, so each one
 * enables both for itself: CPU 0 above, the others in secondary_init()
 * (smp.c), which runs after arch_timer_init() chose the period.
 */
void arm64_timer_cpu_init(void)
{
	if (!timer_period)
		return; /* no tick at all (arch_timer_init() was not given one) */
	gic_enable_ppi(timer_intid);
	write_sysreg(timer_period, cntv_tval_el0);
	write_sysreg(CNTV_CTL_ENABLE, cntv_ctl_el0); /* on, interrupt not masked */
	isb();
}

/*
 * One tick (handle_irq() in traps.c acknowledged it at the GIC).
 * Setting the next deadline also lowers the timer's interrupt line, which
 * stays high as long as the deadline is in the past: it must be low before
 * the end of interrupt, or the GIC would make it pending again at once.
 */
void arm64_timer_tick(struct pt_regs *regs)
{
	write_sysreg(timer_period, cntv_tval_el0);
	isb();
	timer_interrupt(regs);
}

/* QEMU virt's PL031 real-time clock (hw/arm/virt.c, VIRT_RTC): RTCDR counts seconds since 1970. */
#define PL031_BASE 0x09010000UL
#define RTCDR	   0x000

u64 arch_read_rtc(void)
{
	return readl(PL031_BASE + RTCDR);
}
