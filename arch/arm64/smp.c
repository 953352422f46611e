// SPDX-License-Identifier: MIT
/*
 * Several CPUs on arm64 (docs/smp.md, "arm64"). The device tree's /cpus
 * lists every CPU by its MPIDR_EL1 affinity value ("reg"); the boot CPU is
 * logical CPU 0 whatever its MPIDR, the others follow in the tree's order.
 * A CPU is started with PSCI CPU_ON (Arm DEN 0022), which QEMU implements
 * itself, through the conduit /psci names (hvc or smc, firmware.c): the CPU
 * starts at secondary_entry (head.S) with its logical number in x0. IPIs are
 * GIC software generated interrupts (drivers/gic.c).
 */
#include <asm/dt.h>
#include <asm/page.h>
#include <asm/gic.h>
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <stddef.h>
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

_Static_assert(offsetof(struct cpu_info, cpu) == CPU_INFO_CPU, "CPU_INFO_CPU (asm/smp.h)");
_Static_assert(IPI_SGI < GIC_NR_SGIS, "IPI_SGI is an SGI");

/* entry.S: kernel_stack_overflow saves its frame on the running CPU's. */
u8 overflow_stacks[NR_CPUS][OVERFLOW_STACK_SIZE] __aligned(16);

/* Logical CPU n -> its MPIDR_EL1 affinity (Aff3..Aff0), which PSCI CPU_ON wants. */
static u64 cpu_hwid[NR_CPUS];
/* ... and whether its /cpus node says enable-method = "psci". */
static bool cpu_psci[NR_CPUS];

/*
 * What secondary_entry (head.S) needs before it can call C: the top of its
 * idle task's kernel stack and its struct cpu_info. 16 bytes per CPU, the
 * layout head.S reads with one ldp.
 */
struct secondary_data secondary_data[NR_CPUS];
_Static_assert(sizeof(struct secondary_data) == 16, "head.S: 16 bytes per CPU");

void arch_set_this_cpu(struct cpu_info *c)
{
	write_sysreg(c, tpidr_el1);
	arm64_this_cpu = c; /* x18, the kernel's copy (asm/smp.h) */
}

/* PSCI 0.2 and later (DEN 0022): CPU_ON in the SMC64 range, and its results. */
#define PSCI_0_2_FN64_CPU_ON	0xc4000003U
#define PSCI_RET_SUCCESS	0
#define PSCI_RET_INVALID_PARAMS (-2)
#define PSCI_RET_DENIED		(-3)
#define PSCI_RET_ALREADY_ON	(-4)
#define PSCI_RET_ON_PENDING	(-5)

/*
 * The CPUs /cpus lists (dt.c): the boot CPU is logical CPU 0, the others
 * follow in the tree's order. A malformed /cpus leaves only the boot CPU.
 */
unsigned int arch_smp_probe(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	int n = arm64_dt_cpus(boot_fdt, read_sysreg(mpidr_el1) & MPIDR_HWID_MASK, cpu_hwid,
			      cpu_psci, NR_CPUS);

	if (n < 0) {
		printk("smp:     /cpus in the device tree is malformed: one CPU\n");
		return 1;
	}
	return (unsigned int)n;
}

int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	long ret;

	if (cpu == 0 || cpu >= NR_CPUS || !idle)
		return -EINVAL;
	if (!psci_present || !cpu_psci[cpu]) {
		printk("arm64: CPU%u (MPIDR 0x%lx): no PSCI to start it with\n", cpu,
		       cpu_hwid[cpu]);
		return -ENOSYS;
	}
	secondary_data[cpu] = (struct secondary_data){
		.stack_top = task_stack_top(idle),
		.cpu_info = &cpu_info[cpu],
	};
	/*
	 * head.S reads its entry with the MMU on, through the cache, so no
	 * cache maintenance is needed; the dsb makes the stores visible to
	 * every CPU before the new one can run.
	 */
	dsb(ish);
	/* The CPU starts with the MMU off: secondary_entry by its physical address. */
	ret = psci_call(PSCI_0_2_FN64_CPU_ON, cpu_hwid[cpu],
			virt_to_phys((const void *)secondary_entry), cpu);
	switch (ret) {
	case PSCI_RET_SUCCESS:
		return 0;
	case PSCI_RET_INVALID_PARAMS:
		return -EINVAL;
	case PSCI_RET_ALREADY_ON:
	case PSCI_RET_ON_PENDING:
		return -EBUSY;
	case PSCI_RET_DENIED:
		return -EPERM;
	default:
		return -EIO;
	}
}

/*
 * The C half of a started CPU's set-up, on its idle task's stack, with
 * this_cpu() already working (head.S set TPIDR_EL1): its system registers as
 * CPU 0 has them, its GIC CPU interface with the IPI's SGI enabled, its own
 * timer ticking. IRQs stay masked until its idle loop waits for one.
 */
void secondary_init(void)
{
	arm64_cpu_setup();
	arm64_check_address_split(); /* mm.c: TTBR0_EL1 holds nothing of the kernel */
	gic_cpu_init();
	arm64_timer_cpu_init();
}

void arch_send_ipi(unsigned int cpu)
{
	if (cpu < NR_CPUS)
		gic_send_sgi(cpu, IPI_SGI);
}
