// SPDX-License-Identifier: MIT
/*
 * Several harts (docs/smp.md, "riscv"). The device tree's /cpus lists them by hart id; the SBI
 * firmware below us starts them (Hart State Management extension, "HSM") and interrupts them
 * (IPI extension). RISC-V Supervisor Binary Interface Specification v1.0.0, chapters 7 and 9.
 *
 * Under QEMU every hart but one waits inside OpenSBI, stopped, until hart_start; the one that
 * won OpenSBI's own lottery (any hart id) enters head.S and becomes logical CPU 0.
 */
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <asm/csr.h>
#include <asm/dt.h>
#include <asm/page.h>
#include <asm/sbi.h>
#include <asm/setup.h>
#include <asm/traps.h>

BUILD_BUG_ON(offsetof(struct cpu_info, cpu) != CPU_INFO_CPU);

/* Logical CPU number -> hart id; [0] is the boot hart. */
static unsigned long hartids[NR_CPUS];

unsigned long cpu_hartid(unsigned int cpu)
{
	return hartids[cpu];
}

void arch_set_this_cpu(struct cpu_info *c)
{
	__asm__ __volatile__("mv tp, %0" : : "r"(c) : "memory");
}

/*
 * The harts (dt.c): every child of /cpus with device_type "cpu" and a status that is absent
 * or "okay", its hart id in reg (#address-cells of /cpus: 1 on QEMU virt). The boot hart is
 * CPU 0; the others follow in the tree's order. Also asks the firmware whether it can start
 * and interrupt harts at all.
 */
unsigned int arch_smp_probe(void)
{
	const void *fdt = boot_fdt;
	unsigned int refused;
	int n;

	hartids[0] = boot_hartid;
	/* CPU 0 takes IPIs from here on: sie.SSIE (asm/csr.h). */
	csr_clear(sip, SIP_SSIP);
	csr_set(sie, SIE_SSIE);

	if (!fdt_valid(fdt) || fdt_path_offset(fdt, "/cpus") < 0) {
		printk("smp:     no /cpus in the device tree: one CPU\n");
		return 1;
	}
	if (sbi_ecall(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_HSM, 0).value == 0 ||
	    sbi_ecall(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_IPI, 0).value == 0) {
		printk("smp:     the SBI firmware has no HSM or no IPI extension: one CPU\n");
		return 1;
	}
	n = riscv_dt_harts(fdt, boot_hartid, hartids, NR_CPUS, &refused);
	if (refused)
		printk("smp:     %u harts in the device tree have an id above %u: left out\n",
		       refused, RISCV_MAX_HARTID);
	if (n < 0) {
		printk("smp:     /cpus in the device tree is malformed: one CPU\n");
		return 1;
	}
	if (n > NR_CPUS) {
		printk("smp:     %u more harts in the device tree: NR_CPUS is %u\n",
		       (unsigned int)n - NR_CPUS, NR_CPUS);
		n = NR_CPUS;
	}
	return (unsigned int)n;
}

/*
 * What a starting hart needs before it can run C (head.S, secondary_entry): hart_start passes
 * one value, this record's address, in a1. The SB_* offsets are checked below.
 */
struct secondary_boot {
	struct cpu_info *cpu; /* its tp */
	unsigned long sp;     /* the top of its idle task's kernel stack */
	unsigned long satp;   /* the kernel's page table */
};

BUILD_BUG_ON(offsetof(struct secondary_boot, cpu) != SB_CPU);
BUILD_BUG_ON(offsetof(struct secondary_boot, sp) != SB_SP);
BUILD_BUG_ON(offsetof(struct secondary_boot, satp) != SB_SATP);

/* One each: a hart that starts late must not find the next one's record. */
static struct secondary_boot secondary_boot[NR_CPUS];

int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	struct secondary_boot *b = &secondary_boot[cpu];
	struct sbiret ret;

	b->cpu = &cpu_info[cpu];
	b->sp = task_stack_top(idle);
	b->satp = riscv_kernel_satp();
	/* The record and the page tables in memory before the other hart looks. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/*
	 * hart_start(hartid, start_addr, opaque): the hart begins at start_addr in S-mode with
	 * satp = 0 and interrupts off, a0 = its hart id, a1 = opaque (SBI 9.1). Untranslated:
	 * both are physical addresses, the kernel image's own (asm/page.h).
	 */
	ret = sbi_ecall3(SBI_EXT_HSM, SBI_HSM_HART_START, hartids[cpu],
			 virt_to_phys((const void *)secondary_entry), virt_to_phys(b));
	if (ret.error != SBI_SUCCESS) {
		printk("smp:     CPU%u (hart %lu): SBI hart_start error %ld\n", cpu, hartids[cpu],
		       ret.error);
		return -EIO;
	}
	return 0;
}

/*
 * head.S's secondary_entry calls this on the new CPU: tp, sp, stvec and satp are set,
 * interrupts masked. Its timer and IPIs on; the PLIC's external interrupt stays off (sie.SEIE
 * is 0 here): the console interrupts CPU 0 only.
 */
__noreturn void riscv_secondary_start(void)
{
	riscv_timer_start_cpu();
	csr_clear(sip, SIP_SSIP);
	csr_set(sie, SIE_SSIE);
	secondary_start_kernel();
}

/*
 * send_ipi(hart_mask, hart_mask_base) (SBI 7.1): the harts base + i for each bit i of mask.
 * The firmware raises the target's supervisor software interrupt (sip.SSIP).
 */
void arch_send_ipi(unsigned int cpu)
{
	sbi_ecall(SBI_EXT_IPI, SBI_IPI_SEND_IPI, 1, hartids[cpu]);
}

/* The supervisor software interrupt: clear SSIP first, so that a later IPI is not lost. */
void riscv_ipi_interrupt(void)
{
	csr_clear(sip, SIP_SSIP);
	ipi_interrupt();
}
