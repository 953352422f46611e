/* SPDX-License-Identifier: MIT */
/* What arm64's own files share with each other: the boot handoff and setup hooks. */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_SETUP_H

#include <asm/processor.h>
#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct pt_regs;
struct cpu_info;

/* Stored by head.S after it cleared .bss. */
extern u64 __fdt_pointer;   /* x0 at entry: the DTB for an Image boot, 0 for an ELF */
extern u64 boot_current_el; /* CurrentEL at entry (EL in bits [3:2]) */

/* setup.c: the device tree QEMU handed us (NULL if none was found), in reserved RAM. */
extern const void *boot_fdt;

void arch_console_init(void); /* console.c */
/* cpufeature.c: this CPU's own system registers (every CPU); false if it has no PAN. */
bool arm64_cpu_setup(void);
/* cpufeature.c: the banner's CPU line, from MIDR_EL1 (and the DT for unknown parts). */
void identify_cpu(void);
/* firmware.c: the device tree names a PSCI conduit (hvc or smc), and one call through it. */
extern bool psci_present;
void discover_psci(void);
long psci_call(u32 fn, u64 arg1, u64 arg2, u64 arg3);
void arch_trap_init(void);	      /* traps.c: SError unmasked, the stack check armed */
void arm64_check_address_split(void); /* mm.c: the kernel in TTBR1_EL1 only, or panic */
void paging_init(void);		      /* mm.c: fit the kernel's map to the RAM the DT reports */
extern u64 kstack_area_start;	      /* traps.c: the first stack guard page, for entry.S */

/*
 * firmware.c: true if regs is the trap of the semihosting call in arch_poweroff(),
 * i.e. QEMU runs without -semihosting; traps.c then calls
 * semihosting_unavailable(), which powers off through PSCI instead.
 */
bool is_semihosting_trap(const struct pt_regs *regs);
__noreturn void semihosting_unavailable(void);

/* time.c: the timer's INTID at the GIC, and its tick (from traps.c's IRQ handler). */
extern unsigned int timer_intid;
void arm64_timer_tick(struct pt_regs *regs);
/* time.c: starts this CPU's tick, at the period arch_timer_init() chose (every CPU). */
void arm64_timer_cpu_init(void);

/* smp.c: the SGI that carries arch_send_ipi() (traps.c hands it to ipi_interrupt()). */
#define IPI_SGI 0

/* smp.c, for entry.S: one overflow stack per CPU (kernel_stack_overflow). */
extern u8 overflow_stacks[][OVERFLOW_STACK_SIZE];

/* smp.c, for head.S: what secondary_entry reads, and the C it calls. */
struct secondary_data {
	u64 stack_top;		   /* the idle task's kernel stack */
	struct cpu_info *cpu_info; /* what TPIDR_EL1 and x18 get */
};
extern struct secondary_data secondary_data[];
void secondary_entry(void); /* head.S: where PSCI starts a CPU */
void secondary_init(void);

/* console.c: the UART's receive interrupt at the GIC, and its handler (traps.c calls it). */
extern unsigned int console_intid;
void arm64_console_interrupt(void);

#endif
