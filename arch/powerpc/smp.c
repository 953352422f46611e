// SPDX-License-Identifier: MIT
/*
 * Several CPUs on pseries (docs/smp.md). Every CPU has a paca of its own (asm/paca.h),
 * found through SPRG0 by the interrupt entry and through r13 by C; this_cpu() is one load
 * from it. Under PAPR the kernel does not wake CPUs itself: QEMU keeps every CPU but the
 * boot CPU stopped, and the RTAS call start-cpu starts one at an address of our choosing
 * (LoPAR, "start-cpu"; QEMU hw/ppc/spapr_rtas.c). IPIs are the XICS's (drivers/xics.c).
 *
 * Logical CPU numbers (cpu_info[], paca[]) are ours: 0 is the CPU that booted, the others
 * follow in device-tree order. paca[cpu].hw_id is the number the device tree, RTAS and
 * XICS know that CPU by (its interrupt server number).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <asm/mmu.h>
#include <asm/paca.h>
#include <asm/processor.h>
#include <asm/prom.h>
#include <asm/ptrace.h>
#include <asm/rtas.h>
#include <asm/time.h>
#include <asm/xics.h>

/* CPU 0's is usable from the first instruction of C: head.S points r13 and SPRG0 at it. */
struct paca_struct paca[NR_CPUS] = {
	[0] = { .cpu_info = &cpu_info[0] },
};

_Static_assert(__builtin_offsetof(struct paca_struct, exc_r11) == PACA_EXC_R11, "PACA_EXC_R11");
_Static_assert(__builtin_offsetof(struct paca_struct, exc_r12) == PACA_EXC_R12, "PACA_EXC_R12");
_Static_assert(__builtin_offsetof(struct paca_struct, exc_cr) == PACA_EXC_CR, "PACA_EXC_CR");
_Static_assert(__builtin_offsetof(struct paca_struct, trap_sp) == PACA_TRAP_SP, "PACA_TRAP_SP");
_Static_assert(__builtin_offsetof(struct paca_struct, cpu_info) == PACA_CPU_INFO, "PACA_CPU_INFO");
_Static_assert(__builtin_offsetof(struct paca_struct, erase_sp) == PACA_ERASE_SP, "PACA_ERASE_SP");
_Static_assert(__builtin_offsetof(struct paca_struct, start_sp) == PACA_START_SP, "PACA_START_SP");
_Static_assert(sizeof(struct paca_struct) == PACA_SIZE, "PACA_SIZE");

_Static_assert(NR_PACAS == NR_CPUS, "entry.S sizes the erase stacks for NR_PACAS CPUs");

/*
 * entry.S: the stacks ret_to_user runs the stackleak erase on (asm/stackleak.h), one
 * per CPU, back to back: every CPU may be leaving the kernel at the same moment.
 */
extern u8 stackleak_erase_stack[], stackleak_erase_stack_end[];

/* query-cpu-stopped-state's answer for a CPU that runs (0: stopped, 1: stopping). */
#define RTAS_CPU_RUNNING 2

/* head.S: where start-cpu starts a CPU, r3 = its paca. */
extern char secondary_entry[];

void arch_set_this_cpu(struct cpu_info *c)
{
	unsigned long erase_stack_size =
	    (stackleak_erase_stack_end - stackleak_erase_stack) / NR_CPUS;
	struct paca_struct *p = local_paca;

	p->cpu_info = c;
	p->cpu = c->cpu;
	/* Its erase stack's top frame: 16-byte aligned, room for the ABI's 32 bytes. */
	p->erase_sp = (unsigned long)stackleak_erase_stack + (c->cpu + 1) * erase_stack_size -
		      STACK_FRAME_MIN_SIZE;
}

/* RTAS query-cpu-stopped-state: 0 stopped, 2 running, -1 if RTAS cannot tell. */
static int cpu_stopped_state(u32 hw_id)
{
	u32 state;

	if (prom.rtas_query_cpu_stopped == RTAS_NO_TOKEN ||
	    rtas_call_ret(prom.rtas_query_cpu_stopped, 1, &hw_id, 2, &state) != 0)
		return -1;
	return (int)state;
}

/* Which thread of prom.cpu_threads[] booted, if RTAS could tell. */
static bool boot_cpu_found;

/*
 * Logical CPU 0 is the one running this, whichever thread of the device tree that is: the
 * only one RTAS reports running (pseries starts the others stopped). Without that answer,
 * the first one listed (QEMU boots it), and no other CPU is started. Called from
 * arch_setup(), before the console's interrupt is routed to the boot CPU's server.
 */
void smp_find_boot_cpu(void)
{
	unsigned int n = prom.nr_cpu_threads < NR_CPUS ? prom.nr_cpu_threads : NR_CPUS;
	unsigned int boot = 0, cpu = 1;

	for (unsigned int i = 0; i < n; i++) {
		if (cpu_stopped_state(prom.cpu_threads[i]) == RTAS_CPU_RUNNING) {
			boot = i;
			boot_cpu_found = true;
			break;
		}
	}
	paca[0].hw_id = prom.cpu_threads[boot];
	for (unsigned int i = 0; i < n; i++)
		if (i != boot)
			paca[cpu++].hw_id = prom.cpu_threads[i];
	prom.irq_server = paca[0].hw_id;
}

/*
 * Every thread under /cpus. Starting one needs RTAS start-cpu, talking to it needs XICS
 * IPIs, and telling it from the boot CPU needs query-cpu-stopped-state: without any of
 * them, CPU 0 runs alone. This CPU's CPPR opens for IPIs here.
 */
unsigned int arch_smp_probe(void)
{
	if (prom.nr_cpu_threads <= 1)
		return 1;
	if (prom.rtas_start_cpu == RTAS_NO_TOKEN) {
		printk("smp: no RTAS start-cpu service: CPU 0 runs alone\n");
		return 1;
	}
	if (!xics_init_this_cpu()) {
		printk("smp: no XICS interrupt controller for IPIs: CPU 0 runs alone\n");
		return 1;
	}
	if (!boot_cpu_found) {
		printk(
		    "smp: RTAS did not say which of the first %u CPUs booted: CPU 0 runs alone\n",
		    NR_CPUS);
		return 1;
	}
	return prom.nr_cpu_threads;
}

/*
 * The paca tells the new CPU who it is and where its stack is; start-cpu passes its
 * address in r3 to secondary_entry (head.S), which calls start_secondary() below. idle's
 * stack is used as any task's is at its start: r1 at the ABI frame below pt_regs.
 */
int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct paca_struct *p = &paca[cpu];
	unsigned long sp = (unsigned long)task_pt_regs(idle) - STACK_FRAME_MIN_SIZE;
	u32 args[3];
	s32 rc;

	if (cpu_stopped_state(p->hw_id) == RTAS_CPU_RUNNING)
		return -EBUSY;
	p->cpu = cpu;
	p->cpu_info = &cpu_info[cpu];
	p->start_sp = sp;
	p->trap_sp = sp;
	idle->thread.trap_sp = sp;
	/* The paca (and cpu_info) in memory before the CPU can read them. */
	__sync_synchronize();
	args[0] = p->hw_id;
	args[1] = (u32)(uintptr_t)secondary_entry; /* real addresses: below 2 GiB */
	args[2] = (u32)(uintptr_t)p;
	rc = rtas_call(prom.rtas_start_cpu, 3, args);
	if (rc) {
		printk("smp: CPU%u: RTAS start-cpu of thread %u: status %d\n", cpu, p->hw_id, rc);
		return -EIO;
	}
	return 0;
}

/*
 * A new CPU's first C, from secondary_entry (head.S): r13 and SPRG0 hold its paca, r1 its
 * idle task's stack, interrupts masked (MSR[EE] = 0). The state every CPU sets for itself,
 * then common code.
 */
__noreturn void start_secondary(void)
{
	arch_set_this_cpu(&cpu_info[local_paca->cpu]);
	cpu_setup_sprs();	   /* FSCR, AMR, UAMOR; the decrementer far away */
	hash_mmu_init_secondary(); /* an SLB without a user segment */
	if (!xics_init_this_cpu()) /* CPPR open: IPIs get through */
		printk("smp: CPU%u: XICS refused H_CPPR: no IPIs\n", smp_processor_id());
	cpu_timer_init(); /* its own tick */
	secondary_start_kernel();
}

/* The full barrier first: what the IPI asks for (smp_call_function()) is in memory. */
void arch_send_ipi(unsigned int cpu)
{
	__sync_synchronize();
	xics_cause_ipi(paca[cpu].hw_id);
}
