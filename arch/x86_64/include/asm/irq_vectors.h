/* SPDX-License-Identifier: MIT */
/*
 * The IDT vectors above the CPU's exceptions: the interrupts. Linux's names
 * (arch/x86/include/asm/irq_vectors.h), our own numbers. Usable from
 * assembly (head.S fills NR_IDT_VECTORS gates, entry.S has as many stubs).
 *
 * Vectors 0-31 are reserved for exceptions (SDM Vol. 3A "Exception and
 * Interrupt Vectors", Table 6-1); an interrupt may use 32-255. The local APIC
 * ranks a pending interrupt by its vector's upper nibble (SDM Vol. 3A "Task
 * and Processor Priorities"), so 32-47 form one priority class, the lowest
 * usable: the timer, and the spurious vector, whose low nibble must read
 * 1111 on P6 and Pentium CPUs (SDM Vol. 3A "Spurious Interrupt"), so 0x2f
 * rather than 0x21. The next class, 0x30-0x3f, holds the 16 ISA IRQs, as in
 * Linux (ISA_IRQ_VECTOR()), routed there by the I/O APIC (drivers/ioapic.c).
 * Above them, in a class of its own, the IPI one CPU sends another (smp.c).
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IRQ_VECTORS_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IRQ_VECTORS_H

#define FIRST_EXTERNAL_VECTOR 0x20 /* the first vector that is not an exception */
#define LOCAL_TIMER_VECTOR    0x20 /* the local APIC timer: the scheduler tick (drivers/apic.c) */
#define SPURIOUS_APIC_VECTOR  0x2f /* the local APIC's "nothing after all" (drivers/apic.c) */

#define ISA_IRQ_VECTOR(irq) (0x30 + (irq)) /* ISA IRQ 0-15 */
#define COM1_IRQ	    4 /* the PC/AT wiring of the first serial port (console.c) */

#define IPI_VECTOR 0x40 /* from another CPU: ipi_interrupt() (smp.c) */

/* The IDT and entry.S's stubs end here: every vector a gate could send us to. */
#define NR_IDT_VECTORS 0x41

#endif
