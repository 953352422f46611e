// SPDX-License-Identifier: MIT
/*
 * Several CPUs on loongarch64 (docs/smp.md). QEMU 7.2 resets every core to the kernel's entry
 * point; head.S lets core 0 boot and parks the others, each asleep until an IPI finds an
 * address in its mailbox 0. Starting a core is the Loongson IPI mailbox protocol: write its
 * mailboxes through IOCSR MAIL_SEND, then raise one of its IPI vectors through IOCSR IPI_SEND
 * (Loongson 3A5000 user manual, "Inter-processor interrupts and communication"). The same
 * IPI vectors, once the core runs the kernel, are how CPUs interrupt each other.
 *
 * What is per CPU here lives in CSRs, of which each core has its own: SAVE4 holds the CPU's
 * struct cpu_info (and $r21 the kernel's copy of it), SAVE5 the top of its emergency stack
 * (asm/smp.h), SAVE2 the kernel stack of the task it runs (entry.S).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <asm/csr.h>
#include <asm/fw_cfg.h>
#include <asm/page.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/traps.h>

/* head.S: the first instructions of a started core (C only takes their address). */
extern const u32 secondary_entry[];

/*
 * The IPI vectors we use (any of the 32 would do): one wakes a parked core to read its
 * mailboxes (head.S), the other is arch_send_ipi()'s.
 */
#define IPI_BOOT 0
#define IPI_CALL 1
#define IPI_ALL	 0xffffffffU

/* The hardware number (CPUID.CoreID, the IOCSR SENDs' target) of each logical CPU. */
static unsigned int cpu_hwid[NR_CPUS];

/* Each CPU's emergency stack for a kernel TLB miss (entry.S, .Lrefill_oops). */
static u8 refill_stacks[NR_CPUS][REFILL_STACK_SIZE] __aligned(16);

void arch_set_this_cpu(struct cpu_info *c)
{
	loongarch_this_cpu = c;
	csr_write(KSAVE_CPU, (unsigned long)c);
	csr_write(KSAVE_REFILL_SP, (unsigned long)refill_stacks[c->cpu] + REFILL_STACK_SIZE);
}

/*
 * The number of CPUs: fw_cfg's FW_CFG_NB_CPUS, which QEMU's loongarch virt board fills in
 * (QEMU 7.2 hw/loongarch/fw_cfg.c). Its cores are numbered 0 .. n-1 (CPUID.CoreID is QEMU's
 * CPU index), so the boot core is logical CPU 0 and the others follow in order.
 */
unsigned int arch_smp_probe(void)
{
	unsigned int boot = csr_read(LOONGARCH_CSR_CPUID) & CPUID_COREID_MASK;
	unsigned int n = fw_cfg_present() ? (unsigned int)fw_cfg_read_u64(FW_CFG_NB_CPUS, 2) : 1;
	unsigned int cpu = 1;

	if (!n)
		n = 1;
	if (n > NR_CPUS)
		n = NR_CPUS;
	cpu_hwid[0] = boot;
	for (unsigned int hw = 0; cpu < n; hw++)
		if (hw != boot)
			cpu_hwid[cpu++] = hw;
	return n;
}

/* Writes v into mailbox box of core hw, one 32-bit half at a time (MAIL_SEND carries 32). */
static void mail_send(unsigned int hw, unsigned int box, unsigned long v)
{
	unsigned long to = IOCSR_SEND_BLOCKING | (unsigned long)hw << IOCSR_SEND_CPU_SHIFT;

	iocsr_write64(to | (2UL * box + 1) << IOCSR_MAIL_SEND_BOX_SHIFT |
			  (v >> 32) << IOCSR_MAIL_SEND_DATA_SHIFT,
		      LOONGARCH_IOCSR_MAIL_SEND);
	iocsr_write64(to | (2UL * box) << IOCSR_MAIL_SEND_BOX_SHIFT |
			  (v & 0xffffffffUL) << IOCSR_MAIL_SEND_DATA_SHIFT,
		      LOONGARCH_IOCSR_MAIL_SEND);
}

/* Raises IPI vector vector on core hw. */
static void ipi_send(unsigned int hw, unsigned int vector)
{
	iocsr_write32((unsigned int)(IOCSR_SEND_BLOCKING | hw << IOCSR_SEND_CPU_SHIFT | vector),
		      LOONGARCH_IOCSR_IPI_SEND);
}

/* Writes core hw's three mailboxes, then raises the IPI that makes it read them. */
static void cpu_up_request(unsigned int hw, struct task_struct *idle, unsigned int cpu,
			   unsigned long entry)
{
	mail_send(hw, SMP_MAILBOX_SP, task_stack_top(idle));
	mail_send(hw, SMP_MAILBOX_CPU, (unsigned long)&cpu_info[cpu]);
	mail_send(hw, SMP_MAILBOX_ENTRY, entry);
	ipi_send(hw, IPI_BOOT);
}

/* How often the request is made again, and for how long, while the core is not online. */
#define CPU_UP_RESEND_MS     10
#define CPU_UP_RESEND_FOR_MS 2000

/*
 * The parked core looks at its mailbox 0 whenever it wakes, and reads the other two once
 * mailbox 0 is filled: so its stack and its struct cpu_info first, then where to go, then
 * the IPI that wakes it. Where to go is a physical address: the core still runs in direct
 * address mode, where that is the same place. It is below 4 GiB, so its high half is 0, and
 * the core sees mailbox 0 either empty or whole.
 *
 * Who parks it depends on QEMU. 7.2 resets every core to the kernel's entry point, and
 * head.S parks it (secondary_park). Since 9.0 QEMU starts the other cores in boot code of
 * its own, which first clears mailbox 0 and then waits the same way: a request that arrives
 * before that code has run is wiped out, and the core would sleep for ever. So the request
 * is made again every few milliseconds until the core says it is online; once it runs the
 * kernel, a late copy only rewrites mailboxes nobody reads and raises a vector
 * loongarch_ipi_interrupt() ignores.
 */
int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned int hw = cpu_hwid[cpu];
	unsigned long entry = virt_to_phys(secondary_entry);
	u64 every = arch_cycles_per_sec() * CPU_UP_RESEND_MS / 1000, last;

	if (entry >> 32)
		return -EFAULT;
	cpu_up_request(hw, idle, cpu, entry);
	last = arch_get_cycles();
	for (unsigned int n = 0; n < CPU_UP_RESEND_FOR_MS / CPU_UP_RESEND_MS; n++) {
		while (arch_get_cycles() - last < every) {
			if (__atomic_load_n(&cpu_info[cpu].online, __ATOMIC_ACQUIRE))
				return 0;
			cpu_relax();
		}
		cpu_up_request(hw, idle, cpu, entry);
		last = arch_get_cycles();
	}
	return 0; /* smp_init() goes on waiting, and says so if the core never comes */
}

/*
 * A started core, from head.S (secondary_entry): on its idle task's stack, in the kernel's
 * mode, exception entries installed, every interrupt line masked. What CPU 0 did for itself
 * in arch_setup() and arch_timer_init(), each core does for its own registers: the per-CPU
 * SAVE CSRs, the trap state and the IPI line (arch_trap_init()), the TLB (mmu_init()), the
 * timer; and SAVE2, for the day it runs a task that enters from user mode.
 */
__noreturn void loongarch_secondary_start(struct cpu_info *c)
{
	arch_set_this_cpu(c);
	arch_trap_init();
	mmu_init();
	loongarch_timer_start();
	csr_write(LOONGARCH_CSR_SAVE2, task_stack_top(c->idle));
	secondary_start_kernel();
}

void arch_send_ipi(unsigned int cpu)
{
	ipi_send(cpu_hwid[cpu], IPI_CALL);
}

/* Every IPI vector may raise this CPU's IPI line, and the line may interrupt it. */
void loongarch_ipi_enable(void)
{
	iocsr_write32(IPI_ALL, LOONGARCH_IOCSR_IPI_CLEAR); /* nothing left over */
	iocsr_write32(IPI_ALL, LOONGARCH_IOCSR_IPI_EN);
	csr_write(LOONGARCH_CSR_ECFG, csr_read(LOONGARCH_CSR_ECFG) | ECFG_LIE_IPI);
}

/*
 * The IPI line is up (do_trap()). Lower it first, by clearing the vectors that are raised, so
 * that an IPI sent from now on raises it again instead of being lost; then the common work.
 */
void loongarch_ipi_interrupt(void)
{
	unsigned int status = iocsr_read32(LOONGARCH_IOCSR_IPI_STATUS);

	iocsr_write32(status, LOONGARCH_IOCSR_IPI_CLEAR);
	if (status & (1U << IPI_CALL))
		ipi_interrupt();
}
