/* SPDX-License-Identifier: MIT */
/*
 * arm64 boot entry. QEMU's ELF loader copied the kernel to 0x40200000 and
 * jumps here on CPU 0 with:
 *   - EL1 (EL2 if QEMU runs with -M virt,virtualization=on), AArch64,
 *   - the MMU and caches off: every access is to physical memory, and every
 *     data access is treated as Device memory (unaligned accesses fault),
 *   - all interrupts masked (PSTATE.DAIF = 1111),
 *   - x0 = 0 for an ELF kernel (it is the DTB address only for a Linux "Image"),
 *     with the DTB itself at the start of RAM, 0x40000000 (setup.c finds it).
 * From here to start_kernel() we: park other CPUs, drop to EL1 if needed, set
 * up a stack and the exception vectors, clear .bss, record the handoff, turn
 * on the MMU and move up to the kernel's link addresses in the upper half
 * (asm/page.h), where C code runs on cacheable memory. Until then everything
 * runs at its physical address: code finds its data with adr/adrp (relative
 * to the pc), never with an absolute address of the linker's.
 */
#include <asm/page.h>
#include <asm/pgtable-hwdef.h>
#include <asm/sysreg.h>

/* QEMU virt memory map (QEMU hw/arm/virt.c, base_memmap[]). */
#define VIRT_DEVICES_BASE	0x08000000	/* GIC, PL011, RTC, virtio, PCIe; flash below */
#define VIRT_RAM_BASE		0x40000000	/* RAM; the second 1 GiB in the map */

/* PL011 data register, for the one message head.S prints (console.c has the details). */
#define PL011_BASE		0x09000000
#define UARTDR			0x000

	.section .head.text, "ax"
	.globl	_start
_start:
	/*
	 * The arm64 Linux "Image" header (Linux Documentation/arch/arm64/booting.rst),
	 * 64 bytes that let U-Boot's booti start this kernel as a flat binary
	 * (docs/boot.md, "Through U-Boot"). QEMU's ELF loader jumps to _start as well, and
	 * the first word simply branches over the rest.
	 */
	b	primary_entry			// code0: executed; skips the header
	.long	0				// code1
	.quad	KERNEL_TEXT_OFFSET		// text_offset: load 2 MiB above a 2 MiB boundary
	.quad	__kernel_image_size		// image_size: the whole image, .bss and stack too
	.quad	0				// flags: little-endian, 4K pages, place near RAM base
	.quad	0, 0, 0				// res2, res3, res4
	.ascii	"ARM\x64"			// magic
	.long	0				// res5 (offset of a PE header: none)

primary_entry:
	mov	x19, x0				// x19 = DTB or 0 (callee-saved: survives calls)

	/*
	 * One CPU runs the kernel. On QEMU virt the other CPUs stay powered off
	 * until someone asks PSCI to start them, but other boards release all
	 * CPUs at once: those with any affinity bits set are not CPU 0 and wait
	 * for ever.
	 */
	mrs	x1, mpidr_el1			// this CPU's affinity (cluster, core, thread)
	ldr	x2, =MPIDR_HWID_MASK		// keep Aff3..Aff0, drop the flag bits (U, MT)
	and	x1, x1, x2
	cbnz	x1, secondary_park		// not CPU 0: park

	/* Which exception level did QEMU give us? CurrentEL holds it in bits [3:2]. */
	adr	x22, el1_entry			// where el2_to_el1 continues, at EL1
	mrs	x20, CurrentEL			// x20 = CurrentEL at entry, kept for setup.c
	cmp	x20, #CURRENTEL_EL1
	b.eq	el1_entry			// the usual case: already at EL1
	cmp	x20, #CURRENTEL_EL2
	b.eq	el2_to_el1			// virtualization=on: leave EL2 first
	b	bad_boot_el			// EL3 (secure=on without firmware): unsupported

	/*
	 * EL2: we are the hypervisor, but trapdoor is an EL1 kernel. Configure
	 * EL2 so that it stays out of the way, then "return" to EL1 with eret,
	 * at the address in x22. Every CPU runs this for its own EL2 registers:
	 * CPU 0 from primary_entry, the others from secondary_entry.
	 */
el2_to_el1:
	mov	x1, #HCR_EL2_RW			// EL1 runs AArch64; no stage 2, no traps to EL2
	msr	hcr_el2, x1
	mov	x1, #(CNTHCTL_EL2_EL1PCTEN | CNTHCTL_EL2_EL1PCEN)
	msr	cnthctl_el2, x1			// EL1 may use the physical counter and timer
	msr	cntvoff_el2, xzr		// virtual counter = physical counter
	mov	x1, #CPTR_EL2_RES1		// do not trap FP/SIMD/SVE to EL2 (EL1 decides)
	msr	cptr_el2, x1
	msr	hstr_el2, xzr			// do not trap AArch32 cp15 accesses
	mrs	x1, midr_el1			// EL1 reads of MIDR/MPIDR return VPIDR/VMPIDR:
	msr	vpidr_el2, x1			// make them the real values
	mrs	x1, mpidr_el1
	msr	vmpidr_el2, x1
	ldr	x1, =SCTLR_EL1_MMU_OFF		// a known EL1 state: MMU off, little-endian
	msr	sctlr_el1, x1
	mov	x1, #SPSR_EL2_TO_EL1h		// eret goes to EL1 using SP_EL1, DAIF still masked
	msr	spsr_el2, x1
	msr	elr_el2, x22			// ... and continues at x22
	eret					// leaves EL2 for good

el1_entry:
	/*
	 * A stack first: everything after this may call a function or take an
	 * exception, and both need one. SP_EL1 is the stack of EL1 in "h" mode
	 * (PSTATE.SP = 1, which is how the CPU starts), and the stack every
	 * exception into EL1 lands on.
	 */
	adrp	x1, __boot_stack_top		// adrp + add: the address, pc-relative (kernel.lds)
	add	x1, x1, :lo12:__boot_stack_top
	mov	sp, x1				// 16-byte aligned (kernel.lds), as AAPCS64 wants

	/*
	 * Exception vectors as early as possible: from here on any fault, even
	 * one in the code below, is reported by entry.S/traps.c with a register
	 * dump instead of jumping through an uninitialised VBAR_EL1.
	 */
	adrp	x1, vectors			// the 2 KiB-aligned table in entry.S
	add	x1, x1, :lo12:vectors
	msr	vbar_el1, x1
	isb					// make the new VBAR_EL1 take effect now

	/* Clear .bss: C expects zero-initialised globals. 16 bytes per store. */
	adrp	x1, __bss_start
	add	x1, x1, :lo12:__bss_start
	adrp	x2, __bss_end
	add	x2, x2, :lo12:__bss_end
1:	cmp	x1, x2				// done when the cursor reaches the end
	b.hs	2f
	stp	xzr, xzr, [x1], #16		// store two zero registers, then cursor += 16
	b	1b
2:
	/* Record the handoff for setup.c, now that .bss will not be cleared again. */
	adrp	x1, __fdt_pointer
	str	x19, [x1, :lo12:__fdt_pointer]	// x0 at entry: DTB address, or 0 for an ELF
	adrp	x1, boot_current_el
	str	x20, [x1, :lo12:boot_current_el]	// CurrentEL at entry

	bl	__map_kernel_pages		// the image in 4 KiB pages, each protectable
	bl	__enable_mmu			// caches on: C code may now do unaligned accesses
	ldr	x1, =1f				// the link address: up into the upper half
	br	x1
1:	bl	__leave_identity_map		// TTBR0_EL1 empty, vectors at their link address
	ldr	x1, =__boot_stack_top		// the boot stack, now by its link address
	mov	sp, x1

	mov	x29, xzr			// frame pointer 0: stack traces end here
	mov	x30, xzr			// no return address either
	bl	start_kernel			// never returns ...
	b	secondary_park			// ... but if it did, stop here quietly

/*
 * The kernel image in 4 KiB pages. The tables below map RAM in 2 MiB blocks;
 * W^X for the image (text r-x, rodata r--, data rw-) and the unmapped guard
 * page below each kernel stack need 4 KiB pages. Later, with the MMU on, a
 * block could only be split by break-before-make (Arm ARM, "Translation table
 * updates"): first invalidate the entry, then install the table. For the
 * block that holds the running code, its stack and the tables themselves
 * that break would unmap the very code doing it. So the split happens here,
 * while the MMU is still off: KERNEL_PTE_BLOCKS level 3 tables (asm/
 * pgtable-hwdef.h) map the blocks from __kernel_start on, page by page, and
 * replace their level 2 block entries. Pages of the image start EL1
 * read/write/execute (kernel_protect() narrows them); pages past _end are
 * free RAM: read/write, never executable, like every other RAM block.
 * Uses x1-x7.
 */
__map_kernel_pages:
	adrp	x1, init_pte_kernel		// x1 = the next level 3 entry to fill
	add	x1, x1, :lo12:init_pte_kernel
	adrp	x4, init_pte_kernel_end		// x4 = just past the last one
	add	x4, x4, :lo12:init_pte_kernel_end
	adrp	x2, __kernel_start		// x2 = the physical address it maps (MMU off);
	add	x2, x2, :lo12:__kernel_start	//   2 MiB aligned (kernel.lds)
	adrp	x3, _end			// x3 = end of the image, page-aligned (kernel.lds)
	add	x3, x3, :lo12:_end
	ldr	x5, =PROT_PAGE_KERNEL		// the image: EL1 rwx until kernel_protect()
	ldr	x6, =(PROT_PAGE_KERNEL | PTE_PXN)	// past _end: free RAM, never executable
1:	cmp	x2, x3				// inside the image?
	csel	x7, x5, x6, lo			// x7 = its attributes
	orr	x7, x7, x2			// descriptor = output address | attributes
	str	x7, [x1], #8			// store it; cursor += 8
	add	x2, x2, #PAGE_SIZE		// next page
	cmp	x1, x4				// until every table is full
	b.lo	1b

	/* Now the level 2 entries of those blocks point at the tables. */
	adrp	x2, __kernel_start		// the first block's address ...
	lsr	x2, x2, #PMD_SHIFT		// ... as a block number ...
	sub	x2, x2, #(VIRT_RAM_BASE >> PMD_SHIFT)	// ... counted from the start of RAM
	adrp	x3, init_pmd_ram		// x3 = its entry in init_pmd_ram
	add	x3, x3, :lo12:init_pmd_ram
	add	x3, x3, x2, lsl #3		//   (8 bytes per entry)
	adrp	x1, init_pte_kernel		// x1 = the table for that block
	add	x1, x1, :lo12:init_pte_kernel
	ldr	x5, =PROT_TABLE_KERNEL		// table descriptor bits, with the EL0 fences
2:	orr	x7, x1, x5			// descriptor = table address | bits
	str	x7, [x3], #8			// replaces the block entry; next entry
	add	x1, x1, #PAGE_SIZE		// next table
	cmp	x1, x4
	b.lo	2b
	ret

/*
 * The kernel's page tables: a linear map of the first 4 GiB of physical
 * addresses at PAGE_OFFSET, made of 2 MiB level 2 blocks, in TTBR1_EL1.
 * TCR_EL1.T0SZ = T1SZ = 25 give 39-bit addresses in each half, where both
 * walks start at level 1 (asm/page.h).
 *   [0, 128 MiB): QEMU virt's flash: not mapped, so a NULL pointer faults.
 *   [128 MiB, 1 GiB): devices (GIC, PL011, virtio, PCIe), Device-nGnRE, never executable.
 *   [1 GiB, 4 GiB): RAM (up to -m 3G), Normal write-back cacheable, never
 *   executable, except the kernel image's pages (__map_kernel_pages above).
 * All of it EL1 only: user code can neither read, write nor run any of it.
 * mm.c later unmaps the blocks beyond the end of the real RAM.
 *
 * The same table is in TTBR0_EL1 while the MMU goes on: the code doing it
 * runs at its physical address, which a 39-bit TTBR0 address with the same
 * level 1 index maps to itself (the identity map). Right after, the caller
 * branches up to the link address and __leave_identity_map takes it away.
 */
__enable_mmu:
	ldr	x1, =MAIR_EL1_VALUE		// attribute 0 = Device-nGnRE, 1 = Normal WB
	msr	mair_el1, x1
	/*
	 * TCR_EL1.A1 and .AS stay 0: the current ASID is the one in
	 * TTBR0_EL1[55:48], 8 bits wide (mm.c gives each address space one).
	 */
	ldr	x1, =(TCR_T0SZ(VA_BITS) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER | \
		      TCR_TG0_4K | TCR_T1SZ(VA_BITS) | TCR_IRGN1_WBWA | TCR_ORGN1_WBWA | \
		      TCR_SH1_INNER | TCR_TG1_4K)
	mrs	x2, id_aa64mmfr0_el1		// PARange: how many physical address bits
	and	x2, x2, #ID_AA64MMFR0_PARANGE_MASK
	mov	x3, #TCR_IPS_MAX_4K		// -cpu max says 52 bits, which 4 KiB pages
	cmp	x2, x3				// cannot use without FEAT_LPA2: clamp to 48
	csel	x2, x2, x3, ls			// x2 = min(PARange, 48-bit encoding)
	bfi	x1, x2, #TCR_IPS_SHIFT, #TCR_IPS_WIDTH	// TCR_EL1.IPS = x2
	msr	tcr_el1, x1
	adrp	x1, init_pg_dir			// the kernel's level 1 table (physical: MMU off)
	msr	ttbr1_el1, x1			// the upper half, for good
	msr	ttbr0_el1, x1			// the identity map, for the next few instructions
	isb					// MAIR/TCR/TTBRs in effect before the MMU goes on
	tlbi	vmalle1				// forget any stale translation of this EL1&0 regime
	ic	iallu				// and any stale instruction in the I-cache
	dsb	nsh				// wait for both to finish
	isb
	ldr	x1, =SCTLR_EL1_MMU_ON		// MMU + D-cache + I-cache + SP alignment checks
	msr	sctlr_el1, x1
	isb					// the next instruction is fetched with the MMU on;
	ret					// identity map: it is the same address

/*
 * Now at the link address, in the upper half: TTBR0_EL1 gets the empty table
 * (reserved_pg_dir, ASID 0), so that no kernel mapping is left in the lower
 * half, and the TLB forgets the identity map's global entries. VBAR_EL1 moves
 * up to the vectors' link address. Uses x1-x2.
 */
__leave_identity_map:
	adrp	x1, reserved_pg_dir		// its link address (we run there now) ...
	ldr	x2, =PAGE_OFFSET
	sub	x1, x1, x2			// ... as a physical address
	msr	ttbr0_el1, x1
	isb
	tlbi	vmalle1				// no identity entry may outlive its table
	dsb	nsh
	isb
	adrp	x1, vectors
	add	x1, x1, :lo12:vectors
	msr	vbar_el1, x1
	isb
	ret

/*
 * secondary_entry: where every other CPU starts. arch_cpu_up() (smp.c) asks
 * PSCI CPU_ON to start the CPU here, in the state CPU 0 found at _start: MMU
 * and caches off, DAIF all masked, EL1 (or EL2 with virtualization=on), and
 * x0 = the "context id" arch_cpu_up() passed: the CPU's logical number. Its
 * idle task's stack and its struct cpu_info wait in secondary_data[n]
 * (smp.c), read only once the MMU is on: with caches off a load would not
 * see what CPU 0 wrote into its cache. From here to secondary_start_kernel()
 * (kernel/smp.c): leave EL2 if needed, vectors, the kernel's page tables,
 * the stack, this_cpu(), then secondary_init() for the rest in C.
 */
	.globl	secondary_entry
secondary_entry:
	mov	x19, x0				// x19 = logical CPU number (callee-saved)
	adr	x22, secondary_el1		// where el2_to_el1 continues, at EL1
	mrs	x1, CurrentEL			// which exception level are we in?
	cmp	x1, #CURRENTEL_EL2
	b.eq	el2_to_el1			// EL2: leave it the way CPU 0 did
	cmp	x1, #CURRENTEL_EL1
	b.ne	secondary_park			// EL3 cannot be: PSCI starts us at CPU 0's EL
secondary_el1:
	adrp	x1, vectors			// this CPU's VBAR_EL1: the same vector table
	add	x1, x1, :lo12:vectors
	msr	vbar_el1, x1
	isb					// the new VBAR_EL1 takes effect now
	bl	__enable_mmu			// the kernel's tables (init_pg_dir), caches on;
						//   a leaf that needs no stack
	ldr	x1, =1f				// up to the link address
	br	x1
1:	bl	__leave_identity_map		// a leaf too
	adrp	x1, secondary_data		// x1 = secondary_data[0] (smp.c) ...
	add	x1, x1, :lo12:secondary_data
	add	x1, x1, x19, lsl #4		// ... + 16 bytes per CPU: our entry
	ldp	x2, x3, [x1]			// x2 = stack top, x3 = &cpu_info[n]
	mov	sp, x2				// the idle task's kernel stack, 16-byte aligned
	msr	tpidr_el1, x3			// arch_set_this_cpu(&cpu_info[n]) does these two:
	mov	x18, x3				//   TPIDR_EL1 and x18 (asm/smp.h): this_cpu() works
	mov	x29, xzr			// frame pointer 0: stack traces end here
	mov	x30, xzr			// no return address either
	bl	secondary_init			// smp.c: system registers, GIC, timer; IRQs masked
	bl	secondary_start_kernel		// kernel/smp.c: online, then idle; never returns ...
	b	secondary_park			// ... but if it did, stop here quietly

	/* Not CPU 0, or start_kernel() returned: wait for an event, for ever. */
secondary_park:
	wfe					// low-power wait; woken by sev or an interrupt ...
	b	secondary_park			// ... and go back to waiting

	/*
	 * EL3 (or an unknown EL): the EL1 setup above would not apply. Say so on
	 * the PL011 (it needs no setup on QEMU) and stop; the runner's timeout
	 * then reports the failed boot.
	 */
bad_boot_el:
	adr	x1, bad_el_msg			// the message, NUL-terminated
	mov	x2, #PL011_BASE			// the UART's data register
3:	ldrb	w3, [x1], #1			// next byte; cursor += 1
	cbz	w3, secondary_park		// NUL: done, park
	str	w3, [x2, #UARTDR]		// send it (QEMU's UART is never busy)
	b	3b
bad_el_msg:
	.asciz	"trapdoor: entered above EL2 (EL3?): unsupported, stopping\r\n"
	.balign	4

/*
 * The tables themselves, in .data: QEMU's loader (any boot loader) writes
 * them to memory before we start, so they are in RAM, not in a stale cache
 * line, when the MMU first walks them. TTBR0_EL1 and table descriptors need
 * each table 4 KiB aligned. Every table descriptor also carries UXNTable and
 * APTable = "no EL0": nothing below it is reachable from user mode, whatever
 * a block descriptor says (pgtable-hwdef.h).
 */
	.section .data, "aw"
	.balign	PAGE_SIZE
	.globl	init_pg_dir
init_pg_dir:					// level 1: 512 x 1 GiB; entries hold physical addresses
	.quad	init_pmd_dev - PAGE_OFFSET + PROT_TABLE_KERNEL		// 0x00000000: flash, devices
	.quad	init_pmd_ram - PAGE_OFFSET + 0 * PAGE_SIZE + PROT_TABLE_KERNEL	// 0x40000000: RAM
	.quad	init_pmd_ram - PAGE_OFFSET + 1 * PAGE_SIZE + PROT_TABLE_KERNEL	// 0x80000000: RAM
	.quad	init_pmd_ram - PAGE_OFFSET + 2 * PAGE_SIZE + PROT_TABLE_KERNEL	// 0xc0000000: RAM
	.fill	PTRS_PER_TABLE - KERNEL_PUD_ENTRIES, 8, 0	// 4..511: invalid (bit 0 clear)

init_pmd_dev:					// level 2 for [0, 1 GiB): 512 x 2 MiB
	.fill	VIRT_DEVICES_BASE / PMD_SIZE, 8, 0	// flash: invalid
	.set	.Lblock, VIRT_DEVICES_BASE
	.rept	(VIRT_RAM_BASE - VIRT_DEVICES_BASE) / PMD_SIZE
	.quad	.Lblock | PROT_SECT_DEVICE		// one device block; the assembler counts
	.set	.Lblock, .Lblock + PMD_SIZE
	.endr

	.globl	init_pmd_ram
init_pmd_ram:					// level 2 for [1 GiB, 4 GiB): 3 x 512 x 2 MiB
	.set	.Lblock, VIRT_RAM_BASE
	.rept	(KERNEL_MAP_END - VIRT_RAM_BASE) / PMD_SIZE
	.quad	.Lblock | PROT_SECT_NORMAL		// one RAM block
	.set	.Lblock, .Lblock + PMD_SIZE
	.endr

/* The level 3 tables __map_kernel_pages fills: zeroed with .bss, filled before the MMU is on. */
	.section .bss, "aw", %nobits
	.balign	PAGE_SIZE
	.globl	reserved_pg_dir
reserved_pg_dir:				// level 1, all invalid: TTBR0_EL1 with no user space
	.skip	PAGE_SIZE
	.globl	init_pte_kernel, init_pte_kernel_end
init_pte_kernel:				// level 3: KERNEL_PTE_BLOCKS x 512 x 4 KiB
	.skip	KERNEL_PTE_BLOCKS * PAGE_SIZE
init_pte_kernel_end:
