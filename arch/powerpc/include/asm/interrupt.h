/* SPDX-License-Identifier: MIT */
/*
 * The interrupt vectors of 64-bit Book3S PowerPC: each interrupt sends the CPU to a fixed
 * real address, its "vector", with SRR0 = where it happened and SRR1 = the MSR then (plus
 * cause bits). entry.S puts a small stub at each of these addresses and records the vector
 * in pt_regs->trap, which traps.c decodes. Names as in Linux.
 * Source: Power ISA v3.0B Book III, Interrupts: the table of interrupt vector offsets.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_INTERRUPT_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_INTERRUPT_H

#define INTERRUPT_SYSTEM_RESET	  0x100 /* reset or NMI (QEMU monitor: nmi) */
#define INTERRUPT_MACHINE_CHECK	  0x200 /* hardware error, bad real address */
#define INTERRUPT_DATA_STORAGE	  0x300 /* DSI: a load/store could not be translated */
#define INTERRUPT_DATA_SEGMENT	  0x380 /* no SLB entry for a data address */
#define INTERRUPT_INST_STORAGE	  0x400 /* ISI: an instruction fetch ditto */
#define INTERRUPT_INST_SEGMENT	  0x480 /* no SLB entry for an instruction address */
#define INTERRUPT_EXTERNAL	  0x500 /* device interrupt (needs MSR[EE]) */
#define INTERRUPT_ALIGNMENT	  0x600 /* misaligned access the CPU won't do */
#define INTERRUPT_PROGRAM	  0x700 /* illegal/privileged instruction, trap */
#define INTERRUPT_FP_UNAVAIL	  0x800 /* FP instruction with MSR[FP] = 0 */
#define INTERRUPT_DECREMENTER	  0x900 /* the DEC timer went negative (needs EE) */
#define INTERRUPT_H_DECREMENTER	  0x980 /* hypervisor timer: never seen by a guest */
#define INTERRUPT_DOORBELL	  0xa00 /* directed privileged doorbell (msgsndp) */
#define INTERRUPT_SYSCALL	  0xc00 /* sc; SRR0 = the next instruction */
#define INTERRUPT_TRACE		  0xd00 /* single-step / branch trace */
#define INTERRUPT_H_DATA_STORAGE  0xe00 /* hypervisor interrupts, 0x20 apart: */
#define INTERRUPT_H_INST_STORAGE  0xe20 /*   under PAPR the hypervisor (QEMU) */
#define INTERRUPT_H_EMUL_ASSIST	  0xe40 /*   takes them itself, so a guest */
#define INTERRUPT_HMI		  0xe60 /*   kernel should never see one */
#define INTERRUPT_H_DOORBELL	  0xe80
#define INTERRUPT_H_VIRT	  0xea0
#define INTERRUPT_PERFMON	  0xf00 /* performance monitor alert */
#define INTERRUPT_ALTIVEC_UNAVAIL 0xf20 /* vector instruction with MSR[VEC] = 0 */
#define INTERRUPT_VSX_UNAVAIL	  0xf40 /* VSX instruction with MSR[VSX] = 0 */
#define INTERRUPT_FAC_UNAVAIL	  0xf60 /* facility disabled in FSCR (e.g. TAR, EBB) */
#define INTERRUPT_H_FAC_UNAVAIL	  0xf80 /* facility disabled in HFSCR */

#ifndef __ASSEMBLY__

struct pt_regs;

/* traps.c: entry.S calls it for every interrupt but a system call from user mode. */
void do_trap(struct pt_regs *regs);

#endif /* !__ASSEMBLY__ */

#endif
