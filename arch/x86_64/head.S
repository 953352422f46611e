/* SPDX-License-Identifier: MIT */
/*
 * head.S — how an x86_64 CPU gets from the loader to start_kernel().
 *
 * QEMU loads this ELF as a PVH kernel (asm/pvh.h): it finds our 32-bit entry
 * in the Xen ELF note below and jumps there with
 *	- the CPU in 32-bit protected mode, paging off, CR4 = 0;
 *	- CS, DS, ES flat 4 GiB segments of the loader's own GDT;
 *	- IF and TF clear, every other flag (DF too) unspecified;
 *	- ebx = physical address of struct hvm_start_info;
 *	- no stack, and no IDT we could use.
 * (Xen docs/misc/pvh.pandoc.) Only the boot CPU runs: the others sleep until
 * someone sends them INIT and a start-up IPI, so there is nobody to park.
 * That someone is arch_cpu_up() (smp.c), much later; each such CPU starts in
 * real mode in trapdoor_trampoline, a copy of which smp.c puts below 1 MiB,
 * and goes on in secondary_entry, both at the end of this file.
 *
 * The kernel is linked at __START_KERNEL_map + its physical address
 * (asm/page.h) but runs at its physical address until paging is on. 64-bit
 * (long) mode cannot run without paging, so in 32-bit code we
 *	1. clear bss, where the page tables and the stack live,
 *	2. build page tables that map the first 4 GiB at the direct map
 *	   (PAGE_OFFSET) and, for now, 1:1 (virtual == physical), and the first
 *	   GiB at the kernel's link address (__START_KERNEL_map),
 *	3. turn on PAE, then EFER.LME, then paging: the CPU is in long mode,
 *	4. load our GDT and far-return into its 64-bit code segment;
 * then in 64-bit code
 *	5. jump to the kernel's link address, load the GDT there, remove the
 *	   1:1 map, load data segments and the stack pointer,
 *	6. fill and load the IDT, so every exception from here on is reported,
 *	7. mask the legacy interrupt controller (the tick comes from the
 *	   local APIC, drivers/apic.c; device interrupts from the I/O APIC,
 *	   drivers/ioapic.c),
 *	8. call start_kernel().
 *
 * The 32-bit code reaches memory through registers ("movl %ebx, (%edi)"),
 * never through absolute addresses: trapdoor.asm disassembles it as 64-bit
 * code, where an absolute address would read as a RIP-relative one. Every
 * address it names is physical: _pa(symbol) (asm/page.h).
 */
#include <asm/desc.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor-flags.h>
#include <asm/pvh.h>
#include <asm/segment.h>

#define BOOT_STACK_SIZE		(16 * 1024)

/* The two 8259A PICs (Intel 8259A datasheet; PC/AT ports): interrupt mask registers. */
#define PIC_MASTER_IMR		0x21
#define PIC_SLAVE_IMR		0xa1
#define PIC_MASK_ALL		0xff	/* a set bit masks that IRQ line */

/*
 * The PVH entry note: an ELF note named "Xen" of type
 * XEN_ELFNOTE_PHYS32_ENTRY whose payload is the 32-bit physical entry address.
 * Its presence tells QEMU "this ELF speaks the PVH boot protocol".
 */
	.section .note.Xen, "a", @note
	.balign	4
	.long	2f - 1f			// namesz: "Xen" and its NUL
	.long	4f - 3f			// descsz: one 32-bit address
	.long	XEN_ELFNOTE_PHYS32_ENTRY	// type
1:	.asciz	"Xen"			// name
2:	.balign	4			// the payload starts 4-byte aligned
3:	.long	_pa(_start)		// payload: where QEMU jumps, physical
4:	.balign	4

	.section .head.text, "ax"
	.code32				// the loader leaves us in 32-bit protected mode
	.globl	_start
	.type	_start, @function
_start:
	/* --- 1. clear bss --------------------------------------------------- */
	cld				// DF is unspecified: make rep stos count upwards
	movl	$_pa(__bss_start), %edi	// destination: start of bss (kernel.lds)
	movl	$_pa(__bss_stop), %ecx	// end of bss ...
	subl	%edi, %ecx		// ... minus start = size in bytes
	shrl	$2, %ecx		// in 4-byte words: kernel.lds aligns both ends
	xorl	%eax, %eax		// the value to store: 0
	rep stosl			// while (ecx--) *edi++ = eax, 4 bytes at a time

	/*
	 * ebx survived: remember where hvm_start_info is for firmware.c. A 64-bit
	 * variable, of which we store the low half; the high half is the 0
	 * we just wrote (the loader puts the structure below 4 GiB).
	 */
	movl	$_pa(pvh_start_info_paddr), %edi
	movl	%ebx, (%edi)

	/* --- 2. the kernel's maps: 4 GiB in 2 MiB pages ---------------------- */
	/*
	 * Three levels suffice with 2 MiB pages: one PML4 entry covers 512 GiB,
	 * one PDPT entry 1 GiB, one PD entry 2 MiB (asm/pgtable.h). Entries are
	 * 64 bits wide; all our tables are below 4 GiB, so we write only the
	 * low half of each and leave the high half 0 from the bss clear.
	 * One PDPT, boot_pdpt, serves the direct map and the 1:1 map; the
	 * image map's PDPT points at the direct map's first PD.
	 */
	movl	$_pa(boot_pml4), %edi
	movl	$(_pa(boot_pdpt) + _PAGE_TABLE), %eax
	movl	%eax, (%edi)		// PML4[0] -> the PDPT: the 1:1 map, for now
	movl	%eax, (PML4_DIRECT_MAP_INDEX * PTE_SIZE)(%edi)	// the direct map
	movl	$(_pa(boot_pdpt_kernel) + _PAGE_TABLE), (PML4_KERNEL_INDEX * PTE_SIZE)(%edi)
	movl	$_pa(boot_pdpt_kernel), %edi	// the image map: its first GiB is PD 0
	movl	$(_pa(boot_pd) + _PAGE_TABLE), (PDPT_KERNEL_INDEX * PTE_SIZE)(%edi)

	movl	$_pa(boot_pdpt), %edi	// PDPT[0..3] -> the four PDs
	movl	$(_pa(boot_pd) + _PAGE_TABLE), %eax	// the first PD, present + writable
	movl	$DIRECT_MAP_PDS, %ecx	// one PDPT entry per GiB
1:	movl	%eax, (%edi)		// PDPT[i] = PD i
	addl	$PAGE_SIZE, %eax	// the next PD is the next 4 KiB page
	addl	$PTE_SIZE, %edi		// the next 8-byte entry
	subl	$1, %ecx
	jnz	1b

	movl	$_pa(boot_pd), %edi	// PD entries 0 .. 2047, in four consecutive PDs
	movl	$_PAGE_KERNEL_LARGE, %eax	// physical 0: present, writable, 2 MiB, global
	movl	$(DIRECT_MAP_PDS * PTRS_PER_TABLE), %ecx
2:	movl	%eax, (%edi)		// entry i maps offset i * 2 MiB to physical i * 2 MiB
	addl	$PMD_SIZE, %eax		// the next 2 MiB of physical memory
	addl	$PTE_SIZE, %edi
	subl	$1, %ecx
	jnz	2b

	/* --- 3. enter long mode: PAE, then LME, then paging (SDM 3A "Initializing IA-32e Mode") */
	movl	$_pa(boot_pml4), %eax
	movl	%eax, %cr3		// CR3: physical address of the top-level table

	movl	%cr4, %eax
	orl	$X86_CR4_PAE, %eax	// long mode uses the 64-bit (PAE) entry format
	movl	%eax, %cr4

	movl	$MSR_EFER, %ecx		// rdmsr/wrmsr: ecx selects the MSR, edx:eax the value
	rdmsr
	orl	$EFER_LME, %eax		// long mode enable: armed, not active yet
	wrmsr

	movl	%cr0, %eax
	orl	$(X86_CR0_PG | X86_CR0_WP), %eax	// paging on: EFER.LMA = 1
	movl	%eax, %cr0		// we run on: this code is mapped 1:1
	/*
	 * WP makes ring 0 obey read-only pages as well, so that a kernel
	 * write through a read-only mapping faults (kernel W^X, docs/hardening-x86_64.md).
	 *
	 * The CPU is now in long mode, but in its 32-bit "compatibility"
	 * sub-mode, because CS still holds a 32-bit segment of the loader.
	 */

	/* --- 4. our GDT and the jump to 64-bit code -------------------------- */
	movl	$_pa(boot_gdt_descr), %eax
	lgdt	(%eax)			// 32-bit lgdt reads a 32-bit base: the GDT's physical one
	/*
	 * Reload CS from our GDT, where it is a 64-bit (L = 1) segment. A far
	 * return does it: it pops the new EIP, then the new CS. (A far jump
	 * would too, but trapdoor.asm decodes this 32-bit code as 64-bit
	 * code, where that encoding does not exist; all other instructions
	 * here read the same in both modes, only with rXX for eXX.)
	 */
	movl	$_pa(boot_stack_top), %esp	// a stack for the two pushes
	pushl	$__KERNEL_CS		// popped second: the code segment
	pushl	$_pa(startup_64)	// popped first: where to continue, 1:1
	lret				// far return: 64-bit mode from the next instruction
	.size	_start, . - _start

	.code64
	.type	startup_64, @function
startup_64:
	/* --- 5. the kernel's address, segments and stack --------------------- */
	movq	$1f, %rax		// a sign-extended 32-bit address: the image map's
	jmp	*%rax			// from here on RIP is in the upper half
1:	lgdt	gdt_descr(%rip)		// the GDT at its kernel address (the base is 64-bit now)
	/*
	 * The 1:1 map goes: nothing of the kernel stays in the lower half,
	 * which is the user's. CR4.PGE is still clear, so the CR3 reload
	 * drops every translation, global or not.
	 */
	movq	$0, boot_pml4(%rip)	// PML4[0]
	movq	%cr3, %rax
	movq	%rax, %cr3
	movl	$__KERNEL_DS, %eax	// data segment selectors still name the loader's GDT
	movl	%eax, %ds		// in 64-bit mode DS/ES/SS bases and limits are
	movl	%eax, %es		// ignored, but the selectors must be valid in
	movl	%eax, %ss		// our GDT for iretq and for sysret later
	xorl	%eax, %eax
	movl	%eax, %fs		// null selectors: fs and gs are not used yet
	movl	%eax, %gs
	movq	$boot_stack_top, %rsp	// again: the mode switch left RSP's top half undefined

	/* --- 6. the IDT: one 16-byte interrupt gate per vector --------------- */
	/*
	 * Gate v points at entry.S's stub v, found at a fixed stride. Every
	 * gate, the interrupts' too, has DPL 0, so user code cannot fake a
	 * timer tick with "int $0x20": that raises #GP instead. Layout
	 * of a gate (SDM Vol. 3A "64-Bit Mode IDT", struct idt_entry in asm/desc.h):
	 * offset 15:0, selector, IST, type/attributes, offset 31:16,
	 * offset 63:32, 4 reserved bytes.
	 */
	movq	$idt_table, %rdi	// the table (traps.c, in bss: already zero)
	movq	$exception_stubs, %rsi	// stub 0 (entry.S)
	movl	$NR_IDT_VECTORS, %ecx	// the exceptions, then the interrupts (asm/irq_vectors.h)
3:	movq	%rsi, %rax		// the handler address, to be cut in three
	movw	%ax, 0(%rdi)		// offset_low: bits 15:0
	movw	$__KERNEL_CS, 2(%rdi)	// selector: handlers run in 64-bit ring 0 code
	movb	$0, 4(%rdi)		// ist 0: stay on the current stack (traps.c sets #DF's)
	movb	$(GATE_P | GATE_TYPE_INTERRUPT), 5(%rdi)	// present, DPL 0, clears IF
	shrq	$16, %rax
	movw	%ax, 6(%rdi)		// offset_mid: bits 31:16
	shrq	$16, %rax
	movl	%eax, 8(%rdi)		// offset_high: bits 63:32
	movl	$0, 12(%rdi)		// reserved
	addq	$EXCEPTION_STUB_SIZE, %rsi	// the next stub
	addq	$IDT_ENTRY_SIZE, %rdi	// the next gate
	subl	$1, %ecx
	jnz	3b
	lidt	idt_descr(%rip)		// from now on an exception ends in die(), not a reset

	/* --- 7. the legacy PIC ------------------------------------------------ */
	/*
	 * The BIOS convention leaves the 8259A delivering IRQ 0-7 on vectors
	 * 8-15, which are CPU exceptions in protected mode: the timer would
	 * look like a double fault. IF is clear now, but mask every line so
	 * that it stays harmless once the kernel enables interrupts.
	 */
	movb	$PIC_MASK_ALL, %al
	outb	%al, $PIC_MASTER_IMR	// mask IRQ 0-7
	outb	%al, $PIC_SLAVE_IMR	// mask IRQ 8-15

	/* --- 8. into C ------------------------------------------------------- */
	xorl	%ebp, %ebp		// frame pointer 0: the end of any backtrace
	call	start_kernel		// rsp is 16-byte aligned at the call, as the ABI wants
	/* start_kernel() never returns; if it did, stop here for good. */
4:	cli
	hlt
	jmp	4b
	.size	startup_64, . - startup_64

/*
 * Every other CPU: INIT and a start-up IPI (arch_cpu_up(), smp.c) leave it
 * in real mode, 16-bit code, paging off, at CS:IP = (vector << 8):0, that
 * is, physical address vector << 12: a copy of trapdoor_trampoline, which
 * smp.c put at TRAMPOLINE_BASE, below 1 MiB, the only memory real mode can
 * run. The original lies in .rodata, never executed where it is.
 *
 * Real mode has no paging, and long mode needs it; the trampoline switches
 * straight from one to the other (PAE, LME, then PE and PG in one CR0
 * write) and far-jumps into secondary_entry, 64-bit code in the kernel's
 * text, at its physical address. Between the CR0 write and that jump it runs
 * with paging on, from its page below 1 MiB, which the kernel's map does not
 * map in the lower half at all. So it starts on page tables of its own,
 * trampoline_pml4: the first GiB 1:1 and executable (the trampoline's copy,
 * the GDT and the kernel's start-up code: kernel.lds checks they are there)
 * and the same GiB at the kernel's address. secondary_entry jumps there,
 * then moves to the kernel's map.
 *
 * Every address below is relative to the copy's start, which CS points at.
 */
	.section .rodata, "a"
	.code16				// what the CPU runs after a start-up IPI
	.balign	16
	.globl	trapdoor_trampoline, trapdoor_trampoline_end
trapdoor_trampoline:
	cli				// INIT cleared IF already; say so
	movw	%cs, %ax		// CS = the copy's base >> 4 ...
	movw	%ax, %ds		// ... and DS the same: our data by its offset
	lgdtl	(trampoline_gdt_descr - trapdoor_trampoline)	// the kernel's GDT, physical base
	movl	$X86_CR4_PAE, %eax	// long mode uses the 64-bit (PAE) entry format
	movl	%eax, %cr4		// and nothing else in CR4 yet
	movl	$_pa(trampoline_pml4), %eax	// the start-up page tables, below 4 GiB
	movl	%eax, %cr3		// CR3: physical address of the top-level table
	movl	$MSR_EFER, %ecx		// rdmsr/wrmsr: ecx selects the MSR, edx:eax the value
	rdmsr
	orl	$EFER_LME, %eax		// long mode enable: armed, not active yet
	wrmsr
	movl	$(X86_CR0_PE | X86_CR0_PG | X86_CR0_WP), %eax	// protected mode and paging:
	movl	%eax, %cr0		// EFER.LMA = 1, in 16-bit compatibility mode
	ljmpl	$__KERNEL_CS, $_pa(secondary_entry)	// CS from the GDT: 64-bit code, 1:1
	.balign	8
trampoline_gdt_descr:			// lgdtl: a 2-byte limit and a 4-byte base
	.word	gdt_end - gdt_table - 1
	.long	_pa(gdt_table)		// the kernel is loaded below 4 GiB: 32 bits suffice
trapdoor_trampoline_end:
	.code64

/*
 * secondary_entry: a started CPU, in 64-bit mode, on the trampoline's page
 * tables, at the physical address, no stack, no IDT, interrupts off. Here it
 *	1. jumps to the kernel's address, loads the GDT there and the data
 *	   segments,
 *	2. loads the boot CPU's EFER (SCE, NXE: the kernel's map has NX bits,
 *	   reserved bits without NXE) and moves to the kernel's page tables,
 *	3. loads the IDT (the same for every CPU),
 *	4. finds its logical CPU number: the index of its APIC ID in
 *	   x86_cpu_to_apicid[] (smp.c), and the stack arch_cpu_up() left it,
 *	5. calls start_secondary(cpu) (smp.c), which never returns.
 * A CPU that finds no number or no stack stops for good.
 */
	.section .head.text, "ax"
	.globl	secondary_entry
	.type	secondary_entry, @function
secondary_entry:
	/* --- 1. the kernel's address and segments ---------------------------- */
	movq	$1f, %rax		// the image map's address, which the trampoline's tables map
	jmp	*%rax
1:	lgdt	gdt_descr(%rip)		// the GDT at its kernel address
	movl	$__KERNEL_DS, %eax	// the trampoline left real-mode selectors
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	xorl	%eax, %eax
	movl	%eax, %fs		// null selectors, as on the boot CPU
	movl	%eax, %gs		// GS_BASE comes from arch_set_this_cpu()

	/* --- 2. EFER, then the kernel's page tables ------------------------- */
	movl	$MSR_EFER, %ecx		// wrmsr writes edx:eax into MSR ecx
	movl	trampoline_efer(%rip), %eax	// the boot CPU's EFER, low half (smp.c)
	movl	trampoline_efer + 4(%rip), %edx	// high half
	wrmsr				// SCE, LME, NXE as on the boot CPU
	movq	$_pa(boot_pml4), %rax	// the kernel's map (mm.c), shared by every CPU
	movq	%rax, %cr3		// and the trampoline's map is gone from the TLB

	/* --- 3. the IDT ------------------------------------------------------ */
	lidt	idt_descr(%rip)		// the one table every CPU uses

	/* --- 4. which CPU am I ---------------------------------------------- */
	movl	$1, %eax		// CPUID leaf 1: EBX[31:24] = this CPU's initial APIC ID
	xorl	%ecx, %ecx		// subleaf 0
	cpuid				// clobbers eax, ebx, ecx, edx
	shrl	$24, %ebx		// ebx = the APIC ID
	movl	$1, %edi		// logical CPU 1 first: 0 is the boot CPU
1:	cmpl	nr_cpus_present(%rip), %edi	// past the last CPU (kernel/smp.c)?
	jae	3f			// yes: not one of ours
	cmpl	%ebx, x86_cpu_to_apicid(, %rdi, 4)	// x86_cpu_to_apicid[edi] == our ID?
	je	2f			// found: edi is our number
	addl	$1, %edi		// the next one
	jmp	1b
2:	movq	secondary_stack(, %rdi, 8), %rsp	// the top of our idle task's stack
	testq	%rsp, %rsp		// 0: arch_cpu_up() did not ask for us
	jz	3f

	/* --- 5. into C ------------------------------------------------------- */
	xorl	%ebp, %ebp		// frame pointer 0: the end of any backtrace
	call	start_secondary		// smp.c, with edi = our logical number; no return
3:	cli				// lost, or returned: stop here for good
	hlt
	jmp	3b
	.size	secondary_entry, . - secondary_entry

	/*
	 * The trampoline's page tables: PML4 entry 0 -> PDPT entry 0 -> a PD
	 * of 2 MiB pages: the first GiB 1:1, present, writable, executable and
	 * not global (so the CR3 write in secondary_entry drops them all); and
	 * the same PD at the image map's place. The far jump into
	 * secondary_entry reads the GDT through them too.
	 */
	.section .data
	.balign	PAGE_SIZE
trampoline_pml4:
	.quad	_pa(trampoline_pdpt) + _PAGE_TABLE	// the first 512 GiB
	.fill	PML4_KERNEL_INDEX - 1, PTE_SIZE, 0
	.quad	_pa(trampoline_pdpt_kernel) + _PAGE_TABLE	// the last 512 GiB
trampoline_pdpt:
	.quad	_pa(trampoline_pd) + _PAGE_TABLE	// the first GiB
	.fill	PTRS_PER_TABLE - 1, PTE_SIZE, 0
trampoline_pdpt_kernel:
	.fill	PDPT_KERNEL_INDEX, PTE_SIZE, 0
	.quad	_pa(trampoline_pd) + _PAGE_TABLE	// __START_KERNEL_map's GiB
	.fill	PTRS_PER_TABLE - PDPT_KERNEL_INDEX - 1, PTE_SIZE, 0
trampoline_pd:
	pmd = 0
	.rept	PTRS_PER_TABLE		// entry i maps virtual i * 2 MiB to physical i * 2 MiB
	.quad	pmd * PMD_SIZE + (_PAGE_PRESENT | _PAGE_RW | _PAGE_PSE)
	pmd = pmd + 1
	.endr

/* The GDT: the five segments and each CPU's TSS, in the order asm/segment.h explains. */
	.section .data
	.balign	16
	.globl	gdt_table
	.type	gdt_table, @object
gdt_table:
	.quad	0			// 0x00: selector 0 means "no segment"
	.quad	GDT_KERNEL_CODE64	// 0x08 __KERNEL_CS: 64-bit code, ring 0
	.quad	GDT_KERNEL_DATA		// 0x10 __KERNEL_DS: data, ring 0
	.quad	GDT_USER_DATA		// 0x18 __USER_DS: data, ring 3
	.quad	GDT_USER_CODE64		// 0x20 __USER_CS: 64-bit code, ring 3
	.fill	2 * GDT_NR_TSS, 8, 0	// 0x28 on: each CPU's TSS, cpu_init() (traps.c) fills it in
gdt_end:
	.size	gdt_table, . - gdt_table

	/* lgdt and lidt take a 2-byte limit (size - 1) and an 8-byte base (4 in 32-bit code). */
boot_gdt_descr:				// for _start's 32-bit lgdt: the physical base
	.word	gdt_end - gdt_table - 1
	.long	_pa(gdt_table)
gdt_descr:
	.word	gdt_end - gdt_table - 1
	.quad	gdt_table
idt_descr:
	.word	NR_IDT_VECTORS * IDT_ENTRY_SIZE - 1
	.quad	idt_table

	.section .bss
	.balign	PAGE_SIZE		// every page table must be 4 KiB aligned
	.globl	boot_pml4		// mm.c copies the kernel's two entries everywhere
boot_pml4:
	.skip	PAGE_SIZE
boot_pdpt:
	.skip	PAGE_SIZE
boot_pdpt_kernel:
	.skip	PAGE_SIZE
boot_pd:
	.skip	DIRECT_MAP_PDS * PAGE_SIZE

	.balign	16			// KSTACK_ALIGN: 16 on the SysV x86_64 ABI
	.globl	boot_stack, boot_stack_top
boot_stack:
	.skip	BOOT_STACK_SIZE
boot_stack_top:

	.balign	8
	.globl	pvh_start_info_paddr
	.type	pvh_start_info_paddr, @object
pvh_start_info_paddr:
	.skip	8
	.size	pvh_start_info_paddr, 8
