/* SPDX-License-Identifier: MIT */
/* What the riscv boot files share among themselves (common code uses <trapdoor/arch.h>). */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_SETUP_H

/* Byte offsets into smp.c's struct secondary_boot, which head.S's secondary_entry reads. */
#define SB_CPU	0  /* its struct cpu_info, for tp */
#define SB_SP	8  /* its first stack pointer */
#define SB_SATP 16 /* the kernel's satp */

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* The firmware's handoff, stored by head.S after it cleared bss (defined in setup.c). */
extern unsigned long boot_hartid; /* a0: the id of the hart running the kernel */
extern const void *boot_fdt;	  /* a1: the flattened device tree */

/* mm.c: builds the kernel's page table and turns Sv39 on; arch_setup() calls it. */
void riscv_mmu_init(void);
/* mm.c: satp for the kernel's own page table, which a starting CPU loads (smp.c). */
unsigned long riscv_kernel_satp(void);

/* head.S: where a CPU that hart_start woke begins (smp.c); C goes on in riscv_secondary_start(). */
void secondary_entry(void);
__noreturn void riscv_secondary_start(void);

/* cpufeature.c: does this hart's ISA string in the device tree list extension name ("sstc")? */
bool riscv_isa_extension(const char *name);
/* cpufeature.c: does our hart have F and D, which user programs then get (process.c)? */
bool riscv_has_fpu(void);
/* cpufeature.c: the banner's CPU line, and which extensions the hart has; arch_setup() calls it. */
void identify_cpu(const void *fdt);

/* firmware.c: the banner's firmware (the SBI implementation) and bootloader lines. */
void probe_boot_path(const void *fdt);

/* traps.c: the trap vector, with entry.S's kernel-stack check armed; arch_setup() calls it. */
void arch_trap_init(void);

/* time.c: the time CSR's rate from the device tree; arch_setup() calls it. */
void riscv_time_init(const void *fdt);

/* console.c: the UART's PLIC source (0 until its interrupt is on), and its handler. */
extern unsigned int console_irq;
void riscv_console_interrupt(void);

#endif /* !__ASSEMBLY__ */

#endif
