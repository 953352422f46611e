/* SPDX-License-Identifier: MIT */
/*
 * The interrupt descriptor table and the task-state segment: where the CPU
 * finds the handler of each vector and the stacks it switches to.
 * Intel SDM Vol. 3A, chapters "Interrupt and Exception Handling" (IDT, 64-bit
 * gates) and "Task Management" (64-bit TSS).
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_DESC_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_DESC_H

#include <asm/irq_vectors.h> /* NR_IDT_VECTORS: exceptions, then interrupts */

/* Vectors 0-31 are the CPU's exceptions (SDM Vol. 3A Table 6-1). */
#define NR_EXCEPTION_VECTORS 32
#define IDT_ENTRY_SIZE	     16 /* a 64-bit gate descriptor (SDM Vol. 3A Figure 6-8) */

/*
 * entry.S has one stub per IDT vector, exception or interrupt, each padded to
 * this size, so head.S finds the stub of vector v at
 * exception_stubs + v * EXCEPTION_STUB_SIZE.
 */
#define EXCEPTION_STUB_SIZE 16

/* Byte 5 of a gate: present, DPL 0, type 0xe = 64-bit interrupt gate (clears IF). */
#define GATE_TYPE_INTERRUPT 0x0e /* SDM Vol. 3A Table 3-2 */
#define GATE_P		    0x80
#define GATE_DPL_USER	    0x60 /* user code may reach the gate with int n */

/* Interrupt-stack-table slot for the double fault: a known-good stack (traps.c). */
#define IST_INDEX_DF 1

/* Byte offset of sp0 in struct tss_struct, for arch_switch_to() in entry.S (asm/percpu.h). */
#define TSS_SP0 4

#ifndef __ASSEMBLY__
#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* A 64-bit interrupt/trap gate (SDM Vol. 3A "64-Bit Mode IDT", Figure 6-8). */
struct idt_entry {
	u16 offset_low;	 /* handler address bits 15:0 */
	u16 selector;	 /* code segment the handler runs in: __KERNEL_CS */
	u8 ist;		 /* bits 2:0: interrupt-stack-table slot, 0 = none */
	u8 type_attr;	 /* P, DPL, gate type */
	u16 offset_mid;	 /* handler address bits 31:16 */
	u32 offset_high; /* handler address bits 63:32 */
	u32 reserved;
} __packed;

/*
 * The 64-bit TSS (SDM Vol. 3A "Task Management in 64-bit Mode"). No tasks any more: it only
 * holds stack pointers. sp0 is loaded into RSP when an interrupt or exception
 * arrives from ring 3; ist[n - 1] when the gate names IST slot n.
 */
struct tss_struct {
	u32 reserved1;
	u64 sp0;
	u64 sp1;
	u64 sp2;
	u64 reserved2;
	u64 ist[7];
	u64 reserved3;
	u16 reserved4;
	u16 io_bitmap_base; /* beyond the limit: no I/O bitmap, user in/out faults */
} __packed;

/* A TSS descriptor in the GDT: 16 bytes (SDM Vol. 3A "TSS Descriptor in 64-bit mode"). */
#define TSS_TYPE_AVAILABLE 0x9 /* 64-bit TSS, not busy (SDM Vol. 3A Table 3-2) */

/* Defined in head.S (GDT) and traps.c (IDT); each CPU's TSS is in its asm/percpu.h area. */
extern u64 gdt_table[];
extern struct idt_entry idt_table[NR_IDT_VECTORS];

#endif /* __ASSEMBLY__ */
#endif
