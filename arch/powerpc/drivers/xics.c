// SPDX-License-Identifier: MIT
/*
 * XICS, the pseries interrupt controller as a PAPR guest sees it (LoPAR, "Interrupt
 * Controller" and its hcalls; QEMU hw/intc/xics.c, xics_spapr.c). Two halves:
 *   the ICS (sources)  per interrupt source a server (the CPU it goes to) and a
 *                      priority, set with the RTAS call ibm,set-xive; priority 0xff
 *                      masks it, which is how every source starts
 *   the ICP (per CPU)  a current priority, CPPR: a source is presented to the CPU as the
 *                      external interrupt, vector 0x500, while its priority is more
 *                      favoured (numerically lower) than the CPPR and MSR[EE] = 1.
 *                      H_XIRR accepts it and returns the XIRR (the old CPPR in the top
 *                      byte, the source number, XISR, below); H_EOI with that value ends it
 * Everything is an hcall or an RTAS call, so it works in real mode; the XIVE controller
 * power9 would use by default needs MMIO (Makefile.arch picks XICS with ic-mode=xics).
 * The only source enabled is the console's (console.c).
 */
#include <trapdoor/console.h>
#include <trapdoor/printk.h>
#include <asm/hcall.h>
#include <asm/prom.h>
#include <asm/rtas.h>
#include <asm/xics.h>

#define XICS_PRIORITY	5		/* the console's priority: any value below the CPPR */
#define XICS_CPPR_ALL	0xff		/* the least favoured CPPR: every source gets through */
#define XIRR_XISR_MASK	0x00ffffff	/* the source number in the XIRR */
#define XICS_IRQ_NONE	0		/* XISR 0: nothing to present (it went away) */

bool xics_enable_irq(u32 irq)
{
	const u32 args[3] = { irq, prom.irq_server, XICS_PRIORITY };

	if (!prom.xics || prom.rtas_set_xive == RTAS_NO_TOKEN)
		return false;
	if (hcall(H_CPPR, NULL, XICS_CPPR_ALL, 0, 0, 0) != H_SUCCESS)
		return false;
	return rtas_call(prom.rtas_set_xive, 3, args) == 0;
}

/*
 * 0x500. Accept what the ICP presents, hand it to its driver, end it. The kernel runs
 * with MSR[EE] = 0, so this comes from user mode or from arch_cpu_idle (entry.S); another
 * source pending behind this one interrupts again as soon as EE is 1.
 */
void xics_external_interrupt(struct pt_regs *regs)
{
	unsigned long ret[HCALL_RET_MAX];
	u32 xirr, xisr;

	if (hcall(H_XIRR, ret, 0, 0, 0, 0) != H_SUCCESS)
		return;
	xirr = (u32)ret[0];
	xisr = xirr & XIRR_XISR_MASK;
	if (xisr == XICS_IRQ_NONE)
		return;
	if (xisr == prom.vty_irq)
		console_rx_interrupt();
	else
		printk("xics: interrupt from source 0x%x, which has no handler\n", xisr);
	hcall(H_EOI, NULL, xirr, 0, 0, 0);
}
