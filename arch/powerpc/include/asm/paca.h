/* SPDX-License-Identifier: MIT */
/*
 * The per-cpu area, called the paca in Linux: one per CPU (paca[], smp.c). An interrupt
 * arrives with every GPR still holding the interrupted code's values and no free register
 * to work with; SPRG0 always holds this CPU's paca address, so the entry stub can trade one
 * register (parked in SPRG1) for a pointer to scratch memory. In the kernel r13 holds the
 * same pointer, as in Linux. Both are set once per CPU (head.S: _start, secondary_entry)
 * and never change: user mode can neither read SPRG0 nor keep its own r13 in the kernel
 * (entry.S reloads it from SPRG0 on every entry).
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PACA_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PACA_H

/* Byte offsets for entry.S and head.S; _Static_asserts in smp.c keep them in step. */
#define PACA_EXC_R11  0
#define PACA_EXC_R12  8
#define PACA_EXC_CR   16
#define PACA_TRAP_SP  24
#define PACA_CPU_INFO 32
#define PACA_ERASE_SP 40
#define PACA_START_SP 48
#define PACA_SIZE     80

/* How many there are: NR_CPUS (include/trapdoor/smp.h), for entry.S; smp.c checks. */
#define NR_PACAS 8

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

struct cpu_info;

struct paca_struct {
	unsigned long exc_r11; /* entry.S scratch: the interrupted r11 ... */
	unsigned long exc_r12; /* ... r12 ... */
	unsigned long exc_cr;  /* ... and CR, until they are in pt_regs */
	/*
	 * The r1 entry.S switches to on an interrupt from user mode: the current task's
	 * thread.trap_sp, copied here by arch_switch_to() (entry.S) on every task switch.
	 */
	unsigned long trap_sp;
	struct cpu_info *cpu_info; /* this_cpu() (asm/smp.h) */
	/* The r1 ret_to_user (entry.S) runs the stackleak erase on: this CPU's own. */
	unsigned long erase_sp;
	unsigned long start_sp;	 /* secondary_entry's first r1 (head.S): its idle task's */
	unsigned long live_vsid; /* mm.c: the VSID in this CPU's SLB; 0: none */
	u64 next_tick;		 /* time.c: the time base at which this CPU's tick falls due */
	u32 cpu;		 /* the logical CPU number, cpu_info[cpu] */
	u32 hw_id;		 /* the device tree's number for it: RTAS and XICS take it */
};

/* One per CPU, indexed by the logical number; head.S points CPU 0 at paca[0]. */
extern struct paca_struct paca[];

/*
 * This CPU's paca: r13, which the compilers never allocate (the ELFv2 ABI reserves it). A
 * global register variable, as in Linux: each use reads r13 as it is then, and both
 * compilers assume that a call may change it, so a task that moved to another CPU inside
 * a call (schedule()) goes on with the new CPU's paca, never a copy of the old one.
 */
register struct paca_struct *local_paca __asm__("r13");

#endif /* !__ASSEMBLY__ */

#endif
