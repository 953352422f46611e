/* SPDX-License-Identifier: MIT */
/*
 * Port I/O: x86's second address space, 64 Ki byte-wide ports reached only by
 * in/out (SDM Vol. 1 "I/O Port Addressing"). The PC devices we use (COM1, PIT, PIC, isa-debug-
 * exit) all live there, so no page-table mapping is involved.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IO_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IO_H

#include <trapdoor/types.h>

static inline void outb(u8 value, u16 port)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(value), "Nd"(port) : "memory");
}

static inline u8 inb(u16 port)
{
	u8 value;

	__asm__ __volatile__("inb %1, %0" : "=a"(value) : "Nd"(port) : "memory");
	return value;
}

static inline void outl(u32 value, u16 port)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(value), "Nd"(port) : "memory");
}

static inline u32 inl(u16 port)
{
	u32 value;

	__asm__ __volatile__("inl %1, %0" : "=a"(value) : "Nd"(port) : "memory");
	return value;
}

#endif
