/* SPDX-License-Identifier: MIT */
/*
 * Control register 0: the switches the kernel flips in it, and how to reach
 * it. Bits counted from the left, bit 0 = MSB (PoP 4, "Control Registers";
 * the names are Linux's, arch/s390/include/asm/ctlreg.h).
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_CTLREG_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_CTLREG_H

#define CR0_BIT(n) (1UL << (63 - (n)))

#define CR0_LOW_ADDRESS_PROTECTION	CR0_BIT(35) /* stores to 0-511 fault (traps.c) */
#define CR0_INSTRUCTION_EXEC_PROTECTION CR0_BIT(43) /* page-table IEP bits count (mm.c) */
/*
 * AFP 0 would make f1, f3, f5, f7, f8-f15, BFP and FPC instructions raise a
 * data exception (DXC 1 or 2); vector enablement 0 makes every vector
 * instruction raise one (DXC 0xfe). traps.c sets the first and clears the
 * second: user mode has f0-f15 and the FPC, which are switched per task, and
 * no vector registers.
 */
#define CR0_AFP_REGISTER_CONTROL	CR0_BIT(45)
#define CR0_VECTOR_ENABLEMENT_CONTROL	CR0_BIT(46)

/*
 * External-interruption subclass masks, bits 48-58: an external interruption
 * of a subclass is taken only while its bit here AND the PSW's EX bit are
 * both 1. A reset leaves 56-58 set (QEMU's CR0_RESET is 0xe0).
 */
#define CR0_MALFUNCTION_ALERT_SUBMASK CR0_BIT(48)
#define CR0_EMERGENCY_SIGNAL_SUBMASK  CR0_BIT(49)
#define CR0_EXTERNAL_CALL_SUBMASK     CR0_BIT(50)
#define CR0_CLOCK_COMPARATOR_SUBMASK  CR0_BIT(52)
#define CR0_CPU_TIMER_SUBMASK	      CR0_BIT(53)
#define CR0_SERVICE_SIGNAL_SUBMASK    CR0_BIT(54) /* SCLP: console input (console.c) */
#define CR0_INTERRUPT_KEY_SUBMASK     CR0_BIT(57)
#define CR0_MEASUREMENT_ALERT_SUBMASK CR0_BIT(58)
#define CR0_EXTERNAL_SUBMASKS	      0xffe0UL /* bits 48-58: every one of them */

#ifndef __ASSEMBLY__

/* STORE CONTROL / LOAD CONTROL, 64-bit forms, for control register 0 alone. */
static inline unsigned long get_cr0(void)
{
	unsigned long cr0;

	__asm__ __volatile__("stctg	0,0,%0" : "=Q"(cr0));
	return cr0;
}

static inline void set_cr0(unsigned long cr0)
{
	__asm__ __volatile__("lctlg	0,0,%0" : : "Q"(cr0) : "memory");
}

#endif /* !__ASSEMBLY__ */
#endif
