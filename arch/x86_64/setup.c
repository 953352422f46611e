// SPDX-License-Identifier: MIT
/*
 * arch_setup(): the CPU's trap and syscall state (the TSS, the syscall
 * MSRs; head.S built the IDT), what x86_64 finds at boot, and power off.
 *
 * There is no device tree on a PC. The PVH loader hands us struct
 * hvm_start_info (memory map, command line); the CPU describes itself through
 * CPUID; the board we recognise by its PCI host bridge, or by having none.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/io.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/pgtable.h>
#include <asm/processor-flags.h>
#include <asm/pvh.h>
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* --- traps: the TSS, the #DF stack, the syscall MSRs -------------------- */

BUILD_BUG_ON(sizeof(struct idt_entry) != IDT_ENTRY_SIZE);
BUILD_BUG_ON(sizeof(struct tss_struct) != 104);	/* SDM 3A "64-Bit TSS Format" */
BUILD_BUG_ON(offsetof(struct tss_struct, sp0) != TSS_SP0);

/*
 * Filled by head.S before the first C line runs; loaded with lidt there.
 * The exceptions, then the interrupts (asm/irq_vectors.h).
 */
struct idt_entry idt_table[NR_IDT_VECTORS] __aligned(16);

/*
 * In 64-bit mode the TSS only holds stacks: sp0, the top of the running
 * task's kernel stack, where the CPU puts the frame of an exception from
 * ring 3 (arch_switch_to() keeps it current). A double fault gets a stack of its own
 * (IST): if the kernel stack overflows, the #PF cannot be delivered on it,
 * the CPU raises #DF, and that one must not need the broken stack too, or
 * the third fault resets the machine without a word. Each CPU has its own
 * TSS (in its per-CPU area) and its own #DF stack: two CPUs may fault at once.
 */
#define DOUBLE_FAULT_STACK_SIZE 4096
static u8 double_fault_stack[NR_CPUS][DOUBLE_FAULT_STACK_SIZE] __aligned(16);

/* What %gs points at in ring 0, one per CPU (asm/percpu.h). */
struct x86_percpu cpu_percpu[NR_CPUS];
BUILD_BUG_ON(GDT_NR_TSS != NR_CPUS);

/*
 * syscall/sysret (SDM Vol. 3A §5.8.8, "Fast System Calls in 64-Bit Mode").
 * MSR_STAR holds two selector bases: syscall loads CS = STAR[47:32] and
 * SS = STAR[47:32] + 8; sysret loads SS = STAR[63:48] + 8 and
 * CS = STAR[63:48] + 16, both with RPL 3. asm/segment.h orders the GDT so
 * that both pairs come out right.
 */
#define STAR_SYSCALL_CS		__KERNEL_CS
#define STAR_SYSRET_BASE	(GDT_ENTRY_KERNEL_DS * 8)	/* + 8: user DS, + 16: user CS */
#define STAR_SYSCALL_SHIFT	32
#define STAR_SYSRET_SHIFT	48
BUILD_BUG_ON(STAR_SYSCALL_CS + 8 != __KERNEL_DS);
BUILD_BUG_ON((STAR_SYSRET_BASE + 8) != (__USER_DS & ~SEGMENT_RPL_USER));
BUILD_BUG_ON((STAR_SYSRET_BASE + 16) != (__USER_CS & ~SEGMENT_RPL_USER));

/*
 * RFLAGS bits syscall clears on the way in (Linux's list, minus the
 * arithmetic flags): no single-stepping into the kernel, interrupts off until
 * the kernel stack is in place, DF = 0 as the C ABI wants, IOPL and NT
 * meaningless in ring 0, and AC off so that SMAP cannot be bypassed. 0x47700.
 */
#define SYSCALL_RFLAGS_MASK	(X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF |	\
				 (3 << X86_EFLAGS_IOPL_SHIFT) | X86_EFLAGS_NT | X86_EFLAGS_AC)

/* entry.S */
void entry_syscall(void);

/*
 * Everything ring 3 needs from the CPU: the syscall instruction, %gs for the
 * entry code, the breakpoint gate, and the instructions it must not use.
 */
static void user_mode_init(unsigned int cpu)
{
	/* The syscall instruction: on, with our entry point, selectors and RFLAGS mask. */
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	wrmsr(MSR_STAR, ((u64)STAR_SYSRET_BASE << STAR_SYSRET_SHIFT) |
				((u64)STAR_SYSCALL_CS << STAR_SYSCALL_SHIFT));
	wrmsr(MSR_LSTAR, (unsigned long)entry_syscall);
	wrmsr(MSR_CSTAR, 0);	/* no 32-bit user code segment: compatibility mode cannot happen */
	wrmsr(MSR_SYSCALL_MASK, SYSCALL_RFLAGS_MASK);

	/*
	 * int3 is a software interrupt: the CPU checks the gate's DPL against
	 * CPL (SDM Vol. 3A §6.12.1.1), so with DPL 0 it would raise #GP instead
	 * of #BP. Open this one gate to ring 3, as Linux does. Every CPU
	 * shares the IDT: the boot CPU sets it.
	 */
	if (cpu == 0)
		idt_table[X86_TRAP_BP].type_attr |= GATE_DPL_USER;

	/*
	 * No floating point: the kernel saves no FPU state, so a task using it
	 * would see another's registers. With CR0.EM set, x87 instructions raise
	 * #NM and MMX ones #UD; SSE and AVX already #UD since CR4.OSFXSR and
	 * CR4.OSXSAVE stay clear (SDM Vol. 3A §2.5, §13.1). Either way the task
	 * dies with SIGILL. The same for the other user state we never switch:
	 * CR4.FSGSBASE and CR4.PKE stay clear, so wrfsbase, wrgsbase and wrpkru
	 * are #UD too (user/lib/arch/x86_64/userregs.c lists what is switched).
	 */
	write_cr0(read_cr0() | X86_CR0_EM);
	/* UMIP: sgdt, sidt, sldt, smsw, str would tell ring 3 where the GDT, IDT, TSS are. */
	if (cpu_has(X86_FEATURE_UMIP))
		write_cr4(read_cr4() | X86_CR4_UMIP);
}

/* CPU cpu's 16-byte TSS descriptor, two GDT slots (SDM Vol. 3A "TSS Descriptor in 64-bit mode"). */
static void set_tss_descriptor(unsigned int cpu, unsigned long base, unsigned long limit)
{
	unsigned int slot = GDT_ENTRY_TSS + 2 * cpu;

	gdt_table[slot] = (limit & 0xffff) |			/* limit 15:0 */
				   ((base & 0xffffff) << 16) |		/* base 23:0 */
				   ((u64)(DESC_P | TSS_TYPE_AVAILABLE) << 40) |
				   (((limit >> 16) & 0xf) << 48) |	/* limit 19:16 */
				   (((base >> 24) & 0xff) << 56);	/* base 31:24 */
	gdt_table[slot + 1] = base >> 32;				/* base 63:32 */
}

/*
 * The calling CPU's trap and syscall state: its TSS (sp0 for now the stack
 * it runs on, the #DF stack), loaded with ltr, no LDT, and the syscall MSRs.
 * The boot CPU from arch_setup(), every other one from start_secondary()
 * (smp.c), before interrupts can reach it. arch_set_this_cpu() has set GS_BASE.
 */
void cpu_init(unsigned int cpu, unsigned long stack_top)
{
	struct tss_struct *tss = &cpu_percpu[cpu].tss;

	/* Ring 3 -> ring 0 switches to sp0; each task sets its own (arch_switch_to). */
	cpu_percpu[cpu].kstack_top = stack_top;
	tss->sp0 = stack_top;
	tss->ist[IST_INDEX_DF - 1] = (unsigned long)(double_fault_stack[cpu] + DOUBLE_FAULT_STACK_SIZE);
	tss->io_bitmap_base = sizeof(*tss);
	set_tss_descriptor(cpu, (unsigned long)tss, sizeof(*tss) - 1);
	__asm__ __volatile__("ltr %w0" : : "r"(__TSS_SELECTOR(cpu)) : "memory");
	/*
	 * No LDT, whatever the loader left in LDTR: a selector with TI = 1 (an
	 * LDT one) then faults in every task, instead of naming descriptors
	 * that only some tasks' selectors would point into.
	 */
	__asm__ __volatile__("lldt %w0" : : "r"(0) : "memory");

	/* Only now that the TSS is live may a gate name an IST slot. */
	if (cpu == 0)
		idt_table[X86_TRAP_DF].ist = IST_INDEX_DF;

	user_mode_init(cpu);
}


/* --- memory and command line: struct hvm_start_info ------------------- */

/*
 * Everything below 4 GiB is identity mapped (head.S), so a physical address
 * from the loader can be dereferenced as is, if it lies in that range.
 */
static const void *boot_ptr(u64 paddr, u64 size)
{
	if (!paddr || paddr >= IDENTITY_MAP_SIZE || size > IDENTITY_MAP_SIZE - paddr)
		return NULL;
	return (const void *)(unsigned long)paddr;
}

/*
 * The PVH memory map (start_info version >= 1) is the E820 table: a list of
 * address ranges with a type. We report the largest RAM range the identity
 * map reaches, which on QEMU is the one the kernel itself was loaded into
 * (1 MiB up to the end of RAM below the PCI hole); the range below 640 KiB
 * and anything above 4 GiB stay unused. The page allocator hands out this
 * range above the kernel image and dereferences it through the identity
 * map (asm/page.h), so RAM above 4 GiB must never be reported.
 */
static void pvh_memory(const struct hvm_start_info *si)
{
	const struct hvm_memmap_table_entry *map;

	if (si->version < 1 || !si->memmap_entries) {
		printk("pvh: start_info version %u has no memory map\n", si->version);
		return;
	}
	map = boot_ptr(si->memmap_paddr, (u64)si->memmap_entries * sizeof(*map));
	if (!map) {
		printk("pvh: memory map at 0x%llx is not mapped\n",
		       (unsigned long long)si->memmap_paddr);
		return;
	}
	for (u32 i = 0; i < si->memmap_entries; i++) {
		u64 start = map[i].addr, size = map[i].size;

		if (map[i].type != XEN_HVM_MEMMAP_TYPE_RAM || start >= IDENTITY_MAP_SIZE)
			continue;
		if (size > IDENTITY_MAP_SIZE - start)
			size = IDENTITY_MAP_SIZE - start;	/* the part below 4 GiB */
		if (size > boot_info.mem_size) {
			boot_info.mem_start = start;
			boot_info.mem_size = size;
		}
	}
}

/*
 * A copy of the command line: the loader's lies in memory we do not own
 * (below 1 MiB with QEMU's loaders, but nothing promises that), and the
 * page allocator may hand out any RAM above the kernel once boot is over.
 * With the copy, hvm_start_info and everything it points to is dead after
 * arch_setup(), and boot_info.reserved[] stays empty.
 */
#define CMDLINE_SIZE		1024
#define CMDLINE_SCAN_MAX	65536	/* how far we look for the end of a longer line */
static char cmdline_copy[CMDLINE_SIZE];

static void pvh_setup(void)
{
	const struct hvm_start_info *si = boot_ptr(pvh_start_info_paddr, sizeof(*si));
	const char *cmdline;

	if (!si || si->magic != XEN_HVM_START_MAGIC_VALUE) {
		printk("pvh: no hvm_start_info at 0x%llx (ebx at entry)\n",
		       (unsigned long long)pvh_start_info_paddr);
		return;
	}
	pvh_memory(si);
	cmdline = boot_ptr(si->cmdline_paddr, CMDLINE_SIZE);
	if (cmdline) {
		/* A longer line is cut; the banner says how much was dropped. */
		if (strscpy(cmdline_copy, cmdline, sizeof(cmdline_copy)) < 0) {
			const char *whole = boot_ptr(si->cmdline_paddr, CMDLINE_SCAN_MAX);

			boot_info.cmdline_dropped = (whole ? strnlen(whole, CMDLINE_SCAN_MAX) :
						     CMDLINE_SIZE) - (CMDLINE_SIZE - 1);
		}
		boot_info.cmdline = cmdline_copy;
	}
}

/* --- the CPU: CPUID ----------------------------------------------------- */

#define CPUID_VENDOR		0x00000000	/* eax: highest basic leaf; ebx, edx, ecx: vendor */
#define CPUID_SIGNATURE		0x00000001	/* eax: family, model, stepping */
#define CPUID_EXT_MAX		0x80000000	/* eax: highest extended leaf */
#define CPUID_BRAND_STRING	0x80000002	/* 0x80000002-4: 48-byte brand string */
#define CPUID_HYPERVISOR	0x40000000	/* ebx, ecx, edx: hypervisor signature */
#define CPUID_1_ECX_HYPERVISOR	(1U << 31)	/* "running under a hypervisor" */

static char cpu_desc[128];

/*
 * asm/cpufeature.h. Leaf 0 reports the highest basic leaf, 0x80000000 the
 * highest extended one; a leaf beyond those returns garbage, not zeros.
 */
bool cpu_has(u32 leaf, enum cpuid_reg reg, unsigned int bit)
{
	u32 r[4], max;

	cpuid(leaf & CPUID_EXT_MAX, &max, &r[CPUID_EBX], &r[CPUID_ECX], &r[CPUID_EDX]);
	if (leaf > max)
		return false;
	cpuid_count(leaf, 0, &r[CPUID_EAX], &r[CPUID_EBX], &r[CPUID_ECX], &r[CPUID_EDX]);
	return (r[reg] >> bit) & 1;
}

static void copy_regs_to_string(char *s, u32 a, u32 b, u32 c)
{
	memcpy(s, &a, 4);
	memcpy(s + 4, &b, 4);
	memcpy(s + 8, &c, 4);
}

/*
 * "<brand string> (<vendor> family F model M stepping S)". Family and model
 * combine the base and extended fields as SDM Vol. 2A (CPUID, Figure 3-6)
 * prescribes: the extended family counts only when the base family is 15,
 * the extended model only for families 6 and 15.
 */
static __stackleak_frame_exempt void identify_cpu(void)
{
	u32 cpuid_max_leaf, eax, ebx, ecx, edx, family, model, sig;
	char vendor[13] = "", brand[49] = "";
	const char *b = brand;

	cpuid(CPUID_VENDOR, &cpuid_max_leaf, &ebx, &ecx, &edx);
	copy_regs_to_string(vendor, ebx, edx, ecx);

	cpuid(CPUID_SIGNATURE, &sig, &ebx, &ecx, &edx);
	family = (sig >> 8) & 0xf;
	model = (sig >> 4) & 0xf;
	if (family == 0xf)
		family += (sig >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((sig >> 16) & 0xf) << 4;

	cpuid(CPUID_EXT_MAX, &eax, &ebx, &ecx, &edx);
	if (eax >= CPUID_BRAND_STRING + 2) {
		for (u32 i = 0; i < 3; i++) {
			cpuid(CPUID_BRAND_STRING + i, &eax, &ebx, &ecx, &edx);
			copy_regs_to_string(brand + 16 * i, eax, ebx, ecx);
			memcpy(brand + 16 * i + 12, &edx, 4);
		}
		while (*b == ' ')	/* Intel right-aligns the string with spaces */
			b++;
	}
	snprintf(cpu_desc, sizeof(cpu_desc), "%s (%s family %u model %u stepping %u)",
		 *b ? b : "x86_64", vendor, family, model, sig & 0xf);
	boot_info.cpu = cpu_desc;
}

/* --- the machine -------------------------------------------------------- */

/* PCI configuration mechanism #1 (PCI Local Bus Spec 3.0 §3.2.2.3.2). */
#define PCI_CONFIG_ADDRESS	0xcf8
#define PCI_CONFIG_DATA		0xcfc
#define PCI_CONFIG_ENABLE	0x80000000	/* bit 31; bus 0, device 0, function 0, reg 0 */
#define PCI_ID_NONE		0xffffffff	/* nobody answered */
#define PCI_ID_I440FX		0x12378086	/* device << 16 | vendor: Intel 440FX, QEMU -M pc */
#define PCI_ID_Q35		0x29c08086	/* Intel Q35 MCH, QEMU -M q35 */

static char machine_desc[96];

/*
 * A PC does not say what it is. QEMU's boards differ in their host bridge
 * (PCI device 00:00.0), and microvm has no PCI at all, so we ask for that
 * device's ID; the CPUID hypervisor leaf adds who emulates it.
 */
static void identify_machine(void)
{
	u32 id, eax, ebx, ecx, edx;
	const char *board;
	char hv[13] = "";

	outl(PCI_CONFIG_ENABLE, PCI_CONFIG_ADDRESS);
	id = inl(PCI_CONFIG_DATA);
	if (id == PCI_ID_NONE)
		board = "QEMU microvm (no PCI)";
	else if (id == PCI_ID_I440FX)
		board = "QEMU pc (i440FX)";
	else if (id == PCI_ID_Q35)
		board = "QEMU q35";
	else
		board = "PC";

	cpuid(CPUID_SIGNATURE, &eax, &ebx, &ecx, &edx);
	if (ecx & CPUID_1_ECX_HYPERVISOR) {
		cpuid(CPUID_HYPERVISOR, &eax, &ebx, &ecx, &edx);
		copy_regs_to_string(hv, ebx, ecx, edx);
	}
	snprintf(machine_desc, sizeof(machine_desc), "%s, PVH boot%s%s", board,
		 hv[0] ? ", hypervisor " : "", hv);
	boot_info.machine = machine_desc;
}

/* --- power off: QEMU's isa-debug-exit ----------------------------------- */

/*
 * -device isa-debug-exit,iobase=0xf4 (Makefile.arch): a write of v makes
 * QEMU exit with status (v << 1) | 1 (QEMU hw/misc/debugexit.c). So status 0
 * gives 1 (QEMU_EXIT_PASS) and N gives 2N + 1. The host sees 8 bits: N must
 * stay below 128, or 128 would come out as 1, a pass.
 */
#define DEBUG_EXIT_PORT		0xf4
#define DEBUG_EXIT_MAX_STATUS	127

__noreturn void arch_poweroff(int status)
{
	if (status < 0 || status > DEBUG_EXIT_MAX_STATUS)
		status = DEBUG_EXIT_MAX_STATUS;
	outl((u32)status, DEBUG_EXIT_PORT);

	/*
	 * Since QEMU 9.1 the vCPU runs on for a moment after the write, until QEMU's
	 * main loop ends the machine: wait a second before calling the device absent.
	 */
	u64 deadline = arch_get_cycles() + arch_cycles_per_sec();
	while (arch_get_cycles() < deadline)
		cpu_relax();

	/* Still here: QEMU was started without isa-debug-exit. */
	printk("poweroff: no isa-debug-exit at port 0x%x; halting\n", DEBUG_EXIT_PORT);
	for (;;) {
		__asm__ __volatile__("cli");
		native_halt();
	}
}

__stackleak_frame_exempt void arch_setup(void)
{
	arch_console_init();		/* first: everything after this can print */
	cpu_init(0, (unsigned long)boot_stack_top);	/* head.S loaded the IDT; add the TSS, syscall */
	identify_cpu();
	identify_machine();
	pvh_setup();
	tsc_init();		/* time.c: the cycle counter's rate */
	rng_init();		/* entropy.c: the CPU's random instruction, for the CRNG */
	paging_init();		/* mm.c: NX, global pages, SMEP/SMAP for user mode */
}
