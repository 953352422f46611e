/* SPDX-License-Identifier: MIT */
/*
 * ppc64 (big-endian, pseries) boot entry: from VOF to start_kernel().
 *
 * QEMU's pseries machine loads this ELF at 0x400000 and starts VOF, its small Open Firmware
 * (QEMU pc-bios/vof), which calls the first byte of our image with (hw/ppc/spapr_vof.c):
 *   r1 = a stack inside VOF's memory (0x8000-0x10000)
 *   r3, r4 = address and size of an initrd (none here)
 *   r5 = the Open Firmware client-interface entry: VOF passes no device-tree blob, so this
 *        function is the only way to learn the memory size, the console, the RTAS tokens
 *   MSR = 0: 32-bit mode (VOF is 32-bit code), big-endian, real mode (IR = DR = 0: no
 *        MMU, every address is physical), supervisor, every interrupt source off
 * Only one CPU gets here: pseries keeps every other CPU stopped until the kernel starts it
 * with the RTAS call start-cpu (smp.c), so there are no secondaries to park; a started
 * CPU begins at secondary_entry, at the end of this file.
 *
 * One fact orders everything below: VOF lives at real address 0, exactly where the CPU
 * jumps on an interrupt (0x100 system reset, 0x300 data storage, 0x700 program, ...). So
 * we first ask the firmware everything we need (prom_init, in C), and only then copy our
 * interrupt vectors over it; from then on the firmware is gone.
 */
#include <asm/paca.h>
#include <asm/ppc_asm.h>
#include <asm/ptrace.h>
#include <asm/reg.h>

/*
 * KERNEL_MSR target: go on at target with the MSR we run the kernel with, whatever the
 * firmware gave. In 32-bit mode (MSR[SF] = 0) addresses wrap at 4 GiB and, worse for
 * compiled code, the condition codes and the carry bit are computed from the low 32 bits
 * only: 64-bit C code would take wrong branches. We also want machine checks on (ME), and
 * mtmsrd cannot change MSR[ME]; rfid, "return from interrupt", sets the whole MSR from
 * SRR1 while jumping to SRR0, so "return" to target with MSR_KERNEL = SF | ME | RI
 * (asm/reg.h). SF is bit 63, too high for an immediate. Every CPU runs it once: the boot
 * CPU in _start, the others in secondary_entry. Uses r11 and r12.
 */
	.macro	KERNEL_MSR target
	LOAD_ADDR(r11, \target)
	mtspr	SPRN_SRR0, r11		/* where rfid jumps */
	li	r12, 1
	sldi	r12, r12, 63		/* r12 = MSR_SF */
	ori	r12, r12, MSR_ME | MSR_RI	/* IR = DR = EE = PR = LE = 0 */
	mtspr	SPRN_SRR1, r12		/* the MSR rfid installs */
	rfid
	.endm

	.abiversion 2			/* ELFv2 ABI: plain function pointers, no descriptors */

	.section .head.text, "ax"	/* kernel.lds puts this first: VOF jumps to byte 0 */
	.globl	_start
_start:
	KERNEL_MSR .Lin_64bit_mode	/* 64-bit mode, first thing */
.Lin_64bit_mode:

	/*
	 * r2, the TOC pointer: compiled C finds its global variables at fixed offsets from r2
	 * (ELFv2 ABI, "TOC"). The linker defines .TOC. for us; calls from here into C enter
	 * past the functions' own r2 set-up, so r2 must be right before the first call.
	 */
	LOAD_ADDR(r2, .TOC.)

	/* The firmware's handoff lives in r5; keep it in a register we won't touch. */
	mr	r31, r5

	/* C assumes static variables without an initialiser are zero: clear bss. */
	LOAD_ADDR(r3, __bss_start)	/* both ends are 8-byte aligned (kernel.lds) */
	LOAD_ADDR(r4, __bss_stop)
	li	r0, 0
1:	cmpld	r3, r4			/* unsigned 64-bit compare into cr0 */
	bge	2f			/* done when r3 reaches the end (also if bss is empty) */
	std	r0, 0(r3)		/* clear 8 bytes */
	addi	r3, r3, 8
	b	1b
2:
	/*
	 * The boot stack: 16 KiB at the end of bss (kernel.lds), growing down from its
	 * 16-byte aligned top. The ELFv2 ABI lets a called function store its return address
	 * at 16(r1), inside its *caller's* frame, so start with a minimal 32-byte frame of our
	 * own rather than r1 = the very top. Its back chain word (0(r1)) is 0: a debugger
	 * walking the stack stops here. "16-byte aligned SP": r1 stays a multiple of 16.
	 */
	LOAD_ADDR(r1, __boot_stack_top)
	li	r0, 0
	stdu	r0, -STACK_FRAME_MIN_SIZE(r1)	/* store 0 at r1 - 32, then r1 -= 32 */

	/* Only now store the handoff: prom_entry is in bss, which we just cleared. */
	LOAD_ADDR(r3, prom_entry)
	std	r31, 0(r3)

	/*
	 * The per-cpu area (asm/paca.h): SPRG0 points at it for the interrupt entry, r13 for
	 * C code. It must be set before the first interrupt can reach entry.S. The boot CPU
	 * is logical CPU 0: paca[0] (smp.c).
	 */
	LOAD_ADDR(r13, paca)
	mtspr	SPRN_SPRG0, r13

	/* Ask the firmware about the machine while it still exists (firmware.c). */
	bl	prom_init

	/*
	 * Install the interrupt vectors: copy entry.S's .vectors section to real address 0,
	 * its link address, over VOF. QEMU loaded those bytes inside our image at
	 * __vectors_load (kernel.lds). Instructions written as data must be pushed out of the
	 * data cache (dcbst), the store waited for (sync), any stale copy dropped from the
	 * instruction cache (icbi), and prefetched instructions discarded (isync): the Power
	 * ISA's sequence for modifying code (Book II, "Instruction Storage").
	 */
	LOAD_ADDR(r3, __vectors_start)	/* destination: 0 */
	LOAD_ADDR(r4, __vectors_load)	/* source */
	LOAD_ADDR(r5, __vectors_end)	/* end of the destination */
3:	cmpld	r3, r5
	bge	4f
	ld	r0, 0(r4)		/* 8 bytes (two instructions) at a time */
	std	r0, 0(r3)
	dcbst	0, r3			/* write the cache block holding them to memory */
	sync				/* wait for that */
	icbi	0, r3			/* invalidate the block in the instruction cache */
	addi	r3, r3, 8
	addi	r4, r4, 8
	b	3b
4:	isync				/* refetch everything from here on */

	/* Any interrupt now lands in entry.S and ends in die() with a register dump. */
	bl	start_kernel		/* __noreturn */
5:	b	5b			/* not reached */


/*
 * int enter_prom(struct prom_args *args, unsigned long entry)
 *
 * Calls the Open Firmware client interface: r3 = args (already in r3), jump to entry.
 * The firmware is 32-bit code and must run in 32-bit mode (MSR[SF] = 0). Its ABI, the
 * 32-bit PowerPC SysV ABI, preserves r13-r31 across the call, but only their low 32 bits
 * (it saves them with 32-bit stores); it also loads its own r2 and does not restore ours.
 * So we save r2, r13-r31 and CR ourselves, whole, and restore them afterwards. Our stack,
 * args and all our addresses are below 4 GiB, so 32-bit mode sees them unchanged.
 */
#define PROM_FRAME_R2		STACK_FRAME_MIN_SIZE		/* r2, then r13..r31 */
#define PROM_FRAME_GPR(n)	(PROM_FRAME_R2 + ((n) - 12) * 8)
#define PROM_FRAME_CR		PROM_FRAME_GPR(32)
#define PROM_FRAME_MSR		(PROM_FRAME_CR + 8)
#define PROM_FRAME_SIZE		(PROM_FRAME_MSR + 8)		/* 208: a multiple of 16 */

	.text
	.globl	enter_prom
enter_prom:
	mflr	r0			/* our return address... */
	std	r0, STACK_FRAME_LR_SAVE(r1)	/* ...goes in our caller's frame (ELFv2) */
	stdu	r1, -PROM_FRAME_SIZE(r1)	/* own frame, with the back chain at 0(r1) */
	std	r2, PROM_FRAME_R2(r1)
	.irp	n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std	\n, PROM_FRAME_GPR(\n)(r1)	/* all non-volatile GPRs, 64 bits each */
	.endr
	mfcr	r10
	std	r10, PROM_FRAME_CR(r1)	/* CR fields 2-4 are non-volatile too */
	mfmsr	r11
	std	r11, PROM_FRAME_MSR(r1)	/* the 64-bit MSR, to come back to */

	mtctr	r4			/* the entry point, for bctrl */
	clrldi	r11, r11, 1		/* clear the top bit, MSR[SF]: 32-bit mode */
	mtmsrd	r11
	isync
	bctrl				/* firmware(r3 = args); returns to the next line */

	/*
	 * Back in 32-bit mode. The firmware may have scribbled on 4(r1) (the 32-bit ABI's LR
	 * save slot in its caller's frame, i.e. half of our back chain), so nothing below
	 * reads the back chain: we pop our frame with addi.
	 */
	ld	r11, PROM_FRAME_MSR(r1)
	mtmsrd	r11			/* 64-bit mode again */
	isync
	ld	r2, PROM_FRAME_R2(r1)
	.irp	n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	\n, PROM_FRAME_GPR(\n)(r1)
	.endr
	ld	r10, PROM_FRAME_CR(r1)
	mtcr	r10
	addi	r1, r1, PROM_FRAME_SIZE	/* pop our frame */
	ld	r0, STACK_FRAME_LR_SAVE(r1)
	mtlr	r0
	extsw	r3, r3			/* an int result is sign-extended to 64 bits (ELFv2) */
	blr

/*
 * secondary_entry: where every other CPU starts. arch_cpu_up() (smp.c) asks RTAS
 * start-cpu to start the CPU here, and QEMU (hw/ppc/spapr_rtas.c) does so with:
 *   r3  = the argument arch_cpu_up() gave: this CPU's paca (asm/paca.h), which says
 *         which logical CPU it is and which stack to use
 *   MSR = SF | ME: 64-bit, big-endian, real mode, interrupts masked
 *   r1  = 0: no stack yet
 * and the LPCR of the CPU that asked (the hash MMU, big-endian interrupts). The
 * interrupt vectors at real address 0 are already there: every CPU uses the same
 * ones, and finds its own paca in its own SPRG0.
 */
	.text
	.globl	secondary_entry
secondary_entry:
	KERNEL_MSR .Lsecondary_64bit	/* 64-bit, machine checks on, as _start */
.Lsecondary_64bit:
	mr	r13, r3			/* r13 = this CPU's paca, for C ... */
	mtspr	SPRN_SPRG0, r13		/* ... and SPRG0 for the interrupt entry (entry.S) */
	LOAD_ADDR(r2, .TOC.)		/* the kernel's TOC pointer, before any C */
	ld	r1, PACA_START_SP(r13)	/* the idle task's stack: the frame below pt_regs */
	li	r0, 0
	std	r0, 0(r1)		/* back chain 0: a stack walk stops here */
	bl	start_secondary		/* smp.c: sets up this CPU, never returns */
6:	b	6b			/* not reached */
