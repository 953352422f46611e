/* SPDX-License-Identifier: MIT */
/*
 * head.S — the first instructions trapdoor runs on loongarch64.
 *
 * How we get here: there is no firmware. QEMU 7.2 (`-M virt -kernel trapdoor.elf`, no -bios)
 * copies each ELF segment to physical address p_paddr & 0x1fffffff, i.e. 0x200000 for us, and
 * starts every vCPU at e_entry = 0x9000000000200000 with:
 *   CRMD = 0xa8: PLV0 (kernel), interrupts off, direct address translation (DA = 1), where the
 *          physical address is simply the low PALEN (48) bits of the virtual address — so our
 *          0x9000... link address already works, by accident of truncation;
 *   all GPRs zero: no boot information is passed in registers (see setup.c for fw_cfg).
 *
 * What we do, in order: park all cores but core 0 until the kernel starts them (smp.c); open
 * the two direct mapping windows (DMW) the kernel lives in and switch to mapped translation
 * mode; install the exception entries; set up a stack; clear bss; record a0-a2; call
 * start_kernel(). A core the kernel starts goes through the same mode and entry set-up in
 * secondary_entry, then into C on its idle task's stack. Register names are the psABI's:
 * a0-a7 arguments (r4-r11), t0-t8 temporaries (r12-r20), sp (r3), ra (r1).
 */
#include <asm/csr.h>
#include <asm/io.h>
#include <asm/smp.h>

#define BOOT_STACK_SIZE	(16 * 1024)	/* 16 KiB: printk's 512-byte buffer and die() fit easily */

/* The DMW values (manual §7.5.18): which top nibble, which memory type, usable at PLV0. */
#define DMW0_INIT	(UNCACHED_BASE | DMW_MAT_SUC | DMW_PLV0)	/* 0x8...: devices */
#define DMW1_INIT	(CACHED_BASE | DMW_MAT_CC | DMW_PLV0)		/* 0x9...: RAM, us */

/*
 * CPU_MODE_INIT: from the reset state (direct address mode) to the kernel's: both windows
 * open, pc at its link address, mapped mode, the exception entries in place and every
 * interrupt line masked. Every core runs it once: core 0 in _start, the others in
 * secondary_entry. Uses t0 only.
 */
	.macro	CPU_MODE_INIT
	/*
	 * Open the direct mapping windows. Until CRMD.PG is set they do nothing, so order does not
	 * matter here. The kernel never builds page tables for itself: a DMW translates a whole
	 * 2^60-byte segment with no TLB, which is also why a syscall needs no page-table switch.
	 */
	li.d	$t0, DMW0_INIT			/* 0x8000000000000001: uncached, PLV0 */
	csrwr	$t0, LOONGARCH_CSR_DMW0		/* csrwr swaps: t0 gets the old value (unused) */
	li.d	$t0, DMW1_INIT			/* 0x9000000000000011: coherent cached, PLV0 */
	csrwr	$t0, LOONGARCH_CSR_DMW1

	/*
	 * Make sure the pc is our link address in the cached window, whatever address the loader
	 * jumped to (QEMU uses e_entry, a real loader might use the physical 0x200000). In DA
	 * mode the jump target is truncated to the same physical address, so this is safe.
	 */
	la.abs	$t0, 1f				/* absolute link-time address of 1: (0x9000...) */
	jr	$t0				/* go there: from now on pc = link address */
1:
	li.w	$t0, CRMD_KERNEL		/* PLV0, IE = 0, DA = 0, PG = 1 (mapped mode) */
	csrwr	$t0, LOONGARCH_CSR_CRMD		/* now the DMWs translate; any other address misses
						 * the TLB and takes a TLB refill exception */

	/*
	 * Exception entries, before anything else can fault. ECFG = 0: vector spacing 0 (every
	 * exception and interrupt enters at EENTRY itself and software reads ESTAT), and all
	 * interrupt lines masked. EENTRY is a virtual address, 4 KiB aligned (entry.S aligns it).
	 */
	csrwr	$zero, LOONGARCH_CSR_ECFG	/* write 0 (the old value goes to $zero: dropped) */
	la.pcrel $t0, handle_exception		/* entry.S: the one general exception entry */
	csrwr	$t0, LOONGARCH_CSR_EENTRY
	/*
	 * A TLB refill switches the CPU back to direct address mode before jumping, so its entry
	 * must be a PHYSICAL address. With no TLB entries every stray pointer outside the two
	 * windows ends up here: entry.S turns it into an Oops instead of a silent refill loop.
	 */
	la.pcrel $t0, handle_tlb_refill		/* its virtual address 0x9000...xxxx */
	bstrins.d $t0, $zero, 63, 60		/* clear the window nibble: VA - 0x9000... = PA */
	csrwr	$t0, LOONGARCH_CSR_TLBRENTRY
	.endm

	.section .text.head, "ax"	/* kernel.lds puts this first, at the entry address */
	.globl	_start
_start:
	/*
	 * Every vCPU starts here (QEMU resets them all to e_entry). Only core 0 may go on: the
	 * others would clear bss and run start_kernel() on the same stack at the same time.
	 */
	csrrd	$t0, LOONGARCH_CSR_CPUID	/* this core's number... */
	andi	$t0, $t0, CPUID_COREID_MASK	/* ...is CPUID.CoreID, bits 8:0 */
	bnez	$t0, secondary_park		/* not core 0: wait for the kernel to start us */

	CPU_MODE_INIT				/* windows, mapped mode, exception entries */

	/*
	 * The boot stack. The psABI wants sp 16-byte aligned at every call; the stack grows down,
	 * so sp starts at the (aligned) top. SAVE2 holds "the kernel stack to use when a trap
	 * comes from user mode" (entry.S); until there are tasks, that is this stack too.
	 */
	la.pcrel $sp, boot_stack_top		/* sp = top of boot_stack, 16-byte aligned */
	move	$t0, $sp			/* csrwr would swap sp itself; use a copy */
	csrwr	$t0, LOONGARCH_CSR_SAVE2	/* KSAVE_KSP in entry.S */

	/*
	 * Clear bss: C expects static variables without an initialiser to be zero, and QEMU only
	 * copies the bytes in the file. kernel.lds aligns both ends to 8, so double-words do.
	 * The boot stack is in bss too; nothing is on it yet.
	 */
	la.pcrel $t0, __bss_start		/* t0 = first byte */
	la.pcrel $t1, __bss_stop		/* t1 = one past the last byte */
2:	bgeu	$t0, $t1, 3f			/* done when t0 reaches the end */
	st.d	$zero, $t0, 0			/* *t0 = 0, eight bytes at a time */
	addi.d	$t0, $t0, 8			/* next double-word */
	b	2b
3:
	/*
	 * The handoff: a0-a2 are where the Linux/EFI boot protocol puts its arguments (a0 EFI
	 * boot flag, a1 command line, a2 EFI system table). QEMU 7.2 leaves them 0 for an ELF;
	 * we keep them for setup.c anyway (stored after the bss clear, which would wipe them).
	 */
	la.pcrel $t0, boot_args			/* setup.c: unsigned long boot_args[3] */
	st.d	$a0, $t0, 0
	st.d	$a1, $t0, 8
	st.d	$a2, $t0, 16

	move	$tp, $zero			/* the kernel uses no thread pointer */
	move	$fp, $zero			/* a zero frame pointer ends any backtrace here */
	move	$ra, $zero			/* ...and so does a zero return address */
	bl	start_kernel			/* kernel/main.c; never returns */
5:	idle	0				/* should it return: sleep, every line masked */
	b	5b				/* and never wake into anything */

/*
 * The cores other than 0, straight from reset (direct address mode, interrupts off), wait
 * here for the kernel to start them through the IPI mailbox (smp.c, arch_cpu_up()): it
 * writes secondary_entry's physical address into our mailbox 0, then sends us an IPI. We
 * enable the IPI vectors and the IPI line in ECFG (CRMD.IE stays 0: the interrupt is never
 * taken, it only ends the idle), then loop: lower the IPI, look at the mailbox (filled: jump
 * there), sleep until the next IPI. The look comes before the sleep: an IPI sent before our vectors
 * were enabled raises no line (QEMU 7.2 checks the enable when an IPI is set, never later),
 * but the mailbox still says it was sent. idle stops the vCPU instead of
 * spinning, so a waiting core costs the host nothing. Uses t0 and t1 only: no stack yet.
 */
secondary_park:
	li.w	$t0, -1				/* every one of the 32 IPI vectors... */
	li.w	$t1, LOONGARCH_IOCSR_IPI_EN
	iocsrwr.w $t0, $t1			/* ...may raise our IPI line */
	li.w	$t0, ECFG_LIE_IPI		/* the IPI line, and no other... */
	csrwr	$t0, LOONGARCH_CSR_ECFG		/* ...may end an idle */
3:	li.w	$t0, -1				/* every vector... */
	li.w	$t1, LOONGARCH_IOCSR_IPI_CLEAR
	iocsrwr.w $t0, $t1			/* ...lowered: only a new IPI ends the next idle */
	li.w	$t1, LOONGARCH_IOCSR_MBUF0 + 8 * SMP_MAILBOX_ENTRY
	iocsrrd.d $t0, $t1			/* t0 = mailbox 0: where to go */
	bnez	$t0, 4f				/* filled: we are started */
	idle	0				/* empty: sleep until an IPI is pending */
	b	3b				/* and look again */
4:	jr	$t0				/* to secondary_entry's physical address (DA mode) */

/*
 * secondary_entry: a core the kernel starts (include/trapdoor/arch.h, arch_cpu_up()). The
 * same label on every arch. Its mailboxes hold what smp.c left there for it: its first stack
 * pointer (the top of its idle task's kernel stack) and its struct cpu_info. It sets up the
 * CPU as _start did, and goes on in C, where loongarch_secondary_start() (smp.c) sets up the
 * per-CPU registers, the TLB, the timer and the IPIs, and enters secondary_start_kernel().
 */
	.globl	secondary_entry
secondary_entry:
	CPU_MODE_INIT				/* windows, mapped mode, exception entries */
	li.w	$t1, LOONGARCH_IOCSR_MBUF0 + 8 * SMP_MAILBOX_SP
	iocsrrd.d $sp, $t1			/* sp = mailbox 1: the idle task's stack top */
	li.w	$t1, LOONGARCH_IOCSR_MBUF0 + 8 * SMP_MAILBOX_CPU
	iocsrrd.d $a0, $t1			/* argument 1 = mailbox 2: &cpu_info[cpu] */
	move	$tp, $zero			/* the kernel uses no thread pointer */
	move	$fp, $zero			/* a zero frame pointer ends any backtrace here */
	move	$ra, $zero			/* ...and so does a zero return address */
	bl	loongarch_secondary_start	/* smp.c; never returns */
6:	idle	0				/* should it return: sleep... */
	b	6b				/* ...for ever */

	/* The boot stack, in bss (cleared above, costs nothing in the ELF file). */
	.section .bss..boot_stack, "aw", @nobits
	.balign	16				/* psABI: sp 16-byte aligned */
boot_stack:
	.space	BOOT_STACK_SIZE
boot_stack_top:
