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
 *                      byte, the source number, XISR, below); H_EOI with that value ends it.
 *                      Its MFRR register is the IPI: any CPU writes it with H_IPI, and a
 *                      value more favoured than the CPPR presents source 2, XICS_IPI
 * Everything is an hcall or an RTAS call, so it works in real mode; the XIVE controller
 * power9 would use by default needs MMIO (Makefile.arch picks XICS with ic-mode=xics).
 * The sources enabled are the console's (console.c), routed to the boot CPU, and every
 * CPU's IPI (smp.c).
 */
#include <trapdoor/console.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <asm/hcall.h>
#include <asm/paca.h>
#include <asm/prom.h>
#include <asm/rtas.h>
#include <asm/xics.h>

#define XICS_PRIORITY	  5	     /* the console's priority: any value below the CPPR */
#define XICS_CPPR_ALL	  0xff	     /* the least favoured CPPR: every source gets through */
#define XIRR_XISR_MASK	  0x00ffffff /* the source number in the XIRR */
#define XICS_IRQ_NONE	  0	     /* XISR 0: nothing to present (it went away) */
#define XICS_IPI	  2	     /* XISR 2: the MFRR, i.e. an IPI */
/* The IPI's priority: above the console's, below the CPPR (Linux uses the same). */
#define XICS_IPI_PRIORITY 4
#define XICS_MFRR_NONE	  0xff /* the MFRR at rest: no IPI pending */

bool xics_init_this_cpu(void)
{
	if (!prom.xics)
		return false;
	/* The CPPR starts at 0, the most favoured: nothing, IPIs included, gets through. */
	return hcall(H_CPPR, NULL, XICS_CPPR_ALL, 0, 0, 0) == H_SUCCESS;
}

void xics_cause_ipi(u32 server)
{
	hcall(H_IPI, NULL, server, XICS_IPI_PRIORITY, 0, 0);
}

/*
 * An IPI, accepted: reset this CPU's MFRR first, so that an IPI sent from now on is a new
 * one (presented again after the EOI) and none is lost, then see what it asked for.
 */
static void xics_ipi_interrupt(void)
{
	hcall(H_IPI, NULL, local_paca->hw_id, XICS_MFRR_NONE, 0, 0);
	ipi_interrupt();
}

bool xics_enable_irq(u32 irq)
{
	const u32 args[3] = { irq, prom.irq_server, XICS_PRIORITY };

	if (prom.rtas_set_xive == RTAS_NO_TOKEN || !xics_init_this_cpu())
		return false;
	return rtas_call(prom.rtas_set_xive, 3, args) == 0;
}

/*
 * 0x500. Accept what this CPU's ICP presents, hand it to its driver, end it. The kernel
 * runs with MSR[EE] = 0, so this comes from user mode or from arch_cpu_idle (entry.S);
 * another source pending behind this one interrupts again as soon as EE is 1.
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
	if (xisr == XICS_IPI)
		xics_ipi_interrupt();
	else if (xisr == prom.vty_irq)
		console_rx_interrupt();
	else
		printk("xics: interrupt from source 0x%x, which has no handler\n", xisr);
	hcall(H_EOI, NULL, xirr, 0, 0, 0);
}
