// SPDX-License-Identifier: MIT
/*
 * Traps: entry.S hands every exception and interrupt (every IDT vector) to
 * do_trap() with the saved registers; here we decide what it was, in the
 * words of the Intel SDM (Vol. 3A chapter 6). An interrupt goes to its
 * device's handler. A page fault from user mode goes to do_user_page_fault(),
 * which may resolve it; any other exception from user mode ends the task
 * through the common do_user_fault(); from the kernel it is a bug, reported through
 * die(), or through die_kernel_fault() for a page fault, which names what
 * the kernel did wrong. arch_show_regs() is the register dump of both.
 * At the end, each CPU's trap and syscall state: the TSS, the #DF stack and
 * the syscall MSRs (head.S built the IDT).
 */
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
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/insn.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* entry.S and struct pt_regs must agree on every offset. */
#define CHECK_PT_OFFSET(field, off) BUILD_BUG_ON(offsetof(struct pt_regs, field) != (off))
CHECK_PT_OFFSET(r15, PT_R15);
CHECK_PT_OFFSET(rbx, PT_RBX);
CHECK_PT_OFFSET(r11, PT_R11);
CHECK_PT_OFFSET(rax, PT_RAX);
CHECK_PT_OFFSET(rdi, PT_RDI);
CHECK_PT_OFFSET(orig_rax, PT_ORIG_RAX);
CHECK_PT_OFFSET(cr2, PT_CR2);
CHECK_PT_OFFSET(ds, PT_DS);
CHECK_PT_OFFSET(es, PT_ES);
CHECK_PT_OFFSET(fs, PT_FS);
CHECK_PT_OFFSET(gs, PT_GS);
CHECK_PT_OFFSET(vector, PT_VECTOR);
CHECK_PT_OFFSET(error_code, PT_ERROR_CODE);
CHECK_PT_OFFSET(rip, PT_RIP);
CHECK_PT_OFFSET(ss, PT_SS);
BUILD_BUG_ON(sizeof(struct pt_regs) != PT_REGS_SIZE);
BUILD_BUG_ON(PT_REGS_SIZE % 16 != 0);

static const struct {
	const char *name;
	const char *mnemonic;
} exceptions[NR_EXCEPTION_VECTORS] = {
	[X86_TRAP_DE] = { "divide error", "#DE" },
	[X86_TRAP_DB] = { "debug exception", "#DB" },
	[X86_TRAP_NMI] = { "non-maskable interrupt", "NMI" },
	[X86_TRAP_BP] = { "breakpoint", "#BP" },
	[X86_TRAP_OF] = { "overflow", "#OF" },
	[X86_TRAP_BR] = { "bound range exceeded", "#BR" },
	[X86_TRAP_UD] = { "invalid opcode", "#UD" },
	[X86_TRAP_NM] = { "device not available", "#NM" },
	[X86_TRAP_DF] = { "double fault", "#DF" },
	[X86_TRAP_OLD_MF] = { "coprocessor segment overrun", "#MF" },
	[X86_TRAP_TS] = { "invalid TSS", "#TS" },
	[X86_TRAP_NP] = { "segment not present", "#NP" },
	[X86_TRAP_SS] = { "stack-segment fault", "#SS" },
	[X86_TRAP_GP] = { "general protection fault", "#GP" },
	[X86_TRAP_PF] = { "page fault", "#PF" },
	[X86_TRAP_MF] = { "x87 floating-point error", "#MF" },
	[X86_TRAP_AC] = { "alignment check", "#AC" },
	[X86_TRAP_MC] = { "machine check", "#MC" },
	[X86_TRAP_XF] = { "SIMD floating-point exception", "#XM" },
	[X86_TRAP_VE] = { "virtualization exception", "#VE" },
	[X86_TRAP_CP] = { "control protection exception", "#CP" },
	[X86_TRAP_HV] = { "hypervisor injection", "#HV" },
	[X86_TRAP_VC] = { "VMM communication exception", "#VC" },
	[X86_TRAP_SX] = { "security exception", "#SX" },
};

static const char *exception_name(unsigned long vector)
{
	if (vector < NR_EXCEPTION_VECTORS && exceptions[vector].name)
		return exceptions[vector].name;
	if (vector >= FIRST_EXTERNAL_VECTOR && vector < NR_IDT_VECTORS)
		return "interrupt"; /* a register dump from do_trap()'s die() */
	return "reserved vector";
}

static const char *exception_mnemonic(unsigned long vector)
{
	if (vector < NR_EXCEPTION_VECTORS && exceptions[vector].mnemonic)
		return exceptions[vector].mnemonic;
	return "?";
}

static bool has_error_code(unsigned long vector)
{
	return vector < NR_EXCEPTION_VECTORS && ((X86_TRAP_ERROR_CODE_MASK >> vector) & 1);
}

/* A reason string is at most one line; die() prints it after "Oops: ". */
#define REASON_SIZE 160

/*
 * #TS #NP #SS #GP: a non-zero error code names the segment selector or IDT
 * vector at fault (SDM Vol. 3A "Error Code"); zero means "no particular one".
 */
static void exc_selector_fault(struct pt_regs *regs, char *reason)
{
	unsigned long e = regs->error_code;
	unsigned long index = (e & 0xffff) >> X86_SEL_ERR_INDEX_SHIFT;
	int n;

	n = snprintf(reason, REASON_SIZE, "%s (%s) at rip 0x%lx", exception_name(regs->vector),
		     exception_mnemonic(regs->vector), regs->rip);
	if (n < 0 || n >= REASON_SIZE || !e)
		return;
	if (e & X86_SEL_ERR_IDT)
		snprintf(reason + n, REASON_SIZE - n, ": IDT vector %lu", index);
	else
		snprintf(reason + n, REASON_SIZE - n, ": %s selector 0x%lx",
			 (e & X86_SEL_ERR_TI) ? "LDT" : "GDT", e & 0xfff8);
}

/* #UD: show the bytes that did not decode, if rip is inside the kernel. */
static void exc_invalid_op(struct pt_regs *regs, char *reason)
{
	const u8 *ip = (const u8 *)regs->rip;

	if (!user_mode(regs) && regs->rip >= (unsigned long)_text &&
	    regs->rip + 2 <= (unsigned long)_end)
		snprintf(reason, REASON_SIZE, "invalid opcode (#UD) at rip 0x%lx: %02x %02x",
			 regs->rip, ip[0], ip[1]);
	else
		snprintf(reason, REASON_SIZE, "invalid opcode (#UD) at rip 0x%lx", regs->rip);
}

/* Every other vector: its name, where, and the error code if it has one. */
static void exc_generic(struct pt_regs *regs, char *reason)
{
	int n = snprintf(reason, REASON_SIZE, "%s (%s) at rip 0x%lx", exception_name(regs->vector),
			 exception_mnemonic(regs->vector), regs->rip);

	if (n >= 0 && n < REASON_SIZE && has_error_code(regs->vector))
		snprintf(reason + n, REASON_SIZE - n, ", error code 0x%lx", regs->error_code);
}

/* --- exceptions from user mode ------------------------------------------- */

#define INT3_INSN_SIZE 1 /* int3 is the one byte 0xcc */

/*
 * #GP only says "general protection": a privileged instruction, but also a
 * non-canonical address or a bad segment. Which one, the instruction tells:
 * read it from the task's memory (copy_from_user: checked, never a fault).
 */
static bool is_privileged_instruction(const struct pt_regs *regs)
{
	u8 insn[MAX_INSN_SIZE];
	size_t n = 0;

	while (n < sizeof(insn) && copy_from_user(&insn[n], u64_to_user_ptr(regs->rip + n), 1) == 0)
		n++;
	return insn_is_privileged(insn, n);
}

/*
 * A page fault in ring 3: CR2 is the linear address, the error code says
 * which access (SDM Vol. 3A §4.7): I/D for a fetch, W/R for a write (a write
 * to a present read-only page, as copy-on-write leaves it, has P and W set;
 * one to a page not there yet has P clear). do_user_page_fault() may resolve
 * it and return: do_trap() then returns, entry_exception goes back through
 * ret_from_exception, and the instruction runs again.
 */
static void user_page_fault(struct pt_regs *regs)
{
	unsigned long e = regs->error_code;
	enum user_fault kind = (e & X86_PF_INSTR) ? FAULT_EXEC :
			       (e & X86_PF_WRITE) ? FAULT_WRITE :
						    FAULT_READ;

	do_user_page_fault(regs, kind, regs->cr2);
}

/*
 * The task did something the CPU refused. Decode it into the common kinds;
 * do_user_fault() prints one line and ends only this task.
 */
static __noreturn void user_exception(struct pt_regs *regs)
{
	unsigned long e = regs->error_code;

	switch (regs->vector) {
	case X86_TRAP_UD: /* ud2, or any encoding that is not an instruction */
	case X86_TRAP_NM: /* x87 with CR0.EM set: no floating point here */
		do_user_fault(regs, FAULT_ILLEGAL, regs->rip);
	case X86_TRAP_GP:
		if (!e && is_privileged_instruction(regs))
			do_user_fault(regs, FAULT_PRIVILEGED, regs->rip);
		do_user_fault(regs, FAULT_OTHER, regs->rip);
	case X86_TRAP_BP:
		/*
		 * A trap, not a fault: rip is past the int3. Point at the int3
		 * itself, as the other architectures report their breakpoint.
		 */
		regs->rip -= INT3_INSN_SIZE;
		do_user_fault(regs, FAULT_BREAKPOINT, regs->rip);
	case X86_TRAP_AC: /* only with CR0.AM set, which we leave off */
		do_user_fault(regs, FAULT_ALIGNMENT, regs->rip);
	case X86_TRAP_DE:
		/* div or idiv by 0, or a quotient too big for it: Linux's SIGFPE. */
		do_user_fault(regs, FAULT_ARITHMETIC, regs->rip);
	case X86_TRAP_DB:
		/*
		 * With RFLAGS.TF set (popf may set it at CPL 3) the CPU traps
		 * after each instruction (SDM Vol. 3B §17.3.1.4). No debug
		 * register is armed, so that is the one cause: Linux's SIGTRAP.
		 */
		do_user_fault(regs, FAULT_TRACE, regs->rip);
	default: /* #XM, #MF, ...: nothing more specific to say */
		do_user_fault(regs, FAULT_OTHER, regs->rip);
	}
}

/*
 * A double fault, an NMI or a machine check may interrupt user mode, but the
 * task did not cause them: a #DF means the kernel could not deliver another
 * exception (a bad TSS.RSP0, say), and it runs on its IST stack, not the
 * task's. Those stay kernel matters, for die().
 */
static bool caused_by_task(const struct pt_regs *regs)
{
	return user_mode(regs) && regs->vector != X86_TRAP_DF && regs->vector != X86_TRAP_NMI &&
	       regs->vector != X86_TRAP_MC;
}

/* --- exceptions from the kernel ------------------------------------------ */

/*
 * A #PF in ring 0: the kernel touched memory that kernel_protect()
 * (kernel/traps.c), SMEP or SMAP forbid, or that is not mapped. CR2 holds the
 * linear address, the error code says which access failed and why (SDM Vol.
 * 3A §4.7, "Page-Fault Exceptions"). Common code names the mistake from where
 * the address lies; we add what the CPU said.
 */
static __noreturn void kernel_page_fault(struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long e = regs->error_code;
	enum user_fault kind = (e & X86_PF_INSTR) ? FAULT_EXEC :
			       (e & X86_PF_WRITE) ? FAULT_WRITE :
						    FAULT_READ;
	const char *why = (e & X86_PF_RSVD) ? "reserved bit set in a paging entry" :
			  (e & X86_PF_PK)   ? "protection-key violation" :
			  (e & X86_PF_PROT) ? "protection violation" :
					      "page not present";
	char hw[REASON_SIZE];

	snprintf(hw, sizeof(hw), "#PF error code 0x%lx, %s, rip 0x%lx", e, why, regs->rip);
	die_kernel_fault(regs, kind, regs->cr2, hw);
}

/*
 * A #DF: the CPU could not deliver an exception. The one the kernel can cause
 * is a kernel stack overflow: the access that runs into the guard below the
 * stack faults, and the #PF frame would go on that same stack, into the same
 * guard, so the #PF turns into a #DF. The #DF has a stack of its own (IST,
 * cpu_init()), and CR2 holds the guard address that faulted.
 */
static void double_fault(struct pt_regs *regs)
{
	if (kstack_guard_owner(regs->cr2))
		die_kernel_fault(regs, FAULT_WRITE, regs->cr2,
				 "#DF: the #PF frame did not fit on the stack");
	if (kstack_guard_owner(regs->rsp))
		die_kernel_fault(regs, FAULT_WRITE, regs->rsp, "#DF with RSP in a stack guard");
}

static void handle_exception(struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char reason[REASON_SIZE];

	if (caused_by_task(regs)) {
		if (regs->vector == X86_TRAP_PF) {
			user_page_fault(regs);
			return;
		}
		user_exception(regs);
	}

	switch (regs->vector) {
	case X86_TRAP_PF: /* from ring 3 it went to user_page_fault() above */
		kernel_page_fault(regs);
	case X86_TRAP_DF:
		double_fault(regs);
		exc_generic(regs, reason);
		break;
	case X86_TRAP_TS:
	case X86_TRAP_NP:
	case X86_TRAP_SS:
	case X86_TRAP_GP:
		exc_selector_fault(regs, reason);
		break;
	case X86_TRAP_UD:
		exc_invalid_op(regs, reason);
		break;
	default:
		exc_generic(regs, reason);
		break;
	}
	/* Nothing in the kernel is recoverable: every kernel exception is a bug. */
	die(reason, regs);
}

/* --- interrupts ----------------------------------------------------------- */

/*
 * The kernel runs with IF = 0 but in arch_cpu_idle(), so an interrupt can
 * only arrive in user code or in that hlt. If it interrupted the kernel
 * anywhere else, IF was set where it must not be: a bug worth stopping for.
 */
static void handle_interrupt(struct pt_regs *regs)
{
	char reason[80];

	if (!user_mode(regs) && regs->rip != (unsigned long)arch_cpu_idle_wakeup)
		die("interrupt in kernel mode outside arch_cpu_idle(): IF was set in the kernel",
		    regs);

	switch (regs->vector) {
	case LOCAL_TIMER_VECTOR:
		local_apic_timer_interrupt(regs); /* time.c: the tick */
		return;
	case ISA_IRQ_VECTOR(COM1_IRQ):
		serial_interrupt(); /* console.c: input */
		return;
	case IPI_VECTOR:
		apic_eoi();	 /* drivers/apic.c: the next may come */
		ipi_interrupt(); /* kernel/smp.c: resched, a call */
		return;
	case SPURIOUS_APIC_VECTOR:
		/*
		 * The APIC had begun to deliver an interrupt that went away
		 * (masked by TPR, say) and sends this vector instead. It sets
		 * no in-service bit, so it takes no EOI (SDM Vol. 3A
		 * "Spurious Interrupt"). Nothing to do.
		 */
		return;
	default:
		snprintf(reason, sizeof(reason), "unexpected interrupt, vector 0x%lx",
			 regs->vector);
		die(reason, regs);
	}
}

/*
 * entry.S calls this for every vector but the syscall, with the registers
 * saved in regs. Returning resumes them: through exit_to_user_mode() when
 * they are user mode's.
 */
void do_trap(struct pt_regs *regs)
{
	if (regs->vector >= FIRST_EXTERNAL_VECTOR)
		handle_interrupt(regs);
	else
		handle_exception(regs);
}

/* RFLAGS bits worth naming in a dump, lowest first. */
static const struct {
	unsigned long bit;
	const char *name;
} rflags_names[] = {
	{ X86_EFLAGS_CF, "CF" }, { X86_EFLAGS_PF, "PF" }, { X86_EFLAGS_AF, "AF" },
	{ X86_EFLAGS_ZF, "ZF" }, { X86_EFLAGS_SF, "SF" }, { X86_EFLAGS_TF, "TF" },
	{ X86_EFLAGS_IF, "IF" }, { X86_EFLAGS_DF, "DF" }, { X86_EFLAGS_OF, "OF" },
	{ X86_EFLAGS_NT, "NT" }, { X86_EFLAGS_RF, "RF" }, { X86_EFLAGS_VM, "VM" },
	{ X86_EFLAGS_AC, "AC" }, { X86_EFLAGS_ID, "ID" },
};

static void show_rflags(unsigned long rflags)
{
	printk("RFLAGS: 0x%016lx [", rflags);
	for (size_t i = 0; i < ARRAY_SIZE(rflags_names); i++)
		if (rflags & rflags_names[i].bit)
			printk(" %s", rflags_names[i].name);
	printk(" IOPL=%lu ]\n", (rflags >> X86_EFLAGS_IOPL_SHIFT) & 3);
}

/*
 * x86_64 has no link register: the callers come from the frame-pointer chain
 * (the kernel is built with -fno-omit-frame-pointer). RBP points at the saved
 * RBP of the caller's frame, the return address sits above it. Walked only
 * upwards and only inside the current task's kernel stack, so a corrupt chain
 * ends the trace instead of faulting inside the oops.
 */
#define BACKTRACE_DEPTH 16
static void show_call_trace(const struct pt_regs *regs)
{
	unsigned long lo, hi, fp = regs->rbp, size, offset;

	if (user_mode(regs) || !current)
		return;
	lo = (unsigned long)current->stack;
	hi = task_stack_top(current);
	if (regs->rsp < lo || regs->rsp >= hi)
		return; /* not on the task's stack (a guard page, the boot stack) */
	printk("Call trace (frame pointers):\n");
	/*
	 * At a function's first instruction, or after a call into something
	 * that is no kernel text, the callee has pushed nothing yet: the
	 * return address is the word at RSP, and RBP is still the caller's.
	 */
	if ((!kallsyms_lookup(regs->rip, &size, &offset) || offset == 0) && regs->rsp <= hi - 8)
		print_ip_sym("  ", *(const unsigned long *)regs->rsp);
	for (int depth = 0; depth < BACKTRACE_DEPTH; depth++) {
		unsigned long next;

		if (fp < regs->rsp || fp > hi - 16 || fp % 8)
			break;
		print_ip_sym("  ", *(const unsigned long *)(fp + 8)); /* the return address */
		next = *(const unsigned long *)fp;		      /* the caller's RBP */
		if (next <= fp)
			break;
		fp = next;
	}
}

void arch_show_regs(const struct pt_regs *regs)
{
	printk("RIP: 0x%016lx  CS : 0x%04lx  (%s mode)\n", regs->rip, regs->cs,
	       user_mode(regs) ? "user" : "kernel");
	if (!user_mode(regs))
		print_ip_sym("RIP is at ", regs->rip);
	printk("RSP: 0x%016lx  SS : 0x%04lx\n", regs->rsp, regs->ss);
	show_rflags(regs->rflags);
	printk("RAX: 0x%016lx  RBX: 0x%016lx  RCX: 0x%016lx\n", regs->rax, regs->rbx, regs->rcx);
	printk("RDX: 0x%016lx  RSI: 0x%016lx  RDI: 0x%016lx\n", regs->rdx, regs->rsi, regs->rdi);
	printk("RBP: 0x%016lx  R8 : 0x%016lx  R9 : 0x%016lx\n", regs->rbp, regs->r8, regs->r9);
	printk("R10: 0x%016lx  R11: 0x%016lx  R12: 0x%016lx\n", regs->r10, regs->r11, regs->r12);
	printk("R13: 0x%016lx  R14: 0x%016lx  R15: 0x%016lx\n", regs->r13, regs->r14, regs->r15);
	printk("DS : 0x%04lx  ES : 0x%04lx  FS : 0x%04lx  GS : 0x%04lx\n", regs->ds, regs->es,
	       regs->fs, regs->gs);
	if (regs->vector == PT_VECTOR_SYSCALL)
		printk("vector: syscall\n");
	else
		printk("vector: %lu (%s %s)  error code: 0x%lx  CR2: 0x%016lx\n", regs->vector,
		       exception_mnemonic(regs->vector), exception_name(regs->vector),
		       regs->error_code, regs->cr2);
	printk("ORIG_RAX: 0x%016lx\n", regs->orig_rax);
	/* Not part of the frame, but they decide what an address means: now. */
	printk("CR0: 0x%016lx  CR3: 0x%016lx  CR4: 0x%016lx\n", read_cr0(), read_cr3(), read_cr4());
	printk("EFER: 0x%016llx\n", (unsigned long long)rdmsr(MSR_EFER));
	show_call_trace(regs);
}
/* --- each CPU's trap state: the TSS, the #DF stack, the syscall MSRs ---- */

BUILD_BUG_ON(sizeof(struct idt_entry) != IDT_ENTRY_SIZE);
BUILD_BUG_ON(sizeof(struct tss_struct) != 104); /* SDM 3A "64-Bit TSS Format" */
BUILD_BUG_ON(offsetof(struct tss_struct, sp0) != TSS_SP0);

/*
 * Filled by head.S before the first C line runs; loaded with lidt there.
 * The exceptions, then the interrupts (asm/irq_vectors.h).
 */
struct idt_entry idt_table[NR_IDT_VECTORS] __aligned(16);

/*
 * In 64-bit mode the TSS only holds stacks: sp0, the top of the running
 * task's kernel stack, where the CPU puts the frame of an exception from
 * ring 3 (arch_switch_to() keeps it current). A double fault gets a stack of its own
 * (IST): if the kernel stack overflows, the #PF cannot be delivered on it,
 * the CPU raises #DF, and that one must not need the broken stack too, or
 * the third fault resets the machine without a word. Each CPU has its own
 * TSS (in its per-CPU area) and its own #DF stack: two CPUs may fault at once.
 */
#define DOUBLE_FAULT_STACK_SIZE 4096
static u8 double_fault_stack[NR_CPUS][DOUBLE_FAULT_STACK_SIZE] __aligned(16);

/* What %gs points at in ring 0, one per CPU (asm/percpu.h). */
struct x86_percpu cpu_percpu[NR_CPUS];
BUILD_BUG_ON(GDT_NR_TSS != NR_CPUS);

/*
 * syscall/sysret (SDM Vol. 3A §5.8.8, "Fast System Calls in 64-Bit Mode").
 * MSR_STAR holds two selector bases: syscall loads CS = STAR[47:32] and
 * SS = STAR[47:32] + 8; sysret loads SS = STAR[63:48] + 8 and
 * CS = STAR[63:48] + 16, both with RPL 3. asm/segment.h orders the GDT so
 * that both pairs come out right.
 */
#define STAR_SYSCALL_CS	   __KERNEL_CS
#define STAR_SYSRET_BASE   (GDT_ENTRY_KERNEL_DS * 8) /* + 8: user DS, + 16: user CS */
#define STAR_SYSCALL_SHIFT 32
#define STAR_SYSRET_SHIFT  48
BUILD_BUG_ON(STAR_SYSCALL_CS + 8 != __KERNEL_DS);
BUILD_BUG_ON((STAR_SYSRET_BASE + 8) != (__USER_DS & ~SEGMENT_RPL_USER));
BUILD_BUG_ON((STAR_SYSRET_BASE + 16) != (__USER_CS & ~SEGMENT_RPL_USER));

/*
 * RFLAGS bits syscall clears on the way in (Linux's list, minus the
 * arithmetic flags): no single-stepping into the kernel, interrupts off until
 * the kernel stack is in place, DF = 0 as the C ABI wants, IOPL and NT
 * meaningless in ring 0, and AC off so that SMAP cannot be bypassed. 0x47700.
 */
#define SYSCALL_RFLAGS_MASK                                                             \
	(X86_EFLAGS_TF | X86_EFLAGS_IF | X86_EFLAGS_DF | (3 << X86_EFLAGS_IOPL_SHIFT) | \
	 X86_EFLAGS_NT | X86_EFLAGS_AC)

/* entry.S */
void entry_syscall(void);

/*
 * Everything ring 3 needs from the CPU: the syscall instruction, %gs for the
 * entry code, the breakpoint gate, and the instructions it must not use.
 */
static void user_mode_init(unsigned int cpu)
{
	/* The syscall instruction: on, with our entry point, selectors and RFLAGS mask. */
	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | EFER_SCE);
	wrmsr(MSR_STAR, ((u64)STAR_SYSRET_BASE << STAR_SYSRET_SHIFT) |
			    ((u64)STAR_SYSCALL_CS << STAR_SYSCALL_SHIFT));
	wrmsr(MSR_LSTAR, (unsigned long)entry_syscall);
	wrmsr(MSR_CSTAR, 0); /* no 32-bit user code segment: compatibility mode cannot happen */
	wrmsr(MSR_SYSCALL_MASK, SYSCALL_RFLAGS_MASK);

	/*
	 * int3 is a software interrupt: the CPU checks the gate's DPL against
	 * CPL (SDM Vol. 3A §6.12.1.1), so with DPL 0 it would raise #GP instead
	 * of #BP. Open this one gate to ring 3, as Linux does. Every CPU
	 * shares the IDT: the boot CPU sets it.
	 */
	if (cpu == 0)
		idt_table[X86_TRAP_BP].type_attr |= GATE_DPL_USER;

	/*
	 * No floating point: the kernel saves no FPU state, so a task using it
	 * would see another's registers. With CR0.EM set, x87 instructions raise
	 * #NM and MMX ones #UD; SSE and AVX already #UD since CR4.OSFXSR and
	 * CR4.OSXSAVE stay clear (SDM Vol. 3A §2.5, §13.1). Either way the task
	 * dies with SIGILL. The same for the other user state we never switch:
	 * CR4.FSGSBASE and CR4.PKE stay clear, so wrfsbase, wrgsbase and wrpkru
	 * are #UD too (user/lib/arch/x86_64/userregs.c lists what is switched).
	 */
	write_cr0(read_cr0() | X86_CR0_EM);
	/* UMIP: sgdt, sidt, sldt, smsw, str would tell ring 3 where the GDT, IDT, TSS are. */
	if (cpu_has(X86_FEATURE_UMIP))
		write_cr4(read_cr4() | X86_CR4_UMIP);
}

/* CPU cpu's 16-byte TSS descriptor, two GDT slots (SDM Vol. 3A "TSS Descriptor in 64-bit mode"). */
static void set_tss_descriptor(unsigned int cpu, unsigned long base, unsigned long limit)
{
	unsigned int slot = GDT_ENTRY_TSS + 2 * cpu;

	gdt_table[slot] = (limit & 0xffff) |	      /* limit 15:0 */
			  ((base & 0xffffff) << 16) | /* base 23:0 */
			  ((u64)(DESC_P | TSS_TYPE_AVAILABLE) << 40) |
			  (((limit >> 16) & 0xf) << 48) | /* limit 19:16 */
			  (((base >> 24) & 0xff) << 56);  /* base 31:24 */
	gdt_table[slot + 1] = base >> 32;		  /* base 63:32 */
}

/*
 * The calling CPU's trap and syscall state: its TSS (sp0 for now the stack
 * it runs on, the #DF stack), loaded with ltr, no LDT, and the syscall MSRs.
 * The boot CPU from arch_setup(), every other one from start_secondary()
 * (smp.c), before interrupts can reach it. arch_set_this_cpu() has set GS_BASE.
 */
void cpu_init(unsigned int cpu, unsigned long stack_top)
{
	struct tss_struct *tss = &cpu_percpu[cpu].tss;

	/* Ring 3 -> ring 0 switches to sp0; each task sets its own (arch_switch_to). */
	cpu_percpu[cpu].kstack_top = stack_top;
	tss->sp0 = stack_top;
	tss->ist[IST_INDEX_DF - 1] =
	    (unsigned long)(double_fault_stack[cpu] + DOUBLE_FAULT_STACK_SIZE);
	tss->io_bitmap_base = sizeof(*tss);
	set_tss_descriptor(cpu, (unsigned long)tss, sizeof(*tss) - 1);
	__asm__ __volatile__("ltr %w0" : : "r"(__TSS_SELECTOR(cpu)) : "memory");
	/*
	 * No LDT, whatever the loader left in LDTR: a selector with TI = 1 (an
	 * LDT one) then faults in every task, instead of naming descriptors
	 * that only some tasks' selectors would point into.
	 */
	__asm__ __volatile__("lldt %w0" : : "r"(0) : "memory");

	/* Only now that the TSS is live may a gate name an IST slot. */
	if (cpu == 0)
		idt_table[X86_TRAP_DF].ist = IST_INDEX_DF;

	user_mode_init(cpu);
}
