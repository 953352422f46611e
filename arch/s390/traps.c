// SPDX-License-Identifier: MIT
/*
 * Why did we trap? entry.S saves a struct pt_regs for every interruption but
 * a system call and calls do_trap(), which hands it to the handler of its
 * class (pt_regs.int_class, stored by the new-PSW entry that took it). A
 * page fault from user mode goes to do_user_page_fault(), which may resolve
 * it; any other program check from user mode is decoded into a user fault
 * and kills only that task (do_user_fault()). From kernel
 * mode the handler decodes the lowcore words the CPU stored (now in pt_regs)
 * into a sentence and gives it to die() (die_kernel_fault() for a protection
 * exception); nothing there is survivable except a restart (QEMU `nmi`),
 * which shows the registers and resumes, and the external interruptions that
 * end the idle kernel's wait. The interruptions user mode may take and come
 * back from are the clock-comparator tick (time.c), the emergency signal of
 * another CPU (an IPI, smp.c) and the SCLP service signal of console input
 * (drivers/sclp.c).
 */
#include <trapdoor/arch.h>
#include <trapdoor/kallsyms.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/ctlreg.h>
#include <asm/sclp.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* The TEID's bits 0-51 hold the failing address, to the page (PoP 6, "TEID"). */
#define TEID_ADDRESS_MASK	    (~0xfffUL)
/* TEID bits 52-53, fetch/store indication (facility 75): 01 = the access was a store. */
#define TEID_STORE		    0x400UL
/* TEID bits 56 and 61 of a protection exception say which protection (ESOP-2). */
#define TEID_PROTECTION_MASK	    0x84UL
#define TEID_PROTECTION_LOW_ADDRESS 0x80UL /* 56: low-address protection, a store */
#define TEID_PROTECTION_DAT	    0x04UL /* 61: page-table P bit, a store */
#define TEID_PROTECTION_IEP	    0x84UL /* 56+61: page-table IEP bit, an insn fetch */

/*
 * s390 has no breakpoint instruction. Debuggers write the halfword 0x0001,
 * an unassigned opcode, and Linux reports the operation exception it raises
 * as SIGTRAP rather than SIGILL (S390_BREAKPOINT_U16,
 * in Linux's arch/s390/include/uapi/asm/ptrace.h). So do we.
 */
#define S390_BREAKPOINT_U16 0x0001

/* An instruction address must be even (PoP 5, "Instructions"). */
#define INSTRUCTION_ALIGN_MASK 1UL

/* The data-exception code is the byte at 0x93, the last of the word at 0x90 (PoP 6, "DXC"). */
#define DXC_MASK       0xff
/*
 * DXCs 0x08-0x83 report IEEE exceptions (inexact, underflow, overflow, divide
 * by zero, invalid, and their simulated forms); below are decimal-operand
 * data (0) and the AFP/BFP/DFP controls off (1-3), above the vector control
 * off (0xfe) and compare-and-trap (0xff).
 */
#define DXC_IEEE_FIRST 0x08
#define DXC_IEEE_LAST  0x83

/* How many callers the register dump lists at most. */
#define BACKTRACE_DEPTH 16

/* External-interruption codes (PoP 6, "External Interruption"). */
#define EXT_CODE_EMERGENCY_SIGNAL 0x1201 /* SIGP from another CPU: an IPI (smp.c) */
#define EXT_CODE_CLOCK_COMPARATOR 0x1004
#define EXT_CODE_CPU_TIMER	  0x1005
#define EXT_CODE_SERVICE_SIGNAL	  0x2401

static const char *const program_check_names[PGM_CODE_MASK + 1] = {
	[PGM_OPERATION] = "operation exception (undefined instruction)",
	[PGM_PRIVILEGED_OP] = "privileged-operation exception",
	[PGM_EXECUTE] = "execute exception",
	[PGM_PROTECTION] = "protection exception",
	[PGM_ADDRESSING] = "addressing exception (no such memory)",
	[PGM_SPECIFICATION] = "specification exception",
	[PGM_DATA] = "data exception",
	[PGM_FIXPT_OVERFLOW] = "fixed-point-overflow exception",
	[PGM_FIXPT_DIVIDE] = "fixed-point-divide exception",
	[PGM_DEC_OVERFLOW] = "decimal-overflow exception",
	[PGM_DEC_DIVIDE] = "decimal-divide exception",
	[PGM_HFP_EXP_OVERFLOW] = "HFP-exponent-overflow exception",
	[PGM_HFP_EXP_UNDERFLOW] = "HFP-exponent-underflow exception",
	[PGM_HFP_SIGNIFICANCE] = "HFP-significance exception",
	[PGM_HFP_DIVIDE] = "HFP-floating-point-divide exception",
	[PGM_SEGMENT_TRANS] = "segment-translation exception",
	[PGM_PAGE_TRANS] = "page-translation exception",
	[PGM_TRANS_SPEC] = "translation-specification exception",
	[PGM_SPECIAL_OP] = "special-operation exception",
	[PGM_OPERAND] = "operand exception",
	[PGM_TRACE_TABLE] = "trace-table exception",
	[PGM_TRANSACTION] = "transaction-constraint exception",
	[PGM_VECTOR_PROCESSING] = "vector-processing exception",
	[PGM_SPACE_SWITCH] = "space-switch event",
	[PGM_HFP_SQRT] = "HFP-square-root exception",
	[PGM_ASCE_TYPE] = "ASCE-type exception",
	[PGM_REGION_FIRST_TRANS] = "region-first-translation exception",
	[PGM_REGION_SECOND_TRANS] = "region-second-translation exception",
	[PGM_REGION_THIRD_TRANS] = "region-third-translation exception",
	[PGM_MONITOR] = "monitor event",
};

static const char *const int_class_names[] = {
	[INT_CLASS_RESTART] = "restart",     [INT_CLASS_EXTERNAL] = "external",
	[INT_CLASS_SVC] = "supervisor call", [INT_CLASS_PROGRAM] = "program",
	[INT_CLASS_MCCK] = "machine check",  [INT_CLASS_IO] = "I/O",
};

/* What int_parm_long holds for each class (asm/ptrace.h). */
static const char *const int_parm_long_names[] = {
	[INT_CLASS_PROGRAM] = " (TEID)",
	[INT_CLASS_MCCK] = " (machine-check code)",
	[INT_CLASS_IO] = " (interruption-identification word)",
	[INT_CLASS_RESTART] = "",
	[INT_CLASS_EXTERNAL] = "",
	[INT_CLASS_SVC] = "",
};

/* die() prints the reason after we return from building it; one trap at a time. */
static char reason[160];

/* Instruction length in bytes, from the ILC the CPU stored (0 = unknown). */
static unsigned int ilc_bytes(const struct pt_regs *regs)
{
	return (regs->int_code >> INT_CODE_ILC_SHIFT) & ILC_LENGTH_MASK;
}

/*
 * The address DAT could not translate. These exceptions *nullify* the
 * instruction: the old PSW still points at it, so returning would retry it
 * once the page exists. All others here suppress or complete it, and the old
 * PSW points past it (PoP 6, "Types of Instruction Ending").
 */
static bool is_translation_exception(unsigned int code)
{
	switch (code) {
	case PGM_SEGMENT_TRANS:
	case PGM_PAGE_TRANS:
	case PGM_ASCE_TYPE:
	case PGM_REGION_FIRST_TRANS:
	case PGM_REGION_SECOND_TRANS:
	case PGM_REGION_THIRD_TRANS:
		return true;
	default:
		return false;
	}
}

/* The address of the instruction that caused the program check. */
static unsigned long program_check_pc(const struct pt_regs *regs, unsigned int code)
{
	if (is_translation_exception(code))
		return regs->psw.addr;
	return regs->psw.addr - ilc_bytes(regs);
}

/*
 * A translation exception from user mode: the address has no translation in
 * the task's space, which is what every kernel address is. The TEID names the
 * page and whether the access was a store, but not whether a fetch was for an
 * instruction or an operand. It was an instruction fetch when the page is the
 * one holding the instruction itself (psw.addr: these exceptions nullify),
 * since that page cannot also be mapped for the operand fetch that failed.
 * (An instruction straddling into an unmapped page reads as a data fetch.)
 */
static enum user_fault translation_fault_kind(const struct pt_regs *regs, unsigned long addr)
{
	if (addr == (regs->psw.addr & TEID_ADDRESS_MASK))
		return FAULT_EXEC;
	if (regs->int_parm_long & TEID_STORE)
		return FAULT_WRITE;
	return FAULT_READ;
}

/* Was the instruction at pc the breakpoint halfword? Read through the task's mapping. */
static bool is_breakpoint(unsigned long pc)
{
	u16 insn;

	return copy_from_user(&insn, u64_to_user_ptr(pc), sizeof(insn)) == 0 &&
	       insn == S390_BREAKPOINT_U16;
}

/*
 * A program check in user mode: decode it into a user fault and kill the
 * task. Never returns, except for the few codes that mean the kernel itself
 * is broken (its page tables, its memory map): those return to die().
 */
static void user_program_check(struct pt_regs *regs, unsigned int code, unsigned long pc)
{
	unsigned long addr = regs->int_parm_long & TEID_ADDRESS_MASK;
	enum user_fault kind;

	switch (code) {
	case PGM_SEGMENT_TRANS:
	case PGM_PAGE_TRANS:
	case PGM_ASCE_TYPE: /* beyond 2 GiB: past what a segment table spans */
		kind = translation_fault_kind(regs, addr);
		break;
	case PGM_PROTECTION:
		/* Every page is readable, so only a store or (IEP) a fetch gets here. */
		if ((regs->int_parm_long & TEID_PROTECTION_MASK) == TEID_PROTECTION_IEP)
			kind = FAULT_EXEC;
		else
			kind = FAULT_WRITE; /* TEID_PROTECTION_DAT or _LOW_ADDRESS */
		break;
	case PGM_OPERATION:
		kind = is_breakpoint(pc) ? FAULT_BREAKPOINT : FAULT_ILLEGAL;
		break;
	case PGM_PRIVILEGED_OP:
		kind = FAULT_PRIVILEGED;
		break;
	case PGM_SPECIFICATION:
		/* A branch to an odd address is misalignment; other causes are not. */
		addr = regs->psw.addr;
		kind = addr & INSTRUCTION_ALIGN_MASK ? FAULT_ALIGNMENT : FAULT_OTHER;
		break;
	case PGM_FIXPT_OVERFLOW: /* with the program mask's bit set */
	case PGM_FIXPT_DIVIDE:	 /* dsgr and friends by 0, or a quotient too big */
	case PGM_DEC_OVERFLOW:
	case PGM_DEC_DIVIDE:
	case PGM_HFP_EXP_OVERFLOW:
	case PGM_HFP_EXP_UNDERFLOW:
	case PGM_HFP_SIGNIFICANCE:
	case PGM_HFP_DIVIDE:
	case PGM_HFP_SQRT:
	case PGM_VECTOR_PROCESSING:
		kind = FAULT_ARITHMETIC; /* Linux: SIGFPE for each */
		break;
	case PGM_DATA:
		/*
		 * An IEEE exception is arithmetic (SIGFPE); any other data
		 * exception (SIGILL, as Linux) is an instruction user mode
		 * may not use here: the AFP registers, BFP, the FPC or the
		 * vector facility, which CR0 keeps off (arch_trap_init()).
		 */
		kind = (regs->int_parm & DXC_MASK) >= DXC_IEEE_FIRST &&
			       (regs->int_parm & DXC_MASK) <= DXC_IEEE_LAST ?
			   FAULT_ARITHMETIC :
			   FAULT_ILLEGAL;
		break;
	case PGM_ADDRESSING: /* a page table points outside RAM */
	case PGM_TRANS_SPEC: /* a malformed table entry */
		return;	     /* both are kernel bugs: die() with the dump */
	default:
		kind = FAULT_OTHER; /* operand, execute exceptions, ... */
		break;
	}
	/* The TEID names only the page; for a fetch the exact address is the pc. */
	if (kind == FAULT_EXEC)
		addr = pc;
	/*
	 * The task dies here; let its last line name the instruction that
	 * faulted rather than the one after it, where the PSW points for the
	 * exceptions that suppress (all but the translation exceptions).
	 */
	regs->psw.addr = pc;
	do_user_fault(regs, kind, addr);
}

/*
 * A page fault in user mode: a translation exception (nothing mapped there
 * yet) or a DAT protection exception (a store to a page with P set, as
 * copy-on-write leaves it, or a fetch from one with IEP). The TEID names the
 * page and, for a translation exception, whether it was a store; for a fetch
 * in that page the exact address is the pc. do_user_page_fault() may resolve
 * it and return: the PSW then points at the instruction (translation
 * exceptions nullify it; a protection exception suppresses it and the PSW is
 * stepped back, as Linux does), and entry.S's way back through
 * ret_from_exception runs it again.
 */
static bool user_page_fault(struct pt_regs *regs, unsigned int code, unsigned long pc)
{
	unsigned long addr = regs->int_parm_long & TEID_ADDRESS_MASK;
	enum user_fault kind;

	if (is_translation_exception(code) && code != PGM_ASCE_TYPE)
		kind = translation_fault_kind(regs, addr);
	else if (code == PGM_PROTECTION &&
		 (regs->int_parm_long & TEID_PROTECTION_MASK) == TEID_PROTECTION_IEP)
		kind = FAULT_EXEC;
	else if (code == PGM_PROTECTION &&
		 (regs->int_parm_long & TEID_PROTECTION_MASK) == TEID_PROTECTION_DAT)
		kind = FAULT_WRITE;
	else
		return false;
	if (addr == (pc & TEID_ADDRESS_MASK) && kind == FAULT_EXEC)
		addr = pc;
	regs->psw.addr = pc;
	do_user_page_fault(regs, kind, addr);
	return true;
}

static void program_check(struct pt_regs *regs)
{
	unsigned int code = regs->int_code & PGM_CODE_MASK;
	const char *name = program_check_names[code];
	unsigned long pc = program_check_pc(regs, code);
	unsigned long teid = regs->int_parm_long;

	if (user_mode(regs) && user_page_fault(regs, code, pc))
		return;
	if (user_mode(regs))
		user_program_check(regs, code, pc);
	/*
	 * The kernel runs with DAT off, so the one storage protection that
	 * applies to it is low-address protection (arch_trap_init()): a store
	 * to 0-511, through a NULL pointer most likely. A kernel page fault, as
	 * the other arches name theirs.
	 */
	if (code == PGM_PROTECTION) {
		regs->psw.addr = pc; /* suppressed: name the store, not the next insn */
		die_kernel_fault(regs, FAULT_WRITE, teid & TEID_ADDRESS_MASK,
				 (teid & TEID_PROTECTION_MASK) == TEID_PROTECTION_LOW_ADDRESS ?
				     "low-address protection" :
				     "protection exception");
	}
	if (!name)
		snprintf(reason, sizeof(reason), "program check 0x%04x at pc 0x%lx",
			 regs->int_code & INT_CODE_MASK, pc);
	else if (is_translation_exception(code))
		snprintf(reason, sizeof(reason), "%s at 0x%lx (TEID 0x%lx) pc 0x%lx", name,
			 teid & TEID_ADDRESS_MASK, teid, pc);
	else if (code == PGM_DATA)
		snprintf(reason, sizeof(reason), "%s (DXC 0x%02x) at pc 0x%lx", name,
			 regs->int_parm & DXC_MASK, pc);
	else
		snprintf(reason, sizeof(reason), "%s at pc 0x%lx", name, pc);
	die(reason, regs);
}

/* entry.S sends only a kernel-mode svc here (user ones go to do_syscall): a bug. */
static void svc_interrupt(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "supervisor call %u from %s mode at pc 0x%lx",
		 regs->int_code & SVC_NUMBER_MASK, user_mode(regs) ? "user" : "kernel",
		 regs->psw.addr - ilc_bytes(regs));
	die(reason, regs);
}

/*
 * External interruptions. CR0 enables three subclasses, the clock comparator
 * (time.c), the emergency signal (IPIs, smp.c) and, on CPU 0 only, the SCLP
 * service signal (drivers/sclp.c, console input), and only two PSWs enable
 * external interruptions at all: a user task's, and the
 * enabled wait of arch_cpu_idle() (entry.S). So they arrive while user code
 * runs or while the kernel idles. Anything else, or one in the kernel outside
 * that wait, means the masks are not what we think: a bug.
 */
static void external_interrupt(struct pt_regs *regs)
{
	unsigned int code = regs->int_code & INT_CODE_MASK;
	const char *what = "external interruption";

	if ((code == EXT_CODE_CLOCK_COMPARATOR || code == EXT_CODE_EMERGENCY_SIGNAL ||
	     code == EXT_CODE_SERVICE_SIGNAL) &&
	    (user_mode(regs) || (regs->psw.mask & PSW_MASK_WAIT))) {
		/*
		 * From the idle wait: resume after it, not in it. Without the
		 * wait and external bits the PSW restore_all loads is the
		 * kernel's, every class masked, as arch_cpu_idle() promises.
		 * From user mode: entry.S goes through exit_to_user_mode().
		 */
		if (!user_mode(regs))
			regs->psw.mask &= ~(PSW_MASK_WAIT | PSW_MASK_EXT);
		if (code == EXT_CODE_CLOCK_COMPARATOR)
			clock_comparator_interrupt(regs);
		else if (code == EXT_CODE_EMERGENCY_SIGNAL)
			ipi_interrupt();
		else
			sclp_service_signal(regs->int_parm);
		return;
	}
	if (code == EXT_CODE_CLOCK_COMPARATOR)
		what = "clock-comparator interruption";
	else if (code == EXT_CODE_CPU_TIMER)
		what = "CPU-timer interruption";
	else if (code == EXT_CODE_EMERGENCY_SIGNAL)
		what = "emergency-signal interruption";
	else if (code == EXT_CODE_SERVICE_SIGNAL)
		what = "service-signal interruption";
	snprintf(reason, sizeof(reason), "unexpected %s (code 0x%04x, parameter 0x%08x)", what,
		 code, regs->int_parm);
	die(reason, regs);
}

static void io_interrupt(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason),
		 "unexpected I/O interruption (subsystem id 0x%08x, parameter 0x%08x)",
		 regs->int_code, regs->int_parm);
	die(reason, regs);
}

static void machine_check(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "machine check (interruption code 0x%016lx)",
		 regs->int_parm_long);
	die(reason, regs);
}

/* Not an error: someone (QEMU `nmi`) asked where we are. Show it and carry on. */
static void restart_interrupt(struct pt_regs *regs)
{
	printk("restart interruption: registers of the interrupted code\n");
	arch_show_regs(regs);
	printk("resuming at 0x%lx\n", regs->psw.addr);
}

/*
 * Every interruption but a system call from user mode, from entry.S's
 * entry_exception: which new PSW took it is in pt_regs.int_class, and what
 * the CPU stored about it in the other pt_regs fields (asm/ptrace.h).
 * Returns only if the interrupted code may go on.
 */
void do_trap(struct pt_regs *regs)
{
	switch (regs->int_class) {
	case INT_CLASS_PROGRAM:
		program_check(regs);
		break;
	case INT_CLASS_SVC:
		svc_interrupt(regs);
		break;
	case INT_CLASS_EXTERNAL:
		external_interrupt(regs);
		break;
	case INT_CLASS_IO:
		io_interrupt(regs);
		break;
	case INT_CLASS_MCCK:
		machine_check(regs);
		break;
	case INT_CLASS_RESTART:
		restart_interrupt(regs);
		break;
	default:
		snprintf(reason, sizeof(reason), "interruption of unknown class %lu",
			 regs->int_class);
		die(reason, regs);
	}
}

static void show_psw(const struct psw *psw)
{
	unsigned long m = psw->mask;

	printk("PSW : 0x%016lx 0x%016lx\n", m, psw->addr);
	printk("      R:%d T:%d IO:%d EX:%d Key:%lu M:%d W:%d P:%d AS:%lu CC:%lu PM:%lu "
	       "EA:%d BA:%d\n",
	       !!(m & PSW_MASK_PER), !!(m & PSW_MASK_DAT), !!(m & PSW_MASK_IO),
	       !!(m & PSW_MASK_EXT), (m & PSW_MASK_KEY) >> PSW_SHIFT_KEY, !!(m & PSW_MASK_MCHECK),
	       !!(m & PSW_MASK_WAIT), !!(m & PSW_MASK_PSTATE), (m & PSW_MASK_ASC) >> PSW_SHIFT_ASC,
	       (m & PSW_MASK_CC) >> PSW_SHIFT_CC, (m & PSW_MASK_PM) >> PSW_SHIFT_PM,
	       !!(m & PSW_MASK_EA), !!(m & PSW_MASK_BA));
}

/* A stack frame the walker may read: aligned, ascending, inside memory. */
static bool frame_ok(unsigned long frame, unsigned long below)
{
	return frame && !(frame & 7) && frame > below &&
	       (!boot_info.mem_size || frame + STACK_FRAME_OVERHEAD <= boot_info.mem_size);
}

/*
 * The call chain, from the back chain -mbackchain keeps: 0(%r15) of each
 * frame holds the caller's %r15, and each function saves its return address
 * (%r14) into its caller's frame at offset 112. entry.S and head.S end the
 * chain with 0.
 */
static void show_backtrace(const struct pt_regs *regs)
{
	unsigned long frame = regs->gprs[15];
	unsigned long below = 0;

	if (user_mode(regs))
		return; /* a user stack is not ours to walk */
	printk("Call trace (back chain):\n");
	print_ip_sym("  PSW address ", regs->psw.addr);
	print_ip_sym("  r14 ", regs->gprs[14]);
	for (int depth = 0; depth < BACKTRACE_DEPTH && frame_ok(frame, below); depth++) {
		unsigned long caller = *(const unsigned long *)(frame + STACK_BACK_CHAIN);

		if (!frame_ok(caller, frame))
			break;
		print_ip_sym("  ", *(const unsigned long *)(caller + STACK_SAVED_R14));
		below = frame;
		frame = caller;
	}
}

void arch_show_regs(const struct pt_regs *regs)
{
	unsigned long cls = regs->int_class;

	show_psw(&regs->psw);
	for (int i = 0; i < NUM_GPRS; i += 4)
		printk("r%-2d : 0x%016lx r%-2d : 0x%016lx r%-2d : 0x%016lx r%-2d : 0x%016lx\n", i,
		       regs->gprs[i], i + 1, regs->gprs[i + 1], i + 2, regs->gprs[i + 2], i + 3,
		       regs->gprs[i + 3]);
	printk("interruption: %s", cls < ARRAY_SIZE(int_class_names) ? int_class_names[cls] : "?");
	if (cls == INT_CLASS_PROGRAM || cls == INT_CLASS_SVC)
		printk(", ILC %u (%u bytes), code 0x%04x", ilc_bytes(regs) / 2, ilc_bytes(regs),
		       regs->int_code & INT_CODE_MASK);
	else
		printk(", code 0x%08x", regs->int_code);
	printk("\n");
	printk("int_parm: 0x%08x  int_parm_long: 0x%016lx%s\n", regs->int_parm, regs->int_parm_long,
	       cls < ARRAY_SIZE(int_parm_long_names) ? int_parm_long_names[cls] : "");
	printk("last break: 0x%016lx  orig_gpr2: 0x%016lx\n", regs->last_break, regs->orig_gpr2);
	show_backtrace(regs);
}

/*
 * head.S already pointed every new PSW at entry.S. What is left: protect the
 * lowcore. Without DAT nothing stops a store through a NULL pointer from
 * landing in the new PSWs at 0x1a0-0x1ff and sending the next interruption
 * anywhere. Low-address protection makes stores to 0-511 (and 4096-4607) by
 * any program fail with a protection exception, which die_kernel_fault()
 * reports (program_check()); the CPU's own stores of old PSWs and codes are
 * not affected.
 *
 * And keep user mode away from the registers nobody switches: with the
 * AFP-register and vector controls off, only f0/f2/f4/f6 (switched with the
 * access registers in arch_switch_to()) are usable, and every other FPR, the
 * FPC and the vector registers trap (SIGILL, user_program_check()).
 */
void arch_trap_init(void)
{
	unsigned long cr0 = get_cr0();

	cr0 &= ~(CR0_AFP_REGISTER_CONTROL | CR0_VECTOR_ENABLEMENT_CONTROL);
	set_cr0(cr0 | CR0_LOW_ADDRESS_PROTECTION);
}
