/* SPDX-License-Identifier: MIT */
/*
 * The per-cpu area, called the paca in Linux. An interrupt arrives with every GPR still
 * holding the interrupted code's values and no free register to work with; SPRG0 always
 * holds this CPU's paca address, so the entry stub can trade one register (parked in SPRG1)
 * for a pointer to scratch memory. In the kernel r13 holds the same pointer, as in Linux.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PACA_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PACA_H

/* Byte offsets for entry.S; _Static_asserts in setup.c keep them in step with the struct. */
#define PACA_EXC_R11	0
#define PACA_EXC_R12	8
#define PACA_EXC_CR	16
#define PACA_TRAP_SP	24
#define PACA_SIZE	32

#ifndef __ASSEMBLY__

struct paca_struct {
	unsigned long exc_r11;	/* entry.S scratch: the interrupted r11 ... */
	unsigned long exc_r12;	/* ... r12 ... */
	unsigned long exc_cr;	/* ... and CR, until they are in pt_regs */
	/*
	 * The r1 entry.S switches to on an interrupt from user mode: the current task's
	 * thread.trap_sp, copied here by arch_switch_to() (entry.S) on every task switch.
	 */
	unsigned long trap_sp;
};

/* The boot CPU's paca; head.S points SPRG0 and r13 at it. */
extern struct paca_struct boot_paca;

#endif /* !__ASSEMBLY__ */

#endif
