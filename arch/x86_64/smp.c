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
#include <asm/io.h>
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

/* --- how many CPUs: QEMU's fw_cfg ---------------------------------------- */

/*
 * QEMU's firmware configuration device (QEMU docs/specs/fw_cfg.rst), on a PC
 * two I/O ports: write a 16-bit key to the selector, read the item's bytes,
 * one by one, from the data port. Key 0 reads "QEMU" if the device is there;
 * FW_CFG_NB_CPUS is the number of CPUs the machine starts with (-smp), 16
 * bits, little-endian. microvm has it (its firmware loads the kernel through
 * it) and needs no ACPI for it, which we switch off (Makefile.arch).
 */
#define FW_CFG_PORT_SEL		0x510
#define FW_CFG_PORT_DATA	0x511
#define FW_CFG_SIGNATURE	0x00
#define FW_CFG_NB_CPUS		0x05

static void fw_cfg_read(u16 key, void *buf, size_t len)
{
	u8 *p = buf;

	outw(key, FW_CFG_PORT_SEL);
	for (size_t i = 0; i < len; i++)
		p[i] = inb(FW_CFG_PORT_DATA);
}

static unsigned int fw_cfg_nb_cpus(void)
{
	char sig[4];
	u8 n[2];

	fw_cfg_read(FW_CFG_SIGNATURE, sig, sizeof(sig));
	if (memcmp(sig, "QEMU", sizeof(sig)))
		return 0;
	fw_cfg_read(FW_CFG_NB_CPUS, n, sizeof(n));
	return n[0] | n[1] << 8;
}

/*
 * The CPUs fw_cfg counts, at most NR_CPUS. fw_cfg gives no APIC IDs: QEMU
 * numbers its CPUs' APIC IDs 0 .. n - 1 for -smp n (one thread per core, the
 * default). The boot CPU, whatever its ID, becomes logical CPU 0; the other
 * IDs follow in order.
 */
unsigned int arch_smp_probe(void)
{
	unsigned int n = fw_cfg_nb_cpus(), cpu = 1;
	u32 boot_id = apic_read_id();

	if (!n) {
		printk("smp: no QEMU fw_cfg at port 0x%x: one CPU\n", FW_CFG_PORT_SEL);
		n = 1;
	}
	if (n > NR_CPUS) {
		printk("smp: %u CPUs, only the first %u are used\n", n, NR_CPUS);
		n = NR_CPUS;
	}
	x86_cpu_to_apicid[0] = boot_id;
	for (u32 id = 0; cpu < n; id++)
		if (id != boot_id)
			x86_cpu_to_apicid[cpu++] = id;
	return n;
}

/* --- starting a CPU: INIT, then start-up IPIs ---------------------------- */

/*
 * Where the trampoline (head.S) runs: a start-up IPI's vector is the page
 * number of the real-mode code to run, so it must be page-aligned and below
 * 1 MiB. 0x8000 is RAM on a PC and the kernel does not use it: the page
 * allocator hands out memory above 1 MiB only (setup.c).
 */
#define TRAMPOLINE_BASE		0x8000UL
#define TRAMPOLINE_MAX		4096
extern const char trapdoor_trampoline[], trapdoor_trampoline_end[];	/* head.S */

/* The waits of the INIT-SIPI-SIPI sequence (SDM Vol. 3A "MP Initialization Example"). */
#define INIT_DELAY_DIVISOR	100	/* 10 ms after INIT */
#define SIPI_DELAY_DIVISOR	5000	/* 200 us after each start-up IPI */

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
	memcpy((void *)TRAMPOLINE_BASE, trapdoor_trampoline, size);
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
	WRITE_ONCE(secondary_stack[cpu], task_stack_top(idle));
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
__noreturn void start_secondary(unsigned int cpu);
__noreturn void start_secondary(unsigned int cpu)
{
	write_cr0(boot_cr0);
	write_cr4(boot_cr4);
	arch_set_this_cpu(&cpu_info[cpu]);
	cpu_init(cpu, secondary_stack[cpu]);
	setup_secondary_APIC_clock();	/* time.c */
	secondary_start_kernel();	/* kernel/smp.c */
}

/* --- IPIs ----------------------------------------------------------------- */

/* A fixed IPI on IPI_VECTOR; traps.c hands it to ipi_interrupt(). */
void arch_send_ipi(unsigned int cpu)
{
	if (!apic_send_IPI(x86_cpu_to_apicid[cpu], APIC_DM_FIXED | IPI_VECTOR))
		printk("smp: IPI to CPU%u (APIC ID %u) not sent: the APIC stays busy\n", cpu,
		       x86_cpu_to_apicid[cpu]);
}
