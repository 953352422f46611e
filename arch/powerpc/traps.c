// SPDX-License-Identifier: MIT
/*
 * ppc64 interrupts, C side: entry.S saved the registers and the vector in pt_regs->trap;
 * here we work out why we trapped. From user mode (MSR[PR] = 1 in SRR1) that is the
 * task's doing: a storage interrupt refills the HPT or is a page fault that
 * do_user_page_fault() may resolve; anything else is decoded and handed to do_user_fault(),
 * which kills only that task.
 * From the kernel it is a bug: say what happened in words and die() with the register
 * dump. Two interrupts are expected, and
 * come from user mode or from arch_cpu_idle (entry.S): the decrementer, the tick (time.c),
 * and the external interrupt, the console's (drivers/xics.c). System calls never come
 * here: entry_syscall sends them straight to do_syscall(). Handlers are named after the
 * interrupt, as in Linux (program_check_exception, ...).
 */
#include <trapdoor/arch.h>
#include <trapdoor/kallsyms.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/stackleak.h>
#include <asm/interrupt.h>
#include <asm/mmu.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/time.h>
#include <asm/xics.h>

static char reason[160];

static const char *interrupt_name(unsigned long trap)
{
	switch (trap) {
	case INTERRUPT_SYSTEM_RESET:
		return "system reset";
	case INTERRUPT_MACHINE_CHECK:
		return "machine check";
	case INTERRUPT_DATA_STORAGE:
		return "data storage";
	case INTERRUPT_DATA_SEGMENT:
		return "data segment";
	case INTERRUPT_INST_STORAGE:
		return "instruction storage";
	case INTERRUPT_INST_SEGMENT:
		return "instruction segment";
	case INTERRUPT_EXTERNAL:
		return "external";
	case INTERRUPT_ALIGNMENT:
		return "alignment";
	case INTERRUPT_PROGRAM:
		return "program";
	case INTERRUPT_FP_UNAVAIL:
		return "floating-point unavailable";
	case INTERRUPT_DECREMENTER:
		return "decrementer";
	case INTERRUPT_H_DECREMENTER:
		return "hypervisor decrementer";
	case INTERRUPT_DOORBELL:
		return "directed privileged doorbell";
	case INTERRUPT_SYSCALL:
		return "system call";
	case INTERRUPT_TRACE:
		return "trace";
	case INTERRUPT_H_DATA_STORAGE:
		return "hypervisor data storage";
	case INTERRUPT_H_INST_STORAGE:
		return "hypervisor instruction storage";
	case INTERRUPT_H_EMUL_ASSIST:
		return "hypervisor emulation assistance";
	case INTERRUPT_HMI:
		return "hypervisor maintenance";
	case INTERRUPT_H_DOORBELL:
		return "directed hypervisor doorbell";
	case INTERRUPT_H_VIRT:
		return "hypervisor virtualization";
	case INTERRUPT_PERFMON:
		return "performance monitor";
	case INTERRUPT_ALTIVEC_UNAVAIL:
		return "vector unavailable";
	case INTERRUPT_VSX_UNAVAIL:
		return "VSX unavailable";
	case INTERRUPT_FAC_UNAVAIL:
		return "facility unavailable";
	case INTERRUPT_H_FAC_UNAVAIL:
		return "hypervisor facility unavailable";
	default:
		return "unknown";
	}
}

/* A fault the kernel cannot survive: in kernel mode, every interrupt is one. */
static __noreturn void kernel_fault(struct pt_regs *regs)
{
	die(reason, regs);
}

/*
 * 0x700: SRR1 says which of the four causes it was. SRR0 points at the offending
 * instruction (SRR1_PROGADDR clear), which in real mode we can simply read.
 */
static __noreturn void program_check_exception(struct pt_regs *regs)
{
	u32 insn = *(const u32 *)regs->nip;
	const char *what;

	if (regs->msr & SRR1_PROGILL)
		what = "illegal instruction";
	else if (regs->msr & SRR1_PROGPRIV)
		what = "privileged instruction";
	else if (regs->msr & SRR1_PROGTRAP)
		what = "trap instruction";
	else if (regs->msr & SRR1_PROGFPE)
		what = "floating-point enabled exception";
	else
		what = "program check (unknown cause)";
	snprintf(reason, sizeof(reason), "%s 0x%08x at pc 0x%lx", what, insn, regs->nip);
	kernel_fault(regs);
}

/*
 * 0x300: DAR = the address, DSISR = why (no translation, protection) and load or store.
 * The kernel runs untranslated, so this is for completeness: die_kernel_fault() (kernel/
 * traps.c) names the fault from where DAR lies, as on the arches that page their kernel.
 */
static __noreturn void data_storage_exception(struct pt_regs *regs)
{
	const char *why = regs->dsisr & DSISR_NOHPTE	? "no translation" :
			  regs->dsisr & DSISR_PROTFAULT ? "protection fault" :
							  "other";

	snprintf(reason, sizeof(reason), "data storage interrupt, %s, pc 0x%lx", why, regs->nip);
	die_kernel_fault(regs, regs->dsisr & DSISR_ISSTORE ? FAULT_WRITE : FAULT_READ, regs->dar,
			 reason);
}

/* 0x400: the fetch itself failed, so SRR0 is the bad address; SRR1 says why. */
static __noreturn void instruction_storage_exception(struct pt_regs *regs)
{
	const char *why = regs->msr & SRR1_ISI_NOPT ? "no translation" :
			  regs->msr & SRR1_ISI_N_G  ? "no-execute or guarded" :
			  regs->msr & SRR1_ISI_PROT ? "protection fault" :
						      "other";

	snprintf(reason, sizeof(reason), "instruction storage interrupt, %s", why);
	die_kernel_fault(regs, FAULT_EXEC, regs->nip, reason);
}

/* 0x380, 0x600: only the address to report. */
static __noreturn void data_address_exception(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "%s interrupt at 0x%lx pc 0x%lx",
		 interrupt_name(regs->trap), regs->dar, regs->nip);
	kernel_fault(regs);
}

/* 0xc00: "sc" in the kernel. SRR0 is already the next instruction; report the sc itself. */
static __noreturn void system_call_exception(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "system call (sc) in kernel mode at pc 0x%lx, r0 = %lu",
		 regs->nip - 4, regs->gpr[0]);
	kernel_fault(regs);
}

/* 0xf60: FSCR[IC] (its top byte) names the facility that was off. */
#define FSCR_IC_SHIFT 56

static __noreturn void facility_unavailable_exception(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "facility unavailable (FSCR[IC] = %lu) at pc 0x%lx",
		 mfspr(SPRN_FSCR) >> FSCR_IC_SHIFT, regs->nip);
	kernel_fault(regs);
}

/*
 * Everything else: asynchronous interrupts that cannot happen with MSR[EE] = 0, facilities
 * the kernel never uses (FP, vector, VSX), and hypervisor interrupts that QEMU, as the
 * hypervisor, should keep to itself. Any of them is a bug worth a register dump.
 */
static __noreturn void unexpected_exception(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "unexpected %s interrupt (0x%lx) at pc 0x%lx",
		 interrupt_name(regs->trap), regs->trap, regs->nip);
	kernel_fault(regs);
}

/* ---- from user mode ---- */

/* 0x700 from user mode: SRR1 says which instruction it was. */
static __noreturn void user_program_check(struct pt_regs *regs)
{
	if (regs->msr & SRR1_PROGTRAP)
		do_user_fault(regs, FAULT_BREAKPOINT, 0); /* "trap", i.e. tw 31,0,0 */
	if (regs->msr & SRR1_PROGPRIV)
		do_user_fault(regs, FAULT_PRIVILEGED, 0); /* e.g. mfmsr */
	if (regs->msr & SRR1_PROGILL)
		do_user_fault(regs, FAULT_ILLEGAL, 0);
	do_user_fault(regs, FAULT_OTHER, 0); /* FP exception: FP is off */
}

/*
 * A data or instruction storage interrupt from user mode: no HPT entry, or PP or N forbids
 * the access (a store to a read-only page, as copy-on-write leaves it). DSISR says whether
 * a data access was a store. The HPT is only a cache of the task's page table: if that maps
 * the page for the access, hash_page() makes the entry; otherwise it is a page fault, which
 * do_user_page_fault() may resolve. Either way, returning from do_trap() goes back to user
 * mode through ret_from_exception, and the instruction runs again.
 */
static void user_storage_exception(struct pt_regs *regs)
{
	bool fetch = regs->trap == INTERRUPT_INST_STORAGE, store = regs->dsisr & DSISR_ISSTORE;
	unsigned long addr = fetch ? regs->nip : regs->dar;

	if (fetch)
		store = false; /* DSISR is not set by an instruction storage interrupt */
	if (hash_page(addr, fetch ? PROT_EXEC : store ? PROT_WRITE : PROT_READ))
		return;
	do_user_page_fault(regs, fetch ? FAULT_EXEC : store ? FAULT_WRITE : FAULT_READ, addr);
}

static __noreturn void user_exception(struct pt_regs *regs)
{
	switch (regs->trap) {
	case INTERRUPT_DATA_SEGMENT:
		/*
		 * Beyond the 1 TiB user segment (mm.c). The ISA leaves DSISR undefined here, so
		 * load and store cannot be told apart: report it as a read.
		 */
		do_user_fault(regs, FAULT_READ, regs->dar);
	case INTERRUPT_INST_SEGMENT: /* outside the user segment */
		do_user_fault(regs, FAULT_EXEC, regs->nip);
	case INTERRUPT_ALIGNMENT:
		do_user_fault(regs, FAULT_ALIGNMENT, regs->dar);
	case INTERRUPT_PROGRAM:
		user_program_check(regs);
	case INTERRUPT_FP_UNAVAIL:
	case INTERRUPT_ALTIVEC_UNAVAIL:
	case INTERRUPT_VSX_UNAVAIL:
	case INTERRUPT_FAC_UNAVAIL:
		/* The kernel saves no FP/vector state, so these stay off: as if undefined. */
		do_user_fault(regs, FAULT_ILLEGAL, 0);
	case INTERRUPT_SYSTEM_RESET:
	case INTERRUPT_MACHINE_CHECK:
		/* Not the task's doing: the kernel has a problem. */
		unexpected_exception(regs);
	default:
		do_user_fault(regs, FAULT_OTHER, 0); /* trace, doorbell, ... */
	}
}

/*
 * The two interrupts: in user mode, or in arch_cpu_idle (entry.S), the only kernel code
 * that runs with MSR[EE] = 1. True if regs was one of them, handled.
 */
static bool handle_interrupt(struct pt_regs *regs)
{
	switch (regs->trap) {
	case INTERRUPT_DECREMENTER:
		/* The tick (time.c): count it, re-arm; it may end the task's time slice. */
		decrementer_interrupt(regs);
		return true;
	case INTERRUPT_EXTERNAL:
		/* A device, through the interrupt controller: the console (drivers/xics.c). */
		xics_external_interrupt(regs);
		return true;
	default:
		return false;
	}
}

void do_trap(struct pt_regs *regs)
{
	if (user_mode(regs)) {
		if (regs->trap == INTERRUPT_DATA_STORAGE || regs->trap == INTERRUPT_INST_STORAGE)
			user_storage_exception(regs);
		else if (!handle_interrupt(regs))
			user_exception(regs); /* ends the task */
		return;
	}
	/*
	 * From the kernel, entry.S built this frame 288 bytes below the interrupted r1, past the
	 * protected zone it must not touch: a run of untouched poison longer than the stackleak
	 * search depth, right above our frames. Record our depth, so that the erase's search
	 * starts below it and rewrites this frame too (include/trapdoor/stackleak.h).
	 */
	stackleak_track_stack();
	if (handle_interrupt(regs))
		return; /* it woke the idle loop, which goes on */
	switch (regs->trap) {
	case INTERRUPT_PROGRAM:
		program_check_exception(regs);
	case INTERRUPT_DATA_STORAGE:
		data_storage_exception(regs);
	case INTERRUPT_INST_STORAGE:
		instruction_storage_exception(regs);
	case INTERRUPT_DATA_SEGMENT:
	case INTERRUPT_ALIGNMENT:
		data_address_exception(regs);
	case INTERRUPT_SYSCALL:
		system_call_exception(regs);
	case INTERRUPT_FAC_UNAVAIL:
		facility_unavailable_exception(regs);
	default:
		unexpected_exception(regs);
	}
}

/* ---- the register dump ---- */

static const struct {
	unsigned long bit;
	const char *name;
} msr_bits[] = {
	{ MSR_SF, "SF" },   { MSR_HV, "HV" }, { MSR_VEC, "VEC" }, { MSR_VSX, "VSX" },
	{ MSR_EE, "EE" },   { MSR_PR, "PR" }, { MSR_FP, "FP" },	  { MSR_ME, "ME" },
	{ MSR_FE0, "FE0" }, { MSR_SE, "SE" }, { MSR_BE, "BE" },	  { MSR_FE1, "FE1" },
	{ MSR_IR, "IR" },   { MSR_DR, "DR" }, { MSR_PMM, "PMM" }, { MSR_RI, "RI" },
	{ MSR_LE, "LE" },
};

/* "SF,ME,RI": the MSR bits that were set, by their ISA names. */
static void msr_flags(unsigned long msr, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(msr_bits) && len < size; i++)
		if (msr & msr_bits[i].bit)
			len += snprintf(buf + len, size - len, "%s%s", len ? "," : "",
					msr_bits[i].name);
}

/*
 * The call chain, from the ELF ABI's back chain: 0(r1) of each frame holds the
 * caller's r1, and each function saves its return address (LR) in its
 * caller's frame at STACK_FRAME_LR_SAVE. Frames only go up; the walk stops at
 * a chain that does not, at one outside memory, and after BACKTRACE_DEPTH.
 */
#define BACKTRACE_DEPTH 16
static void show_backtrace(const struct pt_regs *regs)
{
	unsigned long frame = regs->gpr[1];

	printk("Call trace (back chain):\n");
	for (int depth = 0; depth < BACKTRACE_DEPTH; depth++) {
		unsigned long caller;

		if (!frame || frame % 8 || (boot_info.mem_size && frame >= boot_info.mem_size))
			break;
		caller = *(const unsigned long *)frame;
		if (caller <= frame || caller % 8 ||
		    (boot_info.mem_size && caller + STACK_FRAME_MIN_SIZE > boot_info.mem_size))
			break;
		print_ip_sym("  ", *(const unsigned long *)(caller + STACK_FRAME_LR_SAVE));
		frame = caller;
	}
}

void arch_show_regs(const struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char flags[64];

	msr_flags(regs->msr, flags, sizeof(flags));
	printk("NIP: 0x%016lx (SRR0)   MSR: 0x%016lx (SRR1) <%s>\n", regs->nip, regs->msr, flags);
	printk("TRAP: 0x%lx (%s) in %s mode\n", regs->trap, interrupt_name(regs->trap),
	       user_mode(regs) ? "user" : "kernel");
	printk("LR : 0x%016lx   CTR: 0x%016lx   XER: 0x%016lx\n", regs->link, regs->ctr, regs->xer);
	if (!user_mode(regs)) {
		print_ip_sym("NIP is at ", regs->nip);
		print_ip_sym("LR is at ", regs->link);
	}
	printk("CR : 0x%08lx   DAR: 0x%016lx   DSISR: 0x%08lx   ORIG_R3: 0x%016lx\n", regs->ccr,
	       regs->dar, regs->dsisr, regs->orig_gpr3);
	printk("PPR: 0x%016lx   VRSAVE: 0x%08lx\n", regs->ppr, regs->vrsave);
	for (int i = 0; i < 32; i += 4)
		printk("r%-2d: 0x%016lx  r%-2d: 0x%016lx  r%-2d: 0x%016lx  r%-2d: 0x%016lx\n", i,
		       regs->gpr[i], i + 1, regs->gpr[i + 1], i + 2, regs->gpr[i + 2], i + 3,
		       regs->gpr[i + 3]);
	if (!user_mode(regs))
		show_backtrace(regs);
}
