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
 *
 * The kernel is linked at 0xffffffff80200000 (asm/page.h, kernel.lds) but runs at 0x80200000
 * until translation is on: everything before that is pc-relative (la is auipc + addi), and
 * touches memory only at physical addresses. enable_mmu turns translation on with
 * early_pg_dir and jumps to the linked addresses; riscv_mmu_init() (mm.c) later replaces that
 * table by the kernel's own, which maps nothing in the lower half.
 */
#include <asm/csr.h>
#include <asm/page.h>
#include <asm/setup.h>

/*
 * Sv39 leaf flags (mm.c has them all): V R W X, G (every address space), A and D set, so no
 * hart faults to set them.
 */
#define EARLY_PTE_RW	0xe7	/* V R W   G A D */
#define EARLY_PTE_RWX	0xef	/* V R W X G A D */
#define GIGAPAGE_SHIFT	30
/* The root index of a virtual address: VPN[2], bits 38:30. */
#define EARLY_PGD_INDEX(va)	(((va) >> GIGAPAGE_SHIFT) & 511)

/*
 * enable_mmu: satp = early_pg_dir (Sv39, ASID 0), then continue at the linked (upper-half)
 * address of the next instruction. Runs at the physical address; uses t0 and t1. The old
 * translations of this hart (none: satp was 0) are dropped by the sfence.vma.
 */
	.macro	enable_mmu
	la	t0, early_pg_dir		// its physical address: we run untranslated
	srli	t0, t0, 12			// satp.PPN
	li	t1, SATP_MODE_SV39 << SATP_MODE_SHIFT
	or	t0, t0, t1
	fence	rw, rw				// the table's stores before the first walk
	csrw	satp, t0			// translation on; the identity entry keeps pc valid
	sfence.vma zero, zero
	la	t0, 1f				// 1f's physical address ...
	li	t1, KERNEL_VA_PA_OFFSET
	add	t0, t0, t1			// ... and its linked one
	jr	t0				// up: from here on pc is in the upper half
1:
	.endm

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

	/* a0 and a1 are still the firmware's; keep them in saved registers over the loop. */
	mv	s1, a0			// hart id
	mv	s2, a1			// device tree

	/* C assumes static variables without an initialiser are zero: clear bss (at its
	 * physical address, as everything until enable_mmu). */
	la	t0, __bss_start		// both ends are 8-byte aligned (kernel.lds)
	la	t1, __bss_stop
1:	bgeu	t0, t1, 2f		// done when t0 reaches the end (also if bss is empty)
	sd	zero, 0(t0)		// clear 8 bytes
	addi	t0, t0, 8
	j	1b
2:
	/*
	 * early_pg_dir (bss, just cleared), four 1 GiB leaves of the root table:
	 *   the first GiB of RAM at its physical address, rwx: the instructions of enable_mmu
	 *     that run between the satp write and the jump up;
	 *   the same GiB at KERNEL_LINK_ADDR, rwx: the kernel image, where it is linked;
	 *   the first GiB of physical addresses, devices, and the first GiB of RAM, with the
	 *     device tree, in the linear map at PAGE_OFFSET, rw-: what arch_setup() reads before
	 *     riscv_mmu_init() maps the rest.
	 */
	la	t0, early_pg_dir
	li	t1, (KERNEL_PHYS_BASE >> 2) | EARLY_PTE_RWX	// PPN << 10 | flags
	sd	t1, (EARLY_PGD_INDEX(KERNEL_PHYS_BASE) * 8)(t0)
	li	t2, EARLY_PGD_INDEX(KERNEL_LINK_ADDR) * 8	// beyond a store's 12-bit offset
	add	t2, t2, t0
	sd	t1, 0(t2)
	li	t1, (KERNEL_PHYS_BASE >> 2) | EARLY_PTE_RW
	li	t2, EARLY_PGD_INDEX(PAGE_OFFSET + KERNEL_PHYS_BASE) * 8
	add	t2, t2, t0
	sd	t1, 0(t2)
	li	t1, EARLY_PTE_RW				// physical address 0
	li	t2, EARLY_PGD_INDEX(PAGE_OFFSET) * 8
	add	t2, t2, t0
	sd	t1, 0(t2)

	enable_mmu

	/* The stack: 16 KiB reserved by kernel.lds. It grows down, so sp starts at the top.
	 * __boot_stack_top is 16-byte aligned, as the RISC-V psABI requires of sp. From here on
	 * la gives linked addresses: pc is one. */
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

	/* Only now store the handoff: the variables are in bss, which we just cleared. The
	 * device tree is read through the linear map. */
	la	t0, boot_hartid
	sd	s1, 0(t0)
	li	t1, PAGE_OFFSET
	add	s2, s2, t1
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
 * a1 is a physical address, and so is the pc (smp.c passes both so). The same steps as the
 * boot hart's, minus what only happens once (bss, early_pg_dir, the handoff), plus what CPU 0
 * got from start_kernel() and arch_setup(): tp, a stack of its own (its idle task's) and the
 * kernel's page table.
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
	ld	s1, SB_SATP(a1)		// the kernel's page table, Sv39, ASID 0
	enable_mmu			// early_pg_dir, and up to the linked addresses
	la	t0, handle_exception	// the trap vector, Direct mode, as on the boot hart
	csrw	stvec, t0
	csrw	sscratch, zero		// 0 = "the trap came from the kernel"
	csrw	satp, s1		// the kernel's table: nothing in the lower half
	sfence.vma zero, zero		// early_pg_dir's entries, global ones included, are gone
	mv	s0, zero		// the outermost frame for a stack walk, as for start_kernel()
	mv	ra, zero
	call	riscv_secondary_start	// smp.c: timer and IPI on, then secondary_start_kernel()
1:	wfi				// not reached: riscv_secondary_start() does not return
	j	1b

	.data
	.balign	4
boot_hart_lottery:			// how many harts have entered _start so far
	.word	0

/* The root table enable_mmu turns translation on with, on every hart (built by _start). */
	.bss
	.balign	4096
early_pg_dir:
	.space	4096
