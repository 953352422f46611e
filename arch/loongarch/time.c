// SPDX-License-Identifier: MIT
/*
 * Time on loongarch64: the constant-frequency counter (rdtime.d) and the constant timer that
 * counts down at the same frequency and interrupts us (manual §7.6, "Timer Related Control
 * and Status Registers"). Both belong to the core: no interrupt controller sits in between,
 * the timer is line 11 of the CPU's own interrupt inputs (ESTAT.IS[11], enabled by ECFG.LIE[11]).
 *
 * The tick is delivered while user code runs, and in the kernel only inside arch_cpu_idle()
 * (entry.S). Everywhere else the kernel runs with CRMD.IE = 0 (an exception clears it, ertn
 * restores PRMD.PIE, and only user frames and the idle have PIE set), so a tick that comes due
 * in the kernel stays pending in ESTAT.IS[11] and is taken the moment ertn lands in user mode.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/syscall.h>
#include <trapdoor/time.h>
#include <asm/io.h>
#include <asm/csr.h>
#include <asm/traps.h>

/* The constant-frequency StableCounter (manual §2.2.10.4); rdtime.d also returns its ID in rj. */
u64 arch_get_cycles(void)
{
	u64 t;

	__asm__ __volatile__("rdtime.d %0, $zero" : "=r"(t));
	return t;
}

/* CC_FREQ * CC_MUL / CC_DIV (CPUCFG words 4 and 5, §2.2.10.5), if CPUCFG2.LLFTP says it exists. */
u64 arch_cycles_per_sec(void)
{
	unsigned int cfg5 = read_cpucfg(LOONGARCH_CPUCFG5);
	u64 freq = read_cpucfg(LOONGARCH_CPUCFG4);
	unsigned int mul = cfg5 & CPUCFG5_CC_MUL_MASK, div = cfg5 >> CPUCFG5_CC_DIV_SHIFT;

	if (!(read_cpucfg(LOONGARCH_CPUCFG2) & CPUCFG2_LLFTP) || !mul || !div)
		return 0;
	return freq * mul / div;
}

/* The timer's period in counter ticks, the same on every CPU: arch_timer_init() sets it. */
static u64 timer_period;

/*
 * Starts this CPU's constant timer (each core has its own TCFG, TVAL and TI line): TCFG = the
 * period in counter ticks (a multiple of 4, see TCFG_INITVAL_MASK) | Periodic | En. In periodic
 * mode the hardware reloads the count itself when it reaches 0, so the handler re-arms nothing:
 * it only clears the interrupt. Then the timer's line is enabled in ECFG; CRMD.IE stays 0 in
 * the kernel (see the top). CPU 0 from arch_timer_init(), the others from smp.c.
 */
void loongarch_timer_start(void)
{
	csr_write(LOONGARCH_CSR_TICLR, TICLR_CLR); /* no stale tick pending */
	csr_write(LOONGARCH_CSR_TCFG, timer_period | TCFG_PERIODIC | TCFG_EN);
	csr_write(LOONGARCH_CSR_ECFG, csr_read(LOONGARCH_CSR_ECFG) | ECFG_LIE_TI);
}

/*
 * A periodic tick at hz per second. On QEMU's 100 MHz counter and HZ = 100 the period is
 * 1 000 000 ticks, 10 ms of QEMU's virtual clock.
 */
void arch_timer_init(unsigned int hz)
{
	u64 period = arch_cycles_per_sec() / hz;

	if (!period)
		panic("no constant timer: CPUCFG reports no counter frequency");
	timer_period = period & TCFG_INITVAL_MASK;
	loongarch_timer_start();
	printk("timer:   constant timer, %u Hz (%llu ticks of the counter), ESTAT.IS[11]\n", hz,
	       (unsigned long long)timer_period);
}

/*
 * The timer's interrupt, from do_trap() (traps.c). Acknowledge first (TICLR.CLR lowers IS[11];
 * the periodic timer has already started its next period), then count the tick:
 * timer_interrupt() sets need_resched(), and the way back to user mode (exit_to_user_mode(),
 * from entry.S) gives the CPU to the next task.
 */
void loongarch_timer_tick(struct pt_regs *regs)
{
	csr_write(LOONGARCH_CSR_TICLR, TICLR_CLR);
	timer_interrupt(regs);
}

/*
 * QEMU virt's LS7A real-time clock (hw/loongarch/virt.c, VIRT_RTC_REG_BASE;
 * hw/rtc/ls7a_rtc.c): its time-of-year counter reads as calendar fields once
 * enabled (RTC_CTRL's TOYEN and EO). TOYREAD0 has month, day, hour, minute
 * and second; TOYREAD1 the year since 1900.
 */
#define LS7A_RTC_BASE 0x100d0100
#define SYS_TOYREAD0  0x2c
#define SYS_TOYREAD1  0x30
#define SYS_RTCCTRL   0x40
#define RTCCTRL_EO    (1U << 8)
#define RTCCTRL_TOYEN (1U << 11)

u64 arch_read_rtc(void)
{
	volatile u32 *rtc = ioremap(LS7A_RTC_BASE);
	u32 ctrl = rtc[SYS_RTCCTRL / 4], toy, year;

	if ((ctrl & (RTCCTRL_EO | RTCCTRL_TOYEN)) != (RTCCTRL_EO | RTCCTRL_TOYEN))
		rtc[SYS_RTCCTRL / 4] = ctrl | RTCCTRL_EO | RTCCTRL_TOYEN;
	toy = rtc[SYS_TOYREAD0 / 4];
	year = rtc[SYS_TOYREAD1 / 4];
	return mktime64(1900 + year, toy >> 26 & 0x3f, toy >> 21 & 0x1f, toy >> 16 & 0x1f,
			toy >> 10 & 0x3f, toy >> 4 & 0x3f);
}
