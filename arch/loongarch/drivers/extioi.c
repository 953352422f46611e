// SPDX-License-Identifier: MIT
/*
 * The extended I/O interrupt controller (EXTIOI, Linux's "eiointc") of the Loongson 3A5000 and
 * of QEMU's loongarch virt board: 256 vectors, each enabled or not, routed to a core and to one
 * of the core's hardware interrupt lines, HWI0-HWI7 (ESTAT.IS[9:2]). Its registers are IOCSRs
 * (Loongson 3A5000 user manual, "Extended I/O interrupts"). We route every vector to core 0,
 * line HWI0; do_trap() (traps.c) calls extioi_handle_irq() when that line is up.
 */
#include <trapdoor/compiler.h>
#include <asm/csr.h>
#include <asm/extioi.h>

#define EXTIOI_IPMAP   0x14c0 /* 8 bytes, one per 32 vectors: bit n = line IPn */
#define EXTIOI_ENABLE  0x1600 /* 256 bits: 1 = the vector may interrupt */
#define EXTIOI_COREISR 0x1800 /* 256 bits, this core's pending vectors */
#define EXTIOI_COREMAP 0x1c00 /* one byte per vector: bit n = core n */
#define EXTIOI_VECTORS 256
#define EXTIOI_IP0     0x1 /* route to IP0, the core's HWI0 */
#define EXTIOI_CORE0   0x1

static void (*extioi_handler[EXTIOI_VECTORS])(void);

/* The byte registers are reached 32 bits at a time: QEMU 7.2 ignores byte-wide IOCSR writes. */
static unsigned int byte_insert(unsigned int word, unsigned int byte, unsigned int v)
{
	return (word & ~(0xffU << byte * 8)) | v << byte * 8;
}

/* Turns the controller on, sends vector irq to core 0's HWI0 and enables it, with its handler. */
void extioi_enable(unsigned int irq, void (*handler)(void))
{
	unsigned long enable = EXTIOI_ENABLE + irq / 64 * 8;

	iocsr_write64(iocsr_read64(LOONGARCH_IOCSR_MISC_FUNC) | IOCSR_MISC_FUNC_EXT_IOI_EN,
		      LOONGARCH_IOCSR_MISC_FUNC);
	extioi_handler[irq] = handler;
	iocsr_write32(
	    byte_insert(iocsr_read32(EXTIOI_IPMAP + irq / 32 / 4 * 4), irq / 32 % 4, EXTIOI_IP0),
	    EXTIOI_IPMAP + irq / 32 / 4 * 4);
	iocsr_write32(
	    byte_insert(iocsr_read32(EXTIOI_COREMAP + irq / 4 * 4), irq % 4, EXTIOI_CORE0),
	    EXTIOI_COREMAP + irq / 4 * 4);
	iocsr_write64(iocsr_read64(enable) | 1UL << (irq % 64), enable);
}

/*
 * HWI0 is up: run the handler of every pending vector. The sources are level-triggered: a
 * handler that serves its device lowers the line, and the vector's pending bit with it; one
 * that is still up when we return interrupts again at once.
 */
void extioi_handle_irq(void)
{
	for (unsigned int word = 0; word < EXTIOI_VECTORS / 64; word++) {
		unsigned long pending = iocsr_read64(EXTIOI_COREISR + word * 8);

		while (pending) {
			unsigned int irq = word * 64 + (unsigned int)__builtin_ctzl(pending);

			pending &= pending - 1;
			if (extioi_handler[irq])
				extioi_handler[irq]();
		}
	}
}
