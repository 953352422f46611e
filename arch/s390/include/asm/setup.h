/* SPDX-License-Identifier: MIT */
/* What the s390 boot files share among themselves (common code uses <trapdoor/arch.h>). */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_SETUP_H

/*
 * The one thing QEMU hands over: the -append command line, which it copies
 * into a Linux image's "parameter area" (hw/s390x/ipl.c). It does that when
 * the ELF entry is 0x10000, where Linux's image starts, and the loaded image
 * covers 0x10480, where Linux keeps the command line; it also reads the
 * buffer's size from 0x10430 (0 or absent: the old 896). A line that does
 * not fit, NUL included, QEMU 7.2 does not write at all. head.S lays out
 * those bytes in Linux's format (arch/s390/boot/head.S, asm/setup.h there),
 * with a buffer that fills all the room up to the kernel at 0x20000, so that
 * QEMU writes every line but a huge one; setup.c keeps COMMAND_LINE_SIZE
 * bytes of it and counts the rest. Beyond that QEMU passes nothing, in
 * registers or in memory: arch_setup() asks the machine instead (SCLP, STSI, STIDP).
 */
#define LINUX_IMAGE_START	     0x10000 /* the ELF entry QEMU takes for Linux */
#define LINUX_MAGIC_OFFSET	     0x8 /* "S390EP": Linux's mark (QEMU checks it in raw images) */
#define PARMAREA_OFFSET		     0x400   /* Linux's parmarea: 0x10400 */
#define MAX_COMMAND_LINE_SIZE_OFFSET 0x430   /* u64: the size of the buffer below */
#define COMMAND_LINE_OFFSET	     0x480   /* the NUL-terminated command line: 0x10480 */
#define KERNEL_LOAD_ADDR	     0x20000 /* the kernel proper (kernel.lds) */
/* QEMU's buffer: 0x10480 up to the kernel, 64384 bytes. */
#define PARMAREA_COMMAND_LINE_SIZE   (KERNEL_LOAD_ADDR - LINUX_IMAGE_START - COMMAND_LINE_OFFSET)
#define COMMAND_LINE_SIZE	     4096 /* the kernel's copy: Linux's size on s390 */

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/* head.S: the command line QEMU wrote, at 0x10480 ("" without -append). */
extern char boot_command_line[PARMAREA_COMMAND_LINE_SIZE];

/* console.c: enable the SCLP VT220 console events; arch_setup() calls it first. */
void arch_console_init(void);

/* traps.c: low-address protection (head.S already installed the new PSWs). */
void arch_trap_init(void);

/*
 * mm.c: the empty address space, and execute protection if the CPU has the
 * facility (returns whether it does); arch_setup() calls it.
 */
bool arch_mm_setup(void);

/*
 * cpufeature.c: STORE SYSTEM INFORMATION fc.sel1.sel2 into a 4 KiB-aligned page;
 * returns the condition code (0: stored, 3: no such information).
 */
int stsi(void *sysib_page, unsigned int fc, unsigned int sel1, unsigned int sel2);
/* cpufeature.c: the banner's machine (STSI 1.1.1) and CPU (STIDP; iep: has no-execute) lines. */
void describe_machine(void);
void identify_cpu(bool iep);

/* firmware.c: the memory size the SCLP reports, in bytes (0 if it did not answer). */
u64 sclp_memory_size(void);

/* entropy.c: find the CPU's TRNG before start_kernel() feeds the CRNG. */
void s390_entropy_init(void);

#endif /* !__ASSEMBLY__ */
#endif
