// SPDX-License-Identifier: MIT
/*
 * The I/O APIC (asm/io_apic.h): routes a device's interrupt line to a vector
 * of this CPU's local APIC (drivers/apic.c), which then delivers it like the
 * timer's, through the IDT to do_trap() (traps.c), and takes the same EOI.
 *
 * No ACPI table is read (Makefile.arch boots microvm with acpi=off), so the
 * I/O APIC is taken to be where every PC and QEMU board puts it, and each ISA
 * IRQ on the pin of the same number: true for IRQs 1 and 3-15 on microvm and
 * on -M pc (only the PIT's IRQ 0 moves, to pin 2, and we do not use it).
 * The 8259 PIC, the other receiver of the ISA lines, stays masked (head.S).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <asm/io_apic.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

#define CPUID_SIGNATURE	    0x00000001 /* ebx 31:24: the initial local APIC ID */
#define CPUID_APIC_ID_SHIFT 24
#define IO_APIC_ABSENT	    0xffffffffU /* what a read of unbacked memory gives */

static volatile u32 *io_apic; /* the register page, through the direct map */

static u32 io_apic_read(unsigned int reg)
{
	io_apic[IO_APIC_REGSEL / sizeof(u32)] = reg;
	return io_apic[IO_APIC_WIN / sizeof(u32)];
}

static void io_apic_write(unsigned int reg, u32 val)
{
	io_apic[IO_APIC_REGSEL / sizeof(u32)] = reg;
	io_apic[IO_APIC_WIN / sizeof(u32)] = val;
}

/* This CPU's local APIC ID, as the CPU reports it: where the message goes. */
static u32 this_cpu_apic_id(void)
{
	u32 eax, ebx, ecx, edx;

	cpuid(CPUID_SIGNATURE, &eax, &ebx, &ecx, &edx);
	return ebx >> CPUID_APIC_ID_SHIFT;
}

/*
 * Route ISA IRQ irq (edge-triggered, active high) to vector on this CPU,
 * fixed delivery, and unmask it. The high half first: the entry goes live
 * when the low half clears the mask.
 */
bool io_apic_route_isa_irq(unsigned int irq, unsigned int vector)
{
	u32 version;

	if (!io_apic) {
		io_apic = phys_to_virt(IO_APIC_DEFAULT_PHYS_BASE);
		kernel_map_uncached((unsigned long)io_apic); /* mm.c: registers, not memory */
	}
	version = io_apic_read(IO_APIC_VERSION);
	if (version == IO_APIC_ABSENT || irq > ((version >> IO_APIC_MAX_REDIR_SHIFT) & 0xff)) {
		printk("ioapic: none at 0x%x, or no pin %u\n", IO_APIC_DEFAULT_PHYS_BASE, irq);
		return false;
	}
	io_apic_write(IO_APIC_REDIR_TABLE(irq) + 1, this_cpu_apic_id() << IO_APIC_REDIR_DEST_SHIFT);
	io_apic_write(IO_APIC_REDIR_TABLE(irq), vector); /* edge, active high, unmasked */
	return true;
}
