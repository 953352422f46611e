/* SPDX-License-Identifier: MIT */
/* What the files of arch/x86_64 share among themselves (common code uses <trapdoor/arch.h>). */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SETUP_H

#include <trapdoor/types.h>

/* Physical address of struct hvm_start_info, stored by head.S from ebx. */
extern u64 pvh_start_info_paddr;

/* The boot stack (head.S): start_kernel runs on it; the TSS names its top. */
extern char boot_stack[], boot_stack_top[];

/* Linker-script symbols (kernel.lds). */
extern char _text[], _end[];

void arch_console_init(void); /* console.c */
void serial_interrupt(void);  /* console.c: COM1's receive interrupt */
void tsc_init(void);	      /* time.c: the TSC's rate, for arch_cycles_per_sec() */
struct pt_regs;
void local_apic_timer_interrupt(struct pt_regs *regs); /* time.c: the tick */
void setup_secondary_APIC_clock(void);		       /* time.c: another CPU's tick */
void paging_init(void);			      /* mm.c: the MMU features user mode relies on */
void kernel_map_uncached(unsigned long addr); /* mm.c: a device's 2 MiB page, uncached */
void cpu_init(unsigned int cpu, unsigned long stack_top); /* traps.c: TSS, syscall MSRs */
void rng_init(void);					  /* entropy.c: RDSEED or RDRAND? */
void pvh_setup(void); /* firmware.c: RAM and command line from hvm_start_info */

#endif
