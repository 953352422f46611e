/* SPDX-License-Identifier: MIT */
/* What the loongarch boot files share among themselves (not part of the common contract). */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_SETUP_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* a0, a1, a2 at the entry point, stored by head.S (see there for what they would mean). */
extern unsigned long boot_args[3];

/* console.c: put the UART into a known state; arch_setup() calls it first. */
void arch_console_init(void);

/* traps.c: the interrupt half of trap setup (head.S did the entry points). */
void arch_trap_init(void);

/* mm.c: TLB page sizes, ASID 0, an empty user space, a clean TLB (on the calling CPU). */
void mmu_init(void);

/* firmware.c: QEMU's fw_cfg device (asm/fw_cfg.h): is it there; an integer item. */
bool fw_cfg_present(void);
u64 fw_cfg_read_u64(u16 key, size_t len);
/* firmware.c: the machine's name, RAM and command line, from fw_cfg (into boot_info). */
void detect_machine(void);

/* cpufeature.c: the CPU's name and features, from CPUCFG and IOCSR (into boot_info). */
void identify_cpu(void);

struct cpu_info;
/* smp.c: where head.S's secondary_entry goes on in C. */
__noreturn void loongarch_secondary_start(struct cpu_info *c);

#endif
