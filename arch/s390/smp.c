// SPDX-License-Identifier: MIT
/*
 * Several CPUs on s390x (docs/smp.md): which CPUs there are, starting them,
 * and the interrupts they send each other. All of it goes through one
 * instruction, SIGNAL PROCESSOR (sigp): an order, a CPU address and a
 * parameter (PoP 4, "Signal-Processor Orders").
 *
 * Which CPUs: SCLP Read SCP Info lists the configured CPUs by CPU address,
 * the number sigp takes; STORE CPU ADDRESS says which one is running this.
 * That one is logical CPU 0; the others get 1, 2, ... in the order of the
 * list (cpu_address[], the logical-to-hardware table).
 *
 * Starting one: after IPL every CPU but the boot CPU is in the stopped
 * state. arch_cpu_up() prepares a lowcore for it (asm/lowcore.h): the same
 * new PSWs as CPU 0's, except that the restart new PSW points at
 * secondary_entry (head.S), plus its control registers, kernel stack and
 * struct cpu_info. Then two orders: SET PREFIX moves the stopped CPU's
 * lowcore to that page pair, and RESTART makes it take a restart
 * interruption: it stores its (meaningless) PSW as the restart old PSW and
 * loads the restart new PSW, which starts it at secondary_entry with DAT off
 * and every interruption masked.
 *
 * Interrupting one: the emergency-signal order makes an external
 * interruption (code 0x1201) pending at the target; traps.c hands it to
 * ipi_interrupt() (kernel/smp.c).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/ctlreg.h>
#include <asm/lowcore.h>
#include <asm/page.h>
#include <asm/ptrace.h>
#include <asm/sclp.h>
#include <asm/smp.h>
#include <uapi/errno.h>
#include <uapi/stackleak.h> /* STACKLEAK_POISON, for asm/stackleak.h */
#include <asm/stackleak.h>  /* STACKLEAK_ERASE_STACK_SIZE */

/* SIGNAL PROCESSOR orders (PoP 4, "Signal-Processor Orders"). */
#define SIGP_SENSE	      0x01
#define SIGP_EMERGENCY_SIGNAL 0x03
#define SIGP_STOP	      0x05
#define SIGP_RESTART	      0x06
#define SIGP_SET_PREFIX	      0x0d

/* Its condition code. */
#define SIGP_CC_ACCEPTED	0
#define SIGP_CC_STATUS_STORED	1 /* the status word says why not */
#define SIGP_CC_BUSY		2 /* try again (QEMU: another sigp is in progress) */
#define SIGP_CC_NOT_OPERATIONAL 3 /* no CPU at that address */

/* Bits of the status word stored with condition code 1. */
#define SIGP_STATUS_STOPPED 0x00000040

/* The CPU address of each logical CPU, [0] the boot CPU's. */
static u16 cpu_address[NR_CPUS];
static unsigned int nr_cpu_addresses;

/*
 * The lowcores of CPUs 1 .. NR_CPUS - 1: 8 KiB each, 8 KiB aligned, below
 * 2 GiB, as SET PREFIX wants. CPU 0's is at 0. CPU n must never reach its
 * own through this array: its real addresses there are CPU 0's lowcore
 * (prefixing swaps the two ranges); it uses plain displacements instead.
 */
static u8 lowcores[NR_CPUS - 1][LC_SIZE] __aligned(LC_SIZE);

/*
 * The stacks of their own CPUs 1 .. NR_CPUS - 1 run entry code on (entry.S):
 * the one ret_to_user runs the stackleak erase on, and the one a
 * restart in kernel mode runs on; CPU 0's are in entry.S. Their top save
 * areas stay zero (.bss): a back chain of 0 ends a stack walk there.
 */
static u8 stackleak_erase_stacks[NR_CPUS - 1][STACKLEAK_ERASE_STACK_SIZE] __aligned(16);
static u8 restart_stacks[NR_CPUS - 1][RESTART_STACK_SIZE] __aligned(16);

/* Read SCP Info, asked once by arch_smp_probe() for the CPU list. */
static struct read_info_sccb scp_info __aligned(SCCB_SIZE);

/* head.S: where a started CPU begins. */
extern char secondary_entry[];

/*
 * SIGNAL PROCESSOR: order to the CPU at address, with parameter in the odd
 * register of the pair R1 names (%r1 here); with condition code 1 the status
 * word comes back in the even one (%r0).
 */
static int sigp(u16 address, unsigned int order, unsigned long parameter, u32 *status)
{
	register unsigned long r0 __asm__("0") = 0;
	register unsigned long r1 __asm__("1") = parameter;
	int cc;

	__asm__ __volatile__(
	    "sigp	%%r0,%[addr],0(%[order])\n\t"
	    "ipm	%[cc]\n\t" /* the condition code into bits 34-35 */
	    "srl	%[cc],28"  /* ... and down to 0-3 */
	    : [cc] "=d"(cc), "+d"(r0)
	    : "d"(r1), [addr] "d"((unsigned long)address), [order] "a"((unsigned long)order)
	    : "cc", "memory");
	*status = (u32)r0;
	return cc;
}

/* sigp, again while the answer is "busy": a busy CPU or signalling facility clears soon. */
static int sigp_wait(u16 address, unsigned int order, unsigned long parameter, u32 *status)
{
	int cc;

	do {
		cc = sigp(address, order, parameter, status);
	} while (cc == SIGP_CC_BUSY);
	return cc;
}

/* STORE CPU ADDRESS: the address other CPUs' sigp reaches this one at. */
static u16 stap(void)
{
	u16 address;

	__asm__ __volatile__("stap	%0" : "=Q"(address));
	return address;
}

/* A word of the lowcore at real address lc: 0 for the calling CPU's own, whatever its prefix. */
static void lowcore_put(unsigned long lc, unsigned long offset, unsigned long value)
{
	*(volatile unsigned long *)(lc + offset) = value;
}

/* This CPU's struct cpu_info, into its lowcore word arch_this_cpu() (asm/smp.h) reads. */
void arch_set_this_cpu(struct cpu_info *c)
{
	lowcore_put(0, LC_CPU_INFO, (unsigned long)c);
}

unsigned int arch_smp_probe(void)
{
	const struct sclp_cpu_entry *entry;
	unsigned int n, offset;
	bool boot_listed = false;

	cpu_address[0] = stap();
	nr_cpu_addresses = 1;
	/* CPU 0 takes IPIs too (smp_call_function() from another CPU). */
	set_cr0(get_cr0() | CR0_EMERGENCY_SIGNAL_SUBMASK);

	memset(&scp_info, 0, sizeof(scp_info));
	scp_info.header.length = sizeof(scp_info);
	if (sclp_service_call(SCLP_CMDW_READ_SCP_INFO, &scp_info.header) !=
	    SCLP_RC_NORMAL_READ_COMPLETION) {
		printk("smp: SCLP Read SCP Info failed: CPU 0 only\n");
		return 1;
	}
	n = scp_info.entries_cpu;
	offset = scp_info.offset_cpu;
	if (offset < __builtin_offsetof(struct read_info_sccb, reserved2) ||
	    offset + n * sizeof(*entry) > sizeof(scp_info)) {
		printk("smp: SCLP lists %u CPUs at offset %u, outside its block: CPU 0 only\n", n,
		       offset);
		return 1;
	}
	entry = (const struct sclp_cpu_entry *)((const u8 *)&scp_info + offset);
	for (unsigned int i = 0; i < n; i++) {
		if (entry[i].address == cpu_address[0])
			boot_listed = true;
		else if (nr_cpu_addresses < NR_CPUS)
			cpu_address[nr_cpu_addresses++] = entry[i].address;
	}
	return boot_listed ? n : n + 1;
}

static int sigp_failed(unsigned int cpu, const char *order, int cc, u32 status)
{
	if (cc == SIGP_CC_NOT_OPERATIONAL)
		printk("smp: CPU%u (address %u): SIGP %s: not operational\n", cpu, cpu_address[cpu],
		       order);
	else
		printk("smp: CPU%u (address %u): SIGP %s refused, status 0x%08x\n", cpu,
		       cpu_address[cpu], order, status);
	return -EIO;
}

int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	u8 *lc;
	u64 *cregs;
	u32 status = 0;
	int cc;

	if (cpu == 0 || cpu >= nr_cpu_addresses)
		return -EINVAL;
	lc = lowcores[cpu - 1];
	memset(lc, 0, LC_SIZE);

	/*
	 * Its new PSWs: CPU 0's (head.S), the same entry code, but its first
	 * restart interruption goes to secondary_entry, which then points the
	 * restart new PSW at restart_entry like CPU 0's.
	 */
	memcpy(lc + LC_RESTART_NEW_PSW, (const void *)LC_RESTART_NEW_PSW,
	       LC_IO_NEW_PSW + 16 - LC_RESTART_NEW_PSW);
	lowcore_put((unsigned long)lc, LC_RESTART_NEW_PSW, PSW_KERNEL_MASK);
	lowcore_put((unsigned long)lc, LC_RESTART_NEW_PSW + 8, (unsigned long)secondary_entry);

	/* Its kernel stack (the idle task's), its struct cpu_info and stacks of its own. */
	lowcore_put((unsigned long)lc, LC_KERNEL_STACK, task_stack_top(idle));
	lowcore_put((unsigned long)lc, LC_CPU_INFO, (unsigned long)&cpu_info[cpu]);
	lowcore_put((unsigned long)lc, LC_ERASE_STACK,
		    (unsigned long)(stackleak_erase_stacks[cpu - 1] + STACKLEAK_ERASE_STACK_SIZE) -
			STACK_FRAME_OVERHEAD);
	lowcore_put((unsigned long)lc, LC_RESTART_STACK,
		    (unsigned long)(restart_stacks[cpu - 1] + RESTART_STACK_SIZE));

	/*
	 * Its control registers: CPU 0's (low-address protection, IEP, the
	 * empty secondary and home spaces, ...) but with the external
	 * subclasses of a CPU other than 0: its clock comparator and the
	 * emergency signal, and not the service signal, which is console
	 * input and goes to CPU 0.
	 */
	cregs = (u64 *)(lc + LC_CREGS);
	__asm__ __volatile__("stctg	0,15,%0" : "=Q"(*(u64(*)[16])cregs));
	cregs[0] &= ~CR0_EXTERNAL_SUBMASKS;
	cregs[0] |= CR0_CLOCK_COMPARATOR_SUBMASK | CR0_EMERGENCY_SIGNAL_SUBMASK;

	cc = sigp_wait(cpu_address[cpu], SIGP_SET_PREFIX, virt_to_phys(lc), &status);
	if (cc != SIGP_CC_ACCEPTED)
		return sigp_failed(cpu, "SET PREFIX", cc, status);
	cc = sigp_wait(cpu_address[cpu], SIGP_RESTART, 0, &status);
	if (cc != SIGP_CC_ACCEPTED)
		return sigp_failed(cpu, "RESTART", cc, status);
	return 0;
}

/*
 * secondary_entry (head.S) comes here on the idle task's stack, with the
 * control registers arch_cpu_up() prepared. arch_cpu_up() wrote the lowcore
 * words already (a trap before this point needs them); setting the
 * cpu_info word here again is the contract's arch_set_this_cpu()
 * (include/trapdoor/arch.h).
 */
__noreturn void smp_start_secondary(void)
{
	arch_set_this_cpu(arch_this_cpu());
	s390_mm_init_cpu();
	s390_timer_init_cpu();
	secondary_start_kernel();
}

void arch_send_ipi(unsigned int cpu)
{
	u32 status;

	if (cpu < nr_cpu_addresses)
		sigp_wait(cpu_address[cpu], SIGP_EMERGENCY_SIGNAL, 0, &status);
}

/*
 * Put every other CPU in the stopped state (SIGP STOP), and wait (up to a
 * second each) until it is: QEMU ends the run on a disabled wait only when no
 * other CPU is still operating, and a CPU idling in an enabled wait, or
 * spinning where smp_send_stop() (kernel/smp.c) parked it, counts as
 * operating.
 */
void s390_stop_other_cpus(void)
{
	u16 self = stap();

	for (unsigned int i = 0; i < nr_cpu_addresses; i++) {
		u64 start = arch_get_cycles();
		u32 status = 0;

		if (cpu_address[i] == self ||
		    sigp_wait(cpu_address[i], SIGP_STOP, 0, &status) != SIGP_CC_ACCEPTED)
			continue;
		while (
		    !(sigp_wait(cpu_address[i], SIGP_SENSE, 0, &status) == SIGP_CC_STATUS_STORED &&
		      (status & SIGP_STATUS_STOPPED)) &&
		    arch_get_cycles() - start < arch_cycles_per_sec())
			;
	}
}
