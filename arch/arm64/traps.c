// SPDX-License-Identifier: MIT
/*
 * arm64 exception handling: do_trap(), called by entry.S with the saved
 * registers for every exception and interrupt but a system call. The arch
 * decides why it trapped (the vector table entry, and ESR_EL1's exception
 * class and syndrome) and hands a short decoded reason to common code: die()
 * with a register dump for the kernel's own faults, do_user_page_fault() for
 * a user task's page fault, which may resolve it, do_user_fault() for any
 * other fault of a user task's, which kills only that task. The handlers are named after the
 * vector they serve (entry.S). Also here: the IRQ handler, the kernel stack
 * overflow report, and the register dump (arch_show_regs).
 */
#include <asm/esr.h>
#include <asm/gic.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/traps.h>
#include <trapdoor/arch.h>
#include <trapdoor/kallsyms.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <trapdoor/stackleak.h>

/* Names of the exception classes (Arm ARM, "ESR_EL1"), as short phrases for a reason line. */
static const char *const esr_class_names[ESR_ELx_EC_MASK + 1] = {
	[ESR_ELx_EC_UNKNOWN] = "undefined instruction",
	[ESR_ELx_EC_WFx] = "trapped wfi/wfe",
	[ESR_ELx_EC_FP_ASIMD] = "FP/SIMD access (trapped by CPACR_EL1)",
	[ESR_ELx_EC_BTI] = "branch target exception",
	[ESR_ELx_EC_ILL] = "illegal execution state",
	[ESR_ELx_EC_SVC32] = "svc (AArch32)",
	[ESR_ELx_EC_SVC64] = "svc",
	[ESR_ELx_EC_HVC64] = "hvc",
	[ESR_ELx_EC_SMC64] = "smc",
	[ESR_ELx_EC_SYS64] = "trapped msr/mrs/system instruction",
	[ESR_ELx_EC_SVE] = "SVE access (trapped)",
	[ESR_ELx_EC_FPAC] = "pointer authentication failure",
	[ESR_ELx_EC_SME] = "SME access (trapped by CPACR_EL1)",
	[ESR_ELx_EC_IABT_LOW] = "instruction abort",
	[ESR_ELx_EC_IABT_CUR] = "instruction abort",
	[ESR_ELx_EC_PC_ALIGN] = "pc alignment fault",
	[ESR_ELx_EC_DABT_LOW] = "data abort",
	[ESR_ELx_EC_DABT_CUR] = "data abort",
	[ESR_ELx_EC_SP_ALIGN] = "sp alignment fault",
	[ESR_ELx_EC_FP_EXC64] = "floating-point exception",
	[ESR_ELx_EC_SERROR] = "SError",
	[ESR_ELx_EC_BREAKPT_LOW] = "hardware breakpoint",
	[ESR_ELx_EC_BREAKPT_CUR] = "hardware breakpoint",
	[ESR_ELx_EC_SOFTSTP_LOW] = "software step",
	[ESR_ELx_EC_SOFTSTP_CUR] = "software step",
	[ESR_ELx_EC_WATCHPT_LOW] = "watchpoint",
	[ESR_ELx_EC_WATCHPT_CUR] = "watchpoint",
	[ESR_ELx_EC_BRK64] = "brk",
};

static const char *esr_class_name(u64 esr)
{
	const char *name = esr_class_names[ESR_ELx_EC(esr)];

	return name ? name : "unknown exception class";
}

/* The vector table entries, in entry.S order (asm/ptrace.h VECTOR_*). */
static const char *const vector_names[] = {
	"el1t_64_sync", "el1t_64_irq", "el1t_64_fiq", "el1t_64_error",
	"el1h_64_sync", "el1h_64_irq", "el1h_64_fiq", "el1h_64_error",
	"el0t_64_sync", "el0t_64_irq", "el0t_64_fiq", "el0t_64_error",
	"el0t_32_sync", "el0t_32_irq", "el0t_32_fiq", "el0t_32_error",
};

static const char *vector_name(u64 vector)
{
	return vector < ARRAY_SIZE(vector_names) ? vector_names[vector] : "?";
}

/* The fault status code of an abort (DFSC/IFSC), in words. */
static const char *fault_status_name(u64 fsc)
{
	switch (fsc) {
	case ESR_ELx_FSC_EXTABT:
		return "synchronous external abort";
	case ESR_ELx_FSC_MTE:
		return "tag check fault";
	case ESR_ELx_FSC_ALIGN:
		return "alignment fault";
	case ESR_ELx_FSC_TLBCONF:
		return "TLB conflict";
	}
	switch (fsc & ESR_ELx_FSC_TYPE_MASK) {
	case ESR_ELx_FSC_ADDRSZ:
		return "address size fault";
	case ESR_ELx_FSC_FAULT:
		return "translation fault";
	case ESR_ELx_FSC_ACCESS:
		return "access flag fault";
	case ESR_ELx_FSC_PERM:
		return "permission fault";
	}
	return "other fault";
}

/* Only the four kinds in the first switch above have no table level. */
static bool fault_has_level(u64 fsc)
{
	return (fsc & ESR_ELx_FSC_TYPE_MASK) <= ESR_ELx_FSC_PERM;
}

/* One reason line per trap; die() prints it, so a static buffer is enough. */
static char reason[160];

/* "data abort (translation fault, level 1, write) at 0x... pc 0x..." */
static void describe_abort(const struct pt_regs *regs)
{
	u64 esr = regs->esr, fsc = ESR_ELx_FSC(esr), ec = ESR_ELx_EC(esr);
	bool data = ec == ESR_ELx_EC_DABT_CUR || ec == ESR_ELx_EC_DABT_LOW;
	const char *access = !data ? "" : (esr & ESR_ELx_WNR) ? ", write" : ", read";
	char level[12] = "";
	char addr[32] = " at an unknown address"; /* FnV: FAR_EL1 not valid */

	if (fault_has_level(fsc))
		snprintf(level, sizeof(level), ", level %lu", ESR_ELx_FSC_LEVEL(fsc));
	if (!(esr & ESR_ELx_FNV))
		snprintf(addr, sizeof(addr), " at 0x%lx", regs->far);
	snprintf(reason, sizeof(reason), "%s (%s%s%s)%s pc 0x%lx", esr_class_name(esr),
		 fault_status_name(fsc), level, access, addr, regs->pc);
}

/* Everything else synchronous: the class, and what that class adds. */
static void describe_sync(const struct pt_regs *regs)
{
	u64 esr = regs->esr;

	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_IABT_LOW:
	case ESR_ELx_EC_IABT_CUR:
	case ESR_ELx_EC_DABT_LOW:
	case ESR_ELx_EC_DABT_CUR:
		describe_abort(regs);
		break;
	case ESR_ELx_EC_PC_ALIGN: /* FAR_EL1 holds the misaligned pc */
		snprintf(reason, sizeof(reason), "%s at 0x%lx", esr_class_name(esr), regs->far);
		break;
	case ESR_ELx_EC_SP_ALIGN:
		snprintf(reason, sizeof(reason), "%s (sp 0x%lx) at pc 0x%lx", esr_class_name(esr),
			 regs->sp, regs->pc);
		break;
	case ESR_ELx_EC_BRK64:
	case ESR_ELx_EC_SVC64:
	case ESR_ELx_EC_HVC64:
		snprintf(reason, sizeof(reason), "%s #0x%lx at pc 0x%lx", esr_class_name(esr),
			 ESR_ELx_IMM16(esr), regs->pc);
		break;
	case ESR_ELx_EC_UNKNOWN:
		snprintf(reason, sizeof(reason), "%s at pc 0x%lx", esr_class_name(esr), regs->pc);
		break;
	default:
		snprintf(reason, sizeof(reason), "%s (ESR_EL1 0x%08lx) at pc 0x%lx",
			 esr_class_name(esr), esr, regs->pc);
	}
}

/*
 * Is this a kernel page fault: a data or instruction abort from EL1 with a
 * translation, access flag or permission fault (the ones with a table
 * level), with a valid FAR_EL1? If so, *kind is the access, and reason says
 * what the hardware said: "data abort (permission fault, level 3, write)".
 */
static bool kernel_page_fault(const struct pt_regs *regs, enum user_fault *kind)
{
	u64 esr = regs->esr, fsc = ESR_ELx_FSC(esr), ec = ESR_ELx_EC(esr);

	if ((ec != ESR_ELx_EC_DABT_CUR && ec != ESR_ELx_EC_IABT_CUR) || !fault_has_level(fsc) ||
	    (esr & ESR_ELx_FNV))
		return false;
	*kind = ec == ESR_ELx_EC_IABT_CUR ? FAULT_EXEC :
		(esr & ESR_ELx_WNR)	  ? FAULT_WRITE :
					    FAULT_READ;
	snprintf(reason, sizeof(reason), "%s (%s, level %lu%s)", esr_class_name(esr),
		 fault_status_name(fsc), ESR_ELx_FSC_LEVEL(fsc),
		 *kind == FAULT_EXEC  ? "" :
		 *kind == FAULT_WRITE ? ", write" :
					", read");
	return true;
}

/*
 * A synchronous exception in the kernel: always fatal. A page fault goes to
 * die_kernel_fault(), which names what the kernel did wrong from the address:
 * the W^X and guard pages of kernel_protect() and PAN (cpufeature.c) make these.
 */
static __noreturn void el1h_64_sync_handler(struct pt_regs *regs)
{
	enum user_fault kind;

	/* hlt #0xf000 without QEMU -semihosting: arch_poweroff() is trying to exit. */
	if (ESR_ELx_EC(regs->esr) == ESR_ELx_EC_UNKNOWN && is_semihosting_trap(regs))
		semihosting_unavailable();
	if (kernel_page_fault(regs, &kind))
		die_kernel_fault(regs, kind, regs->far, reason);
	describe_sync(regs);
	die(reason, regs);
}

/*
 * entry.S found the place for an EL1 exception's frame in a stack guard and
 * saved the frame on the overflow stack instead. The exception is almost
 * always the fault of the store that ran into the guard: FAR_EL1 then names
 * the guard; otherwise the frame's own place does. Either way the task's
 * stack is used up, and die_kernel_fault() says "kernel stack overflow".
 */
void handle_bad_stack(struct pt_regs *regs)
{
	unsigned long addr = regs->sp - PT_REGS_SIZE;
	enum user_fault kind;
	char hw[64];

	if (regs->vector == VECTOR_EL1H_SYNC && kernel_page_fault(regs, &kind) &&
	    kstack_guard_owner(regs->far))
		addr = regs->far;
	else
		kind = FAULT_WRITE; /* the frame's own store would have faulted */
	snprintf(hw, sizeof(hw), "sp 0x%lx on entry to %s", regs->sp, vector_name(regs->vector));
	die_kernel_fault(regs, kind, addr, hw);
}

/*
 * A64 encodings that an EL0 task may not execute although they exist (Arm ARM,
 * "A64 instruction set encoding"): the system instruction class (MRS, MSR,
 * SYS: system registers, cache and TLB maintenance) and the calls to a higher
 * level, hvc and smc. At EL0 most of them are UNDEFINED, which the CPU reports
 * like any unknown encoding (EC 0): only the encoding tells "privileged"
 * from "illegal".
 */
#define A64_SYSTEM_MASK	 0xffc00000U /* op0 [31:22] = 1101010100 */
#define A64_SYSTEM_BITS	 0xd5000000U
#define A64_HVC_SMC_MASK 0xffe0001cU /* hvc #imm16 = 0xd4000002, smc = ...03 */
#define A64_HVC_SMC_BITS 0xd4000000U

static bool is_privileged_encoding(const struct pt_regs *regs)
{
	u32 insn;

	/* Read through uaccess: an unreadable pc (it faulted on fetch) is simply "no". */
	if (copy_from_user(&insn, u64_to_user_ptr(regs->pc), sizeof(insn)) < 0)
		return false;
	return (insn & A64_SYSTEM_MASK) == A64_SYSTEM_BITS ||
	       ((insn & A64_HVC_SMC_MASK) == A64_HVC_SMC_BITS && (insn & 3) >= 2);
}

/*
 * A synchronous exception from user mode other than svc (entry.S takes svc
 * straight to do_syscall). A translation or permission fault (nothing mapped
 * yet, or a store to a read-only page, as copy-on-write leaves it) goes to
 * do_user_page_fault(), which may resolve it and return: do_trap() then
 * returns, entry.S goes back to EL0 through ret_from_exception, and the
 * instruction runs again. WnR says a store, except for cache maintenance
 * (CM), which Linux counts as a read. Everything else is decoded into common
 * code's fault kinds for do_user_fault(), which kills the task; the kernel
 * carries on with the next one.
 */
static void el0t_64_sync_handler(struct pt_regs *regs)
{
	u64 esr = regs->esr, fsc = ESR_ELx_FSC(esr);

	switch (ESR_ELx_EC(esr)) {
	case ESR_ELx_EC_DABT_LOW: /* a load or store: FAR_EL1 = the address */
		if (fsc == ESR_ELx_FSC_ALIGN)
			do_user_fault(regs, FAULT_ALIGNMENT, regs->far);
		if (fault_has_level(fsc)) { /* translation, permission, ... */
			bool write = (esr & ESR_ELx_WNR) && !(esr & ESR_ELx_CM);

			do_user_page_fault(regs, write ? FAULT_WRITE : FAULT_READ, regs->far);
			return;
		}
		break;		  /* external abort, tag check, TLB conflict */
	case ESR_ELx_EC_IABT_LOW: /* an instruction fetch: FAR_EL1 = the pc */
		if (fault_has_level(fsc)) {
			do_user_page_fault(regs, FAULT_EXEC, regs->far);
			return;
		}
		break;
	case ESR_ELx_EC_PC_ALIGN: /* a branch to a pc not 4-byte aligned */
		do_user_fault(regs, FAULT_ALIGNMENT, regs->far);
	case ESR_ELx_EC_SP_ALIGN: /* sp used while not 16-byte aligned (SCTLR_EL1.SA0) */
		do_user_fault(regs, FAULT_ALIGNMENT, regs->sp);
	case ESR_ELx_EC_UNKNOWN: /* undefined here: unknown, or for EL1 and up only */
		do_user_fault(regs, is_privileged_encoding(regs) ? FAULT_PRIVILEGED : FAULT_ILLEGAL,
			      0);
	case ESR_ELx_EC_SYS64: /* msr/mrs/sys that SCTLR_EL1 and friends trap */
	case ESR_ELx_EC_WFx:   /* wfi/wfe: only the kernel may idle the CPU */
		do_user_fault(regs, FAULT_PRIVILEGED, 0);
	case ESR_ELx_EC_FP_ASIMD: /* FP/SIMD stays off (CPACR_EL1): no FP state is saved */
	case ESR_ELx_EC_SVE:	  /* so do SVE and SME (cpufeature.c) */
	case ESR_ELx_EC_SME:
	case ESR_ELx_EC_ILL: /* illegal execution state */
	case ESR_ELx_EC_BTI:
		do_user_fault(regs, FAULT_ILLEGAL, 0);
	case ESR_ELx_EC_BRK64:	     /* brk #imm16 */
	case ESR_ELx_EC_BREAKPT_LOW: /* debug events: never armed, but they are traps */
	case ESR_ELx_EC_SOFTSTP_LOW:
	case ESR_ELx_EC_WATCHPT_LOW:
		do_user_fault(regs, FAULT_BREAKPOINT, 0);
	}
	do_user_fault(regs, FAULT_OTHER, 0);
}

/*
 * An interrupt, from user mode or from arch_cpu_idle()'s window, the one
 * place the kernel unmasks IRQs. The GIC says which one it is: the timer's
 * tick, the console's receive interrupt, or another CPU's IPI (an SGI). From user mode entry.S returns
 * through ret_from_exception, where exit_to_user_mode() may switch tasks; in the
 * kernel straight back to the idle loop.
 */
static void handle_irq(struct pt_regs *regs)
{
	u32 iar = gic_ack();
	unsigned int intid = iar & GIC_INTID_MASK;

	if (intid == GIC_INTID_SPURIOUS)
		return; /* withdrawn before we asked: nothing to end */
	if (intid == timer_intid)
		arm64_timer_tick(regs);
	else if (intid == console_intid)
		arm64_console_interrupt();
	else if (intid == IPI_SGI)
		ipi_interrupt(); /* kernel/smp.c */
	else
		printk("arm64: unexpected interrupt, INTID %u\n", intid);
	gic_eoi(iar);
}

/*
 * Vectors that should never be taken: FIQ is never routed, trapdoor's EL1
 * never runs on SP_EL0 ("t" mode), there is no AArch32 user code; SError is
 * an asynchronous abort (e.g. a bus error on a write), reported with its ESR.
 */
static __noreturn void unhandled_exception(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason), "unexpected exception %s (ESR_EL1 0x%08lx: %s) pc 0x%lx",
		 vector_name(regs->vector), regs->esr, esr_class_name(regs->esr), regs->pc);
	die(reason, regs);
}

/*
 * Every exception and interrupt but svc from EL0 (entry.S entry_exception),
 * told apart by the vector table entry that took it. Returns for an
 * interrupt and a resolved user page fault: any other fault is fatal in the
 * kernel and kills the task in user mode.
 */
void do_trap(struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	switch (regs->vector) {
	case VECTOR_EL0_64_IRQ:
	case VECTOR_EL1H_IRQ:
		handle_irq(regs);
		return;
	case VECTOR_EL0_64_SYNC:
		el0t_64_sync_handler(regs);
		return;
	case VECTOR_EL1H_SYNC:
		el1h_64_sync_handler(regs);
	}
	unhandled_exception(regs);
}

/* PSTATE as "nZCv daIF EL1h": capitals for flags that are set or masks that are on. */
static void format_pstate(char *buf, size_t size, u64 pstate)
{
	static const char *const modes[16] = {
		[PSR_MODE_EL0t] = "EL0t", [PSR_MODE_EL1t] = "EL1t", [PSR_MODE_EL1h] = "EL1h",
		[PSR_MODE_EL2t] = "EL2t", [PSR_MODE_EL2h] = "EL2h", [PSR_MODE_EL3t] = "EL3t",
		[PSR_MODE_EL3h] = "EL3h",
	};
	const char *mode = modes[pstate & PSR_MODE_MASK];

	snprintf(buf, size, "%c%c%c%c %c%c%c%c %s%s", pstate & PSR_N_BIT ? 'N' : 'n',
		 pstate & PSR_Z_BIT ? 'Z' : 'z', pstate & PSR_C_BIT ? 'C' : 'c',
		 pstate & PSR_V_BIT ? 'V' : 'v', pstate & PSR_D_BIT ? 'D' : 'd',
		 pstate & PSR_A_BIT ? 'A' : 'a', pstate & PSR_I_BIT ? 'I' : 'i',
		 pstate & PSR_F_BIT ? 'F' : 'f', mode ? mode : "mode?",
		 pstate & PSR_MODE32_BIT ? " AArch32" : "");
}

void arch_show_regs(const struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char flags[40];

	format_pstate(flags, sizeof(flags), regs->pstate);
	printk("pc : 0x%016lx  lr : 0x%016lx  sp : 0x%016lx\n", regs->pc, regs->regs[30], regs->sp);
	if (!user_mode(regs)) {
		print_ip_sym("pc is at ", regs->pc);
		print_ip_sym("lr is at ", regs->regs[30]);
	}
	printk("pstate : 0x%016lx [%s] (SPSR_EL1)\n", regs->pstate, flags);
	printk("ESR_EL1: 0x%016lx [EC 0x%02lx: %s, ISS 0x%07lx]\n", regs->esr,
	       ESR_ELx_EC(regs->esr), esr_class_name(regs->esr), ESR_ELx_ISS(regs->esr));
	printk("FAR_EL1: 0x%016lx  vector: %s  orig_x0: 0x%016lx\n", regs->far,
	       vector_name(regs->vector), regs->orig_x0);
	for (int i = 0; i < 31; i++)
		printk("x%-2d: 0x%016lx%s", i, regs->regs[i], i % 4 == 3 || i == 30 ? "\n" : "  ");
}
/*
 * The first guard page (kernel/task.c's stack array starts with it), for
 * entry.S's check_stack. Until arch_trap_init() sets it, it is 0, and every
 * sp then counts as outside the array.
 */
u64 kstack_area_start;

_Static_assert((1UL << THREAD_SHIFT) == THREAD_SIZE, "THREAD_SHIFT");
_Static_assert(KSTACK_SLOTS == 2 * NR_TASKS, "KSTACK_SLOTS: a guard and a stack per task");

/*
 * head.S has already pointed VBAR_EL1 at the vectors, before .bss was cleared.
 * Here we unmask SError (PSTATE.A), so that an asynchronous abort is reported
 * through el1h_64_error rather than left pending. IRQ and FIQ stay masked
 * in the kernel for good: only user mode takes interrupts (arch_timer_init()),
 * and the idle loop for a moment (arch_cpu_idle()). And entry.S's stack check
 * learns where the task stacks are: task slot i's guard is at 2i slots from
 * the first one, its stack right above it.
 */
void arch_trap_init(void)
{
	unsigned long g0, g0_end, g1, g1_end;

	kstack_guard_range(0, &g0, &g0_end);
	kstack_guard_range(1, &g1, &g1_end);
	if (g0_end - g0 != THREAD_SIZE || g1 - g0 != 2 * THREAD_SIZE)
		printk("arm64: task stacks are not guard/stack pairs: no overflow check\n");
	else
		kstack_area_start = g0;
	__asm__ __volatile__("msr daifclr, #%0" : : "i"(DAIF_SERROR_IMM) : "memory");
}
