/* SPDX-License-Identifier: MIT */
/*
 * riscv64 boot entry: from OpenSBI to start_kernel().
 *
 * OpenSBI (fw_jump) runs in M-mode, then drops to S-mode and jumps to the first byte of this
 * file at 0x80200000 with (OpenSBI docs/firmware/fw.md, SBI spec chapter 3 "Binary Encoding"):
 *   a0 = this hart's id (any number: never assume 0)
 *   a1 = physical address of the flattened device tree
 *   satp = 0 (no translation: every address is physical), S-mode interrupts disabled.
 * We own nothing else yet: no stack, bss not cleared, stvec pointing nowhere useful.
 */
#include <asm/csr.h>
#include <asm/setup.h>

	.section .head.text, "ax"
	.globl	_start
_start:
	/*
	 * The RISC-V Linux "Image" header (Linux Documentation/arch/riscv/boot-image-header.rst),
	 * 64 bytes that let U-Boot's booti start this kernel as a flat binary, loaded at
	 * 0x80200000 (docs/boot.md, "Through U-Boot"). fw_jump and booti both jump to its first byte,
	 * which branches over the rest. norvc: code0 must be a full 4-byte instruction.
	 */
	.option	push
	.option	norvc
	j	.Lprimary_entry		// code0: executed; skips the header
	.option	pop
	.word	0			// code1
	.dword	0x200000		// text_offset: RAM base + 2 MiB, for a loader that moves us
	.dword	__kernel_image_size	// image_size: the whole image, .bss and stack too
	.dword	0			// flags: little-endian
	.word	0x2			// version 0.2 of the header
	.word	0			// res1
	.dword	0			// res2
	.ascii	"RISCV\0\0\0"		// magic (deprecated, still checked by some loaders)
	.ascii	"RSC\x05"		// magic2
	.word	0			// res3 (offset of a PE header: none)

.Lprimary_entry:
	/* Keep interrupts off until someone is ready to handle them. */
	csrw	sie, zero		// mask every S-mode interrupt source individually
	csrw	sip, zero		// drop a stale software interrupt left pending (SSIP)
	csrci	sstatus, SR_SIE		// and the global S-mode enable; csrci: imm < 32

	/* Switch the FPU and vector unit off: compiled with -march=rv64imac the kernel has no
	 * reason to use them, so any such instruction is a bug and must trap (illegal). */
	li	t0, SR_FS | SR_VS	// the two 2-bit "state" fields; 0 means Off
	csrc	sstatus, t0		// clear them
	/* SUM = 0: S-mode may not touch pages marked U, so a stray kernel access to user
	 * memory faults (uaccess copies through the kernel's own map and never needs it).
	 * MXR = 0: no loads from execute-only pages. The reset value of neither is ours to
	 * assume, so clear both. */
	li	t0, SR_SUM | SR_MXR
	csrc	sstatus, t0

	/* gp: the kernel is built without linker relaxation (-mno-relax, --no-relax), so no
	 * code addresses data through gp. Zero it so a register dump shows it holds nothing;
	 * after a trap from user mode it simply carries the user program's own gp. */
	mv	gp, zero
	/* tp: in the kernel it will hold this CPU's struct cpu_info (asm/smp.h), which
	 * start_kernel() sets first thing; until then it holds nothing: zero it. */
	mv	tp, zero

	/* Several harts may arrive here (old OpenSBI, or other boot firmware that starts every
	 * hart at the payload). Only one may run the kernel: the first to take a ticket from
	 * the lottery word. amoadd.w atomically adds 1 and returns the previous value, so
	 * exactly one hart sees 0. The word lives in .data, not .bss: bss is cleared below,
	 * while the other harts may still be drawing. */
	la	t0, boot_hart_lottery	// pc-relative address (auipc + addi)
	li	t1, 1
	amoadd.w t1, t1, (t0)		// t1 = old value; the word is now old + 1
	bnez	t1, .Lpark		// somebody was first: park this hart

	/* The stack: 16 KiB reserved by kernel.lds. It grows down, so sp starts at the top.
	 * __boot_stack_top is 16-byte aligned, as the RISC-V psABI requires of sp. */
	la	sp, __boot_stack_top

	/* Exceptions from here on go to entry.S. stvec holds the handler's address with the
	 * MODE in its two low bits: Direct mode (0) sends every trap to that one address,
	 * which must be 4-byte aligned (entry.S aligns it). Before this line a trap would
	 * land wherever stvec pointed, and we need sp set first, because the handler saves the
	 * registers on the stack. */
	la	t0, handle_exception
	csrw	stvec, t0		// low bits = STVEC_MODE_DIRECT
	/* sscratch = 0 means "the trap came from the kernel" to handle_exception. */
	csrw	sscratch, zero

	/* a0 and a1 are still the firmware's; keep them in saved registers over the loop. */
	mv	s1, a0			// hart id
	mv	s2, a1			// device tree

	/* C assumes static variables without an initialiser are zero: clear bss. */
	la	t0, __bss_start		// both ends are 8-byte aligned (kernel.lds)
	la	t1, __bss_stop
1:	bgeu	t0, t1, 2f		// done when t0 reaches the end (also if bss is empty)
	sd	zero, 0(t0)		// clear 8 bytes
	addi	t0, t0, 8
	j	1b
2:
	/* Only now store the handoff: the variables are in bss, which we just cleared. */
	la	t0, boot_hartid
	sd	s1, 0(t0)
	la	t0, boot_fdt
	sd	s2, 0(t0)

	/* s0 is the frame pointer (-fno-omit-frame-pointer) and ra the return address: zero
	 * both so a stack walk knows start_kernel() is the outermost frame. */
	mv	s0, zero
	mv	ra, zero
	call	start_kernel		// __noreturn

	/* Not reached; if start_kernel() ever returned, fall through and park. */
.Lpark:
	wfi				// sleep; with sie = 0 no interrupt can wake us,
	j	.Lpark			// but wfi is allowed to return early: loop

/*
 * secondary_entry: where every other CPU starts. arch_cpu_up() (smp.c) asked the SBI firmware
 * to start the hart here (HSM hart_start, SBI spec 9.1), which it does in S-mode with
 *   a0 = this hart's id
 *   a1 = the opaque value: this CPU's struct secondary_boot (smp.c)
 *   satp = 0, sstatus.SIE = 0; every other register undefined.
 * The same steps as the boot hart's, minus what only happens once (bss, the handoff), plus
 * what CPU 0 got from start_kernel() and arch_setup(): tp, a stack of its own (its idle
 * task's) and the kernel's page table.
 */
	.text
	.globl	secondary_entry
	.balign	4
secondary_entry:
	csrw	sie, zero		// mask every S-mode interrupt source individually
	csrw	sip, zero		// drop a stale software interrupt (SSIP)
	csrci	sstatus, SR_SIE		// and the global S-mode enable
	li	t0, SR_FS | SR_VS	// FPU and vector unit Off, as on the boot hart
	csrc	sstatus, t0
	li	t0, SR_SUM | SR_MXR	// no S-mode access to U pages, no loads from X-only pages
	csrc	sstatus, t0
	mv	gp, zero		// gp holds nothing in the kernel (see above)
	ld	tp, SB_CPU(a1)		// tp = &cpu_info[cpu]: this_cpu() from here on
	ld	sp, SB_SP(a1)		// sp = the top of its idle task's kernel stack
	la	t0, handle_exception	// the trap vector, Direct mode, as on the boot hart
	csrw	stvec, t0
	csrw	sscratch, zero		// 0 = "the trap came from the kernel"
	ld	t0, SB_SATP(a1)		// the kernel's page table, Sv39, ASID 0
	fence	rw, rw			// CPU 0's stores to the tables before our first walk
	csrw	satp, t0		// translation on: the identity map, so the pc stays valid
	sfence.vma zero, zero		// nothing this hart cached before counts
	mv	s0, zero		// the outermost frame for a stack walk, as for start_kernel()
	mv	ra, zero
	call	riscv_secondary_start	// smp.c: timer and IPI on, then secondary_start_kernel()
1:	wfi				// not reached: riscv_secondary_start() does not return
	j	1b

	.data
	.balign	4
boot_hart_lottery:			// how many harts have entered _start so far
	.word	0
