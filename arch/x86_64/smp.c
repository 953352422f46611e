// SPDX-License-Identifier: MIT
/*
 * Several CPUs on x86_64 (docs/smp.md): how many there are, starting them
 * with INIT and start-up IPIs through the local APIC, the per-CPU pointer in
 * GS_BASE, and the IPI of kernel/smp.c.
 *
 * A CPU is named two ways: the kernel's logical number (0 is the one that
 * booted) and its local APIC ID, the address IPIs and the I/O APIC use.
 * x86_cpu_to_apicid[] maps the first to the second.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <asm/apic.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/setup.h>

u32 x86_cpu_to_apicid[NR_CPUS];

/*
 * head.S's secondary_entry reads these: the top of each CPU's idle stack
 * (0 until arch_cpu_up() asks for that CPU) and the EFER to load.
 */
unsigned long secondary_stack[NR_CPUS];
u64 trampoline_efer;
/* The boot CPU's CR0 and CR4, which every other CPU copies (start_secondary()). */
static unsigned long boot_cr0, boot_cr4;

void arch_set_this_cpu(struct cpu_info *c)
{
	struct x86_percpu *pc = &cpu_percpu[c->cpu];

	pc->cpu_info = c;
	/* Ring 0 runs with GS_BASE = this CPU's area; the user's GS base (0) waits. */
	wrmsr(MSR_GS_BASE, (unsigned long)pc);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
}

/* --- which CPUs: the MP table ------------------------------------------- */

/*
 * The MultiProcessor Specification 1.4 table, which the firmware builds (on
 * microvm qboot, on -M pc SeaBIOS) and which needs no ACPI, switched off in
 * Makefile.arch. A 16-byte floating pointer structure, "_MP_", on a 16-byte
 * boundary in the last KiB of base memory, the EBDA or the BIOS ROM area
 * (spec §4), points at the configuration table, "PCMP": a header, then
 * entries; each processor entry names one CPU by its local APIC ID. Both
 * structures sum to 0 bytewise. We walk the entries by the table's length,
 * not by its entry count, which qboot leaves 0.
 */
#define MPF_SIGNATURE	  "_MP_"
#define MPF_SIZE	  16
#define MPF_PHYSPTR	  4 /* u32: the configuration table */
#define MPC_SIGNATURE	  "PCMP"
#define MPC_LENGTH	  4  /* u16: the base table's length in bytes */
#define MPC_HEADER_SIZE	  44 /* the entries start here */
#define MP_PROCESSOR	  0  /* entry type: a CPU, 20 bytes */
#define MP_PROCESSOR_SIZE 20
#define MP_LAST_TYPE	  4 /* types 1 to 4 (bus, I/O APIC, interrupts): 8 bytes */
#define MP_OTHER_SIZE	  8
#define MP_APICID	  1 /* processor entry: u8 local APIC ID */
#define MP_CPUFLAGS	  3 /* processor entry: flags */
#define CPU_ENABLED	  1 /* the CPU is usable */

/* Where QEMU's firmwares put the floating pointer: below 640 KiB's end, and the BIOS area. */
static const struct {
	unsigned long start, end;
} mpf_areas[] = {
	{ 0x9fc00, 0xa0000 },  /* the last KiB of base memory (qboot puts it there) */
	{ 0xf0000, 0x100000 }, /* the BIOS ROM area (SeaBIOS) */
};

static bool mp_checksum_ok(const u8 *p, size_t len)
{
	u8 sum = 0;

	for (size_t i = 0; i < len; i++)
		sum += p[i];
	return sum == 0;
}

static const u8 *mp_find_table(void)
{
	for (size_t a = 0; a < ARRAY_SIZE(mpf_areas); a++) {
		for (unsigned long pa = mpf_areas[a].start; pa < mpf_areas[a].end; pa += MPF_SIZE) {
			const u8 *mpf = phys_to_virt(pa);
			u32 table;
			const u8 *mpc;

			if (memcmp(mpf, MPF_SIGNATURE, 4) || !mp_checksum_ok(mpf, MPF_SIZE))
				continue;
			memcpy(&table, mpf + MPF_PHYSPTR, sizeof(table));
			if (!table) /* a u32: inside the direct map (head.S) */
				return NULL;
			mpc = phys_to_virt(table);
			if (memcmp(mpc, MPC_SIGNATURE, 4))
				return NULL;
			return mpc;
		}
	}
	return NULL;
}

/*
 * The enabled CPUs of the MP table, at most NR_CPUS: their APIC IDs into
 * x86_cpu_to_apicid[], the boot CPU's (this one's) first, whatever its ID,
 * the others in table order. One CPU, with a message, without a valid table.
 */
unsigned int arch_smp_probe(void)
{
	const u8 *mpc = mp_find_table(), *e, *end;
	u32 boot_id = apic_read_id();
	unsigned int n = 1, found = 0;
	u16 len;

	x86_cpu_to_apicid[0] = boot_id;
	if (!mpc) {
		printk("smp: no MP table (MultiProcessor Specification): one CPU\n");
		return 1;
	}
	memcpy(&len, mpc + MPC_LENGTH, sizeof(len));
	if (len < MPC_HEADER_SIZE || !mp_checksum_ok(mpc, len)) {
		printk("smp: MP table at 0x%lx: bad length or checksum: one CPU\n",
		       virt_to_phys(mpc));
		return 1;
	}
	end = mpc + len;
	for (e = mpc + MPC_HEADER_SIZE; e < end && e[0] <= MP_LAST_TYPE;) {
		if (e[0] != MP_PROCESSOR) {
			e += MP_OTHER_SIZE;
			continue;
		}
		if (e + MP_PROCESSOR_SIZE > end)
			break;
		if ((e[MP_CPUFLAGS] & CPU_ENABLED) && e[MP_APICID] != boot_id) {
			if (n < NR_CPUS)
				x86_cpu_to_apicid[n++] = e[MP_APICID];
			found++;
		}
		e += MP_PROCESSOR_SIZE;
	}
	if (found + 1 > NR_CPUS)
		printk("smp: %u CPUs, only the first %u are used\n", found + 1, NR_CPUS);
	return n;
}

/* --- starting a CPU: INIT, then start-up IPIs ---------------------------- */

/*
 * Where the trampoline (head.S) runs: a start-up IPI's vector is the page
 * number of the real-mode code to run, so it must be page-aligned and below
 * 1 MiB. 0x8000 is RAM on a PC and the kernel does not use it: the page
 * allocator hands out memory above 1 MiB only (firmware.c).
 */
#define TRAMPOLINE_BASE 0x8000UL
#define TRAMPOLINE_MAX	4096
extern const char trapdoor_trampoline[], trapdoor_trampoline_end[]; /* head.S */

/* The waits of the INIT-SIPI-SIPI sequence (SDM Vol. 3A "MP Initialization Example"). */
#define INIT_DELAY_DIVISOR 100	/* 10 ms after INIT */
#define SIPI_DELAY_DIVISOR 5000 /* 200 us after each start-up IPI */

static void delay_cycles(u64 cycles)
{
	u64 start = arch_get_cycles();

	while (arch_get_cycles() - start < cycles)
		cpu_relax();
}

static void trampoline_setup(void)
{
	size_t size = (size_t)(trapdoor_trampoline_end - trapdoor_trampoline);

	if (size > TRAMPOLINE_MAX)
		panic("smp: trampoline is %zu bytes, more than its page", size);
	memcpy(phys_to_virt(TRAMPOLINE_BASE), trapdoor_trampoline, size);
	/* LMA is the CPU's to set; the rest (SCE, LME, NXE) is ours. */
	trampoline_efer = rdmsr(MSR_EFER) & ~(u64)EFER_LMA;
	boot_cr0 = read_cr0();
	boot_cr4 = read_cr4();
}

/*
 * The universal start-up algorithm (SDM Vol. 3A "MP Initialization"): an
 * INIT IPI resets the CPU into its wait-for-SIPI state; a start-up IPI with
 * vector v starts it in real mode at v << 12. A second start-up IPI covers a
 * first one the CPU missed; one that is running already ignores it.
 */
int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	static bool trampoline_ready;
	u32 apicid = x86_cpu_to_apicid[cpu];
	u64 hz = arch_cycles_per_sec();

	if (!trampoline_ready) {
		trampoline_setup();
		trampoline_ready = true;
	}
	/*
	 * The CPU starts below idle's pt_regs, which stay zero: arch_switch_to()
	 * loads the data segment selectors of the task it switches to from
	 * there, idle included (0, like every task's in the kernel).
	 */
	memset(task_pt_regs(idle), 0, sizeof(struct pt_regs));
	WRITE_ONCE(secondary_stack[cpu], (unsigned long)task_pt_regs(idle));
	if (!apic_send_IPI(apicid, APIC_DM_INIT | APIC_INT_ASSERT))
		return -EIO;
	delay_cycles(hz / INIT_DELAY_DIVISOR);
	for (int i = 0; i < 2; i++) {
		if (!apic_send_IPI(apicid, APIC_DM_STARTUP | (TRAMPOLINE_BASE >> PAGE_SHIFT)))
			return -EIO;
		delay_cycles(hz / SIPI_DELAY_DIVISOR);
	}
	return 0;
}

/*
 * head.S's secondary_entry calls this on the new CPU, on its idle task's
 * stack, with the kernel's page tables and the IDT loaded, interrupts off.
 * The rest of what the boot CPU set up for itself: CR0 and CR4 (write
 * protection, no FPU, global pages, SMEP, SMAP, UMIP), the per-CPU pointer,
 * the TSS and the syscall MSRs, and the local APIC with its timer, which
 * also lets IPIs in.
 */
__noreturn void start_secondary(unsigned int cpu)
{
	write_cr0(boot_cr0);
	write_cr4(boot_cr4);
	arch_set_this_cpu(&cpu_info[cpu]);
	cpu_init(cpu, secondary_stack[cpu]);
	setup_secondary_APIC_clock(); /* time.c */
	secondary_start_kernel();     /* kernel/smp.c */
}

/* --- IPIs ----------------------------------------------------------------- */

/* A fixed IPI on IPI_VECTOR; traps.c hands it to ipi_interrupt(). */
void arch_send_ipi(unsigned int cpu)
{
	if (!apic_send_IPI(x86_cpu_to_apicid[cpu], APIC_DM_FIXED | IPI_VECTOR))
		printk("smp: IPI to CPU%u (APIC ID %u) not sent: the APIC stays busy\n", cpu,
		       x86_cpu_to_apicid[cpu]);
}
