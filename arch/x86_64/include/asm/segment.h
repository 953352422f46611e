/* SPDX-License-Identifier: MIT */
/*
 * The GDT layout and its selectors. Usable from assembly (head.S builds the
 * table) and C. In 64-bit mode segmentation is almost gone: base and limit of
 * CS/DS/ES/SS are ignored, but CS still says "64-bit code" and which ring runs.
 *
 * The order is fixed by syscall/sysret (SDM Vol. 2B SYSRET; Vol. 3A "Fast
 * System Calls in 64-Bit Mode"): sysret loads CS = STAR[63:48] + 16 and
 * SS = STAR[63:48] + 8, so user data must sit right below user code; syscall
 * loads CS = STAR[47:32] and SS = STAR[47:32] + 8, so kernel data must sit
 * right above kernel code.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SEGMENT_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SEGMENT_H

#define GDT_ENTRY_KERNEL_CS 1 /* 0x08 */
#define GDT_ENTRY_KERNEL_DS 2 /* 0x10 */
#define GDT_ENTRY_USER_DS   3 /* 0x18 */
#define GDT_ENTRY_USER_CS   4 /* 0x20 */
/*
 * From 0x28 on, each CPU's TSS: a 16-byte system descriptor, two slots, for
 * CPU n at slot GDT_ENTRY_TSS + 2 * n. A CPU marks the TSS it loads busy,
 * so no two CPUs can share one.
 */
#define GDT_ENTRY_TSS	    5
#define GDT_NR_TSS	    8 /* NR_CPUS (include/trapdoor/smp.h), for head.S */
#define GDT_ENTRIES	    (GDT_ENTRY_TSS + 2 * GDT_NR_TSS)

/* A selector is index * 8 | table indicator (0: GDT) | requested privilege level. */
#define SEGMENT_RPL_USER    3
#define __KERNEL_CS	    (GDT_ENTRY_KERNEL_CS * 8)
#define __KERNEL_DS	    (GDT_ENTRY_KERNEL_DS * 8)
#define __USER_DS	    (GDT_ENTRY_USER_DS * 8 + SEGMENT_RPL_USER)
#define __USER_CS	    (GDT_ENTRY_USER_CS * 8 + SEGMENT_RPL_USER)
#define __TSS_SELECTOR(cpu) ((GDT_ENTRY_TSS + 2 * (cpu)) * 8)

/*
 * A code/data segment descriptor (SDM Vol. 3A §3.4.5, Figure 3-8). We build
 * only flat ones: base 0, limit 0xfffff in 4 KiB units (= 4 GiB).
 */
#define DESC_TYPE_ACCESSED 0x01 /* access byte bit 0: set by the CPU on first use */
#define DESC_TYPE_RW	   0x02 /* code: readable; data: writable */
#define DESC_TYPE_CODE	   0x08 /* code, not data */
#define DESC_S		   0x10 /* code or data, not a system descriptor */
#define DESC_DPL_USER	   0x60 /* descriptor privilege level 3 */
#define DESC_P		   0x80 /* present */
#define DESC_FLAG_L	   0x2	/* flags nibble: 64-bit code segment */
#define DESC_FLAG_DB	   0x4	/* flags nibble: 32-bit default size (must be 0 with L) */
#define DESC_FLAG_G	   0x8	/* flags nibble: limit counts 4 KiB pages */
#define DESC_ACCESS_SHIFT  40	/* bits 47:40 of the descriptor */
#define DESC_FLAGS_SHIFT   52	/* bits 55:52 */
#define DESC_FLAT_LIMIT	   0x000f00000000ffff /* limit 19:16 in 51:48, 15:0 in 15:0 */

/* The shifts need 64 bits in C; the assembler computes in 64 bits anyway. */
#ifdef __ASSEMBLY__
#define DESC_U64(x) (x)
#else
#define DESC_U64(x) ((unsigned long long)(x))
#endif
#define GDT_ENTRY_FLAT(access, flags)                                                      \
	((DESC_U64(flags) << DESC_FLAGS_SHIFT) | (DESC_U64(access) << DESC_ACCESS_SHIFT) | \
	 DESC_FLAT_LIMIT)

#define GDT_KERNEL_CODE64 \
	GDT_ENTRY_FLAT(DESC_P | DESC_S | DESC_TYPE_CODE | DESC_TYPE_RW, DESC_FLAG_L | DESC_FLAG_G)
#define GDT_KERNEL_DATA GDT_ENTRY_FLAT(DESC_P | DESC_S | DESC_TYPE_RW, DESC_FLAG_DB | DESC_FLAG_G)
#define GDT_USER_DATA \
	GDT_ENTRY_FLAT(DESC_P | DESC_S | DESC_DPL_USER | DESC_TYPE_RW, DESC_FLAG_DB | DESC_FLAG_G)
#define GDT_USER_CODE64                                                                 \
	GDT_ENTRY_FLAT(DESC_P | DESC_S | DESC_DPL_USER | DESC_TYPE_CODE | DESC_TYPE_RW, \
		       DESC_FLAG_L | DESC_FLAG_G)

#endif
