// SPDX-License-Identifier: MIT
/*
 * riscv64 traps: decode scause into a reason a person can read, and the register dump. The
 * trap vector is one CSR write, stvec, in arch_trap_init() below.
 *
 * entry.S saves a struct pt_regs and calls do_syscall() for an ecall from U-mode, do_trap()
 * for everything else. The timer interrupt goes to time.c and returns; the external interrupt
 * goes to the PLIC (drivers/plic.c) and the console (console.c) and returns. A page fault
 * in U-mode goes to do_user_page_fault(), which may resolve it and return; any other fault
 * in U-mode is decoded here into a kind of fault and handed to common do_user_fault(),
 * which kills that task only. In the kernel, interrupts are taken only in arch_cpu_idle(); a page
 * fault goes to die_kernel_fault() (kernel/traps.c), which names what the kernel did wrong;
 * every other trap is fatal too: we decode why and hand it to die().
 * Cause codes: Privileged ISA 20211203, table 4.2 (asm/csr.h).
 */
#include <trapdoor/arch.h>
#include <trapdoor/kallsyms.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/csr.h>
#include <asm/plic.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* The manual's name for each exception code; the gaps are reserved codes. */
static const char *const exception_names[] = {
	[EXC_INST_MISALIGNED] = "instruction address misaligned",
	[EXC_INST_ACCESS] = "instruction access fault",
	[EXC_INST_ILLEGAL] = "illegal instruction",
	[EXC_BREAKPOINT] = "breakpoint",
	[EXC_LOAD_MISALIGNED] = "load address misaligned",
	[EXC_LOAD_ACCESS] = "load access fault",
	[EXC_STORE_MISALIGNED] = "store/AMO address misaligned",
	[EXC_STORE_ACCESS] = "store/AMO access fault",
	[EXC_ECALL_U] = "environment call from U-mode",
	[EXC_ECALL_S] = "environment call from S-mode",
	[EXC_INST_PAGE_FAULT] = "instruction page fault",
	[EXC_LOAD_PAGE_FAULT] = "load page fault",
	[EXC_STORE_PAGE_FAULT] = "store/AMO page fault",
};

static const char *const interrupt_names[] = {
	[IRQ_S_SOFT] = "supervisor software interrupt",
	[IRQ_S_TIMER] = "supervisor timer interrupt",
	[IRQ_S_EXT] = "supervisor external interrupt",
};

static const char *cause_name(unsigned long cause)
{
	unsigned long code = cause & ~CAUSE_IRQ_FLAG;
	const char *name = NULL;

	if (cause & CAUSE_IRQ_FLAG) {
		if (code < ARRAY_SIZE(interrupt_names))
			name = interrupt_names[code];
	} else if (code < ARRAY_SIZE(exception_names)) {
		name = exception_names[code];
	}
	return name ? name : "reserved cause";
}

/* Holds the reason while die() prints it; die() never returns, so one buffer is enough. */
static char reason[128];

/* A trap the kernel cannot handle: say why, where, and stop. */
static __noreturn void die_trap(struct pt_regs *regs)
{
	unsigned long code = regs->cause & ~CAUSE_IRQ_FLAG;
	const char *what = cause_name(regs->cause);
	const char *from = user_mode(regs) ? " in user mode" : "";

	if (regs->cause & CAUSE_IRQ_FLAG) {
		/*
		 * Only the timer (sie.STIE), the PLIC (sie.SEIE) and the IPI (sie.SSIE) are
		 * enabled, and do_trap() handles each in either mode. Any other is a bug.
		 */
		snprintf(reason, sizeof(reason), "unexpected %s (scause 0x%lx) at pc 0x%lx%s", what,
			 regs->cause, regs->epc, from);
		die(reason, regs);
	}

	switch (code) {
	case EXC_INST_ILLEGAL:
		/* stval holds the instruction's bits (0 if the hart chose not to report them). */
		snprintf(reason, sizeof(reason), "%s 0x%08lx at pc 0x%lx%s", what, regs->badaddr,
			 regs->epc, from);
		break;
	case EXC_INST_MISALIGNED:
	case EXC_INST_ACCESS:
	case EXC_LOAD_MISALIGNED:
	case EXC_LOAD_ACCESS:
	case EXC_STORE_MISALIGNED:
	case EXC_STORE_ACCESS:
	case EXC_INST_PAGE_FAULT:
	case EXC_LOAD_PAGE_FAULT:
	case EXC_STORE_PAGE_FAULT:
		/* stval holds the faulting virtual address (physical while satp = 0). */
		snprintf(reason, sizeof(reason), "%s at 0x%lx pc 0x%lx%s", what, regs->badaddr,
			 regs->epc, from);
		break;
	default:
		/* breakpoint (ebreak), ecall, reserved codes: the pc says it all. */
		snprintf(reason, sizeof(reason), "%s (scause 0x%lx) at pc 0x%lx%s", what,
			 regs->cause, regs->epc, from);
		break;
	}
	die(reason, regs);
}

/*
 * Instruction decoding for illegal-instruction traps (Unprivileged ISA 20191213, chapter 2
 * and chapter 9 "Zicsr"; Privileged ISA 20211203, 2.1 and 3.3). A 32-bit instruction has
 * both low bits set; anything else is a 16-bit compressed one.
 */
#define INSN_LEN_MASK	  0x3  /* bits 1:0 == 11: a 32-bit instruction */
#define INSN_OPCODE_MASK  0x7f /* bits 6:0 */
#define OPCODE_SYSTEM	  0x73 /* ecall, ebreak, xRET, wfi, sfence.vma, csr* */
#define INSN_FUNCT3_SHIFT 12   /* bits 14:12: 0 = privileged group, else a CSR access */
#define INSN_FUNCT3_MASK  0x7
#define INSN_CSR_SHIFT	  20  /* bits 31:20: the CSR number */
#define CSR_PRIV_SHIFT	  8   /* CSR number bits 9:8: lowest privilege that may access */
#define CSR_PRIV_MASK	  0x3 /* 0 = user, 1 = supervisor, 2 = hypervisor, 3 = machine */
#define INSN_ECALL	  0x00000073
#define INSN_EBREAK	  0x00100073

/*
 * The instruction that raised an illegal-instruction trap. stval should hold its bits, but
 * the Privileged ISA (4.1.9) allows 0 there, so if it is 0 we read the instruction ourselves
 * through uaccess (its checks make a bad pc harmless). 0 if it cannot be read.
 */
static u32 user_insn(const struct pt_regs *regs)
{
	u16 half[2];

	if (regs->badaddr)
		return (u32)regs->badaddr;
	if (copy_from_user(&half[0], u64_to_user_ptr(regs->epc), sizeof(half[0])) < 0)
		return 0;
	if ((half[0] & INSN_LEN_MASK) != INSN_LEN_MASK)
		return half[0]; /* 16-bit */
	if (copy_from_user(&half[1], u64_to_user_ptr(regs->epc + sizeof(half[0])),
			   sizeof(half[1])) < 0)
		return 0;
	return half[0] | (u32)half[1] << 16;
}

/*
 * An illegal-instruction trap from U-mode: privileged or undefined? The hart reports both as
 * scause 2 (the Privileged ISA has no separate "privileged instruction" cause), so we look at
 * the instruction. A SYSTEM-opcode instruction is privileged if it is a CSR access whose CSR
 * number says supervisor or higher (bits 9:8, Privileged ISA 2.1), or one of the privileged
 * group (funct3 = 0: sret, mret, wfi, sfence.vma, ...) other than ecall and ebreak, which
 * never trap as illegal. Everything else -- a reserved encoding, an FP instruction with the
 * FPU off, a write to a read-only user CSR such as cycle -- is FAULT_ILLEGAL. Both kill the
 * task with SIGILL; the distinction is for the message.
 */
static enum user_fault classify_illegal(u32 insn)
{
	u32 funct3 = (insn >> INSN_FUNCT3_SHIFT) & INSN_FUNCT3_MASK;
	u32 csr_priv = (insn >> INSN_CSR_SHIFT >> CSR_PRIV_SHIFT) & CSR_PRIV_MASK;

	if ((insn & INSN_OPCODE_MASK) != OPCODE_SYSTEM)
		return FAULT_ILLEGAL;
	if (funct3 != 0)
		return csr_priv != 0 ? FAULT_PRIVILEGED : FAULT_ILLEGAL;
	return insn == INSN_ECALL || insn == INSN_EBREAK ? FAULT_ILLEGAL : FAULT_PRIVILEGED;
}

/*
 * An exception from U-mode. A page fault (the entry is invalid, or does not allow the access:
 * a store to a read-only page, as copy-on-write leaves it, or a load from a page not yet
 * there) goes to do_user_page_fault(), which may resolve it and return: do_trap() then returns
 * to entry.S, which goes back to U-mode through ret_from_exception, and the instruction runs
 * again. Everything else is decoded for do_user_fault(), which kills the task.
 */
static void do_trap_user(struct pt_regs *regs)
{
	unsigned long addr = regs->badaddr; /* stval: the faulting address, for most */

	switch (regs->cause) {
	case EXC_INST_PAGE_FAULT:
		do_user_page_fault(regs, FAULT_EXEC, addr);
		return;
	case EXC_LOAD_PAGE_FAULT:
		do_user_page_fault(regs, FAULT_READ, addr);
		return;
	case EXC_STORE_PAGE_FAULT: /* stores and AMOs */
		do_user_page_fault(regs, FAULT_WRITE, addr);
		return;
	case EXC_INST_ACCESS: /* PMP: memory no page table can grant */
		do_user_fault(regs, FAULT_EXEC, addr);
	case EXC_LOAD_ACCESS:
		do_user_fault(regs, FAULT_READ, addr);
	case EXC_STORE_ACCESS:
		do_user_fault(regs, FAULT_WRITE, addr);
	case EXC_INST_MISALIGNED:
	case EXC_LOAD_MISALIGNED:
	case EXC_STORE_MISALIGNED:
		do_user_fault(regs, FAULT_ALIGNMENT, addr);
	case EXC_INST_ILLEGAL:
		do_user_fault(regs, classify_illegal(user_insn(regs)), regs->epc);
	case EXC_BREAKPOINT: /* ebreak / c.ebreak */
		do_user_fault(regs, FAULT_BREAKPOINT, regs->epc);
	default:
		do_user_fault(regs, FAULT_OTHER, addr);
	}
}

/* The access a page or access fault was making, from its cause. */
static enum user_fault fault_kind(unsigned long cause)
{
	switch (cause) {
	case EXC_INST_PAGE_FAULT:
	case EXC_INST_ACCESS:
		return FAULT_EXEC;
	case EXC_LOAD_PAGE_FAULT:
	case EXC_LOAD_ACCESS:
		return FAULT_READ;
	case EXC_STORE_PAGE_FAULT: /* stores and AMOs */
	case EXC_STORE_ACCESS:
		return FAULT_WRITE;
	default:
		return FAULT_OTHER;
	}
}

/* What the hardware said about a kernel fault, for die_kernel_fault()'s line. */
static char kernel_fault_hw[96];

/*
 * A page fault (or PMP access fault) in S-mode: the kernel touched memory its own map
 * forbids -- text or rodata written, data or a stack executed, a guard page, or a user page
 * (sstatus.SUM is never set, so S-mode cannot reach U pages; uaccess does not need it).
 * kernel/traps.c names which from the address.
 */
static __noreturn void do_kernel_fault(struct pt_regs *regs)
{
	snprintf(kernel_fault_hw, sizeof(kernel_fault_hw), "%s, scause %lu, pc 0x%lx",
		 cause_name(regs->cause), regs->cause, regs->epc);
	die_kernel_fault(regs, fault_kind(regs->cause), regs->badaddr, kernel_fault_hw);
}

/*
 * entry.S built this frame on the overflow stack: the interrupted kernel sp was so close to
 * (or inside) the guard below its stack that the frame would not fit. The address in the
 * guard to report: the faulting one, if this was the fault of running into it; else the part
 * of the frame that would have landed there (then the trap itself, an interrupt say, did
 * not fault, but the stack is full).
 */
static __noreturn void die_kernel_stack_overflow(struct pt_regs *regs)
{
	enum user_fault kind = fault_kind(regs->cause);
	unsigned long addr = regs->badaddr;

	if (kind == FAULT_OTHER || !kstack_guard_owner(addr)) {
		kind = FAULT_WRITE;
		addr = regs->sp - PT_SIZE;
		if (!kstack_guard_owner(addr))
			addr = regs->sp - sizeof(unsigned long);
	}
	snprintf(kernel_fault_hw, sizeof(kernel_fault_hw),
		 "%s, sp 0x%lx, pc 0x%lx; trap frame on the overflow stack",
		 cause_name(regs->cause), regs->sp, regs->epc);
	die_kernel_fault(regs, kind, addr, kernel_fault_hw);
}

/*
 * A trap taken inside handle_exception before it had saved its frame: the registers it was
 * saving are gone, and the frame was built wherever sp had got to -- the overflow check
 * exists so that a full kernel stack never ends here.
 */
static __noreturn void die_entry_fault(struct pt_regs *regs)
{
	snprintf(reason, sizeof(reason),
		 "trap entry faulted before saving its frame: %s at 0x%lx, pc 0x%lx",
		 cause_name(regs->cause), regs->badaddr, regs->epc);
	die(reason, regs);
}

/*
 * The supervisor external interrupt: the PLIC says which source. Claim and complete each
 * pending one; the only source enabled is the console's receive interrupt (console.c).
 */
static void handle_external_irq(void)
{
	u32 irq;

	while ((irq = plic_claim()) != 0) {
		if (irq == console_irq)
			riscv_console_interrupt();
		else
			printk("riscv: unexpected PLIC source %u\n", irq);
		plic_complete(irq);
	}
}

/*
 * Called by entry.S for every trap but a system call, with the frame it saved. Dispatch by
 * the architectural event; whatever the kernel does not handle ends in die_trap().
 * Three interrupts are enabled: the supervisor timer (scause = interrupt bit | 5), the
 * supervisor external interrupt from the PLIC (| 9, on CPU 0 only) and the supervisor software
 * interrupt, another CPU's IPI (| 1, smp.c). U-mode always takes them (Privileged ISA
 * 4.1.1.2); the kernel runs with SIE = 0 and opens it only in arch_cpu_idle() (entry.S).
 * From U-mode, returning sends them through ret_from_exception, whose exit_to_user_mode() preempts
 * the task if its slice is over; in S-mode they go straight back to the idle loop.
 */
void do_trap(struct pt_regs *regs)
{
	if (regs == (struct pt_regs *)&overflow_stack[OVERFLOW_STACK_SIZE - PT_SIZE])
		die_kernel_stack_overflow(regs);
	if (!user_mode(regs) && regs->epc >= (unsigned long)handle_exception &&
	    regs->epc < (unsigned long)handle_exception_saved)
		die_entry_fault(regs);
	if (regs->cause == (CAUSE_IRQ_FLAG | IRQ_S_TIMER)) {
		riscv_timer_interrupt(regs);
		return;
	}
	if (regs->cause == (CAUSE_IRQ_FLAG | IRQ_S_EXT)) {
		handle_external_irq();
		return;
	}
	if (regs->cause == (CAUSE_IRQ_FLAG | IRQ_S_SOFT)) {
		riscv_ipi_interrupt();
		return;
	}
	if (user_mode(regs)) {
		if (!(regs->cause & CAUSE_IRQ_FLAG)) {
			do_trap_user(regs);
			return;
		}
	} else if (fault_kind(regs->cause) != FAULT_OTHER) {
		do_kernel_fault(regs);
	}
	die_trap(regs);
}

/* sstatus bits worth naming in a dump: where the trap came from and what was enabled. */
static void show_status(unsigned long status)
{
	printk("sstatus: 0x%016lx (SPP=%s SPIE=%d SIE=%d SUM=%d FS=%lu)\n", status,
	       status & SR_SPP ? "S" : "U", !!(status & SR_SPIE), !!(status & SR_SIE),
	       !!(status & SR_SUM), (status & SR_FS) >> SR_FS_SHIFT);
}

void arch_show_regs(const struct pt_regs *regs)
{
	/* Three per line, by ABI name with the x-number, in register order. */
	static const char *const names[32] = {
		"zero", "ra", "sp", "gp", "tp",	 "t0",	"t1", "t2", "s0", "s1", "a0",
		"a1",	"a2", "a3", "a4", "a5",	 "a6",	"a7", "s2", "s3", "s4", "s5",
		"s6",	"s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	};
	/* pt_regs keeps xN at index N; index 0 is sepc, printed on its own line. */
	const unsigned long *x = (const unsigned long *)regs;

	printk("sepc   : 0x%016lx (pc; trapped in %s mode)\n", regs->epc,
	       user_mode(regs) ? "user" : "kernel");
	if (!user_mode(regs)) {
		print_ip_sym("pc is at ", regs->epc);
		print_ip_sym("ra is at ", regs->ra);
	}
	for (int i = 1; i < 32; i++) {
		bool end_of_line = i % 3 == 0 || i == 31;

		printk("%-3s x%-2d: 0x%016lx%s", names[i], i, x[i], end_of_line ? "\n" : "  ");
	}
	show_status(regs->status);
	printk("scause : 0x%016lx (%s)\n", regs->cause, cause_name(regs->cause));
	printk("stval  : 0x%016lx\n", regs->badaddr);
	printk("orig_a0: 0x%016lx\n", regs->orig_a0);
}
/* entry.S's stack-overflow check (asm/traps.h): what it needs to know of kernel/task.c. */
struct riscv_kstack_check riscv_kstack_check;

BUILD_BUG_ON(offsetof(struct riscv_kstack_check, base) != KSC_BASE);
BUILD_BUG_ON(offsetof(struct riscv_kstack_check, size) != KSC_SIZE);
BUILD_BUG_ON(offsetof(struct riscv_kstack_check, stack_mask) != KSC_STACK_MASK);

/*
 * Describe the kernel stacks for entry.S: equal slots of a power-of-two size, each with its
 * guard, of a smaller power-of-two size, at the bottom. Checked here, once, so that the
 * assembly can trust it.
 */
static void kstack_check_init(void)
{
	unsigned long base, guard_end, start, end, slot, guard;

	kstack_guard_range(0, &base, &guard_end);
	kstack_guard_range(1, &start, &end);
	slot = start - base;
	guard = guard_end - base;
	for (unsigned int i = 0; i < NR_TASKS; i++) {
		kstack_guard_range(i, &start, &end);
		if (slot & (slot - 1) || guard & (guard - 1) || guard >= slot ||
		    start != base + i * slot || end - start != guard)
			panic("riscv: kernel stack slots are not what entry.S can check");
	}
	riscv_kstack_check.base = base;
	riscv_kstack_check.stack_mask = (slot - 1) & ~(guard - 1);
	riscv_kstack_check.size = NR_TASKS * slot; /* last: it turns the check on */
}

/*
 * The trap vector: one CSR. head.S already pointed stvec at entry.S for the boot; this
 * sets it again, with the stack check entry.S makes on every trap from S-mode turned on.
 */
void arch_trap_init(void)
{
	kstack_check_init();
	/* Direct mode: every trap to handle_exception. entry.S aligned it to 4 bytes. */
	csr_write(stvec, (unsigned long)handle_exception | STVEC_MODE_DIRECT);
	/* 0 = "running in the kernel" for the sscratch swap in handle_exception. */
	csr_write(sscratch, 0);
}
