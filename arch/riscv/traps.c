// SPDX-License-Identifier: MIT
/*
 * riscv64 traps: decode scause into a reason a person can read, and the register dump.
 *
 * entry.S saves a struct pt_regs and calls do_trap(). For now every trap taken in the kernel
 * is fatal: we decode why and hand it to die(). The next issue adds the U-mode causes (ecall
 * from U is a system call; a fault from U kills the task, not the kernel).
 * Cause codes: Privileged ISA 20211203, table 4.2 (asm/csr.h).
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <asm/csr.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* The manual's name for each exception code; the gaps are reserved codes. */
static const char *const exception_names[] = {
	[EXC_INST_MISALIGNED]	= "instruction address misaligned",
	[EXC_INST_ACCESS]	= "instruction access fault",
	[EXC_INST_ILLEGAL]	= "illegal instruction",
	[EXC_BREAKPOINT]	= "breakpoint",
	[EXC_LOAD_MISALIGNED]	= "load address misaligned",
	[EXC_LOAD_ACCESS]	= "load access fault",
	[EXC_STORE_MISALIGNED]	= "store/AMO address misaligned",
	[EXC_STORE_ACCESS]	= "store/AMO access fault",
	[EXC_ECALL_U]		= "environment call from U-mode",
	[EXC_ECALL_S]		= "environment call from S-mode",
	[EXC_INST_PAGE_FAULT]	= "instruction page fault",
	[EXC_LOAD_PAGE_FAULT]	= "load page fault",
	[EXC_STORE_PAGE_FAULT]	= "store/AMO page fault",
};

static const char *const interrupt_names[] = {
	[IRQ_S_SOFT]	= "supervisor software interrupt",
	[IRQ_S_TIMER]	= "supervisor timer interrupt",
	[IRQ_S_EXT]	= "supervisor external interrupt",
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
		/* Nothing enables interrupts yet: any interrupt is unexpected. */
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
 * Called by entry.S for every trap, with the frame it saved. Dispatch by the architectural
 * event; whatever the kernel does not handle ends in die_trap().
 */
void do_trap(struct pt_regs *regs)
{
	die_trap(regs);
}

void arch_trap_init(void)
{
	/* Direct mode: every trap to handle_exception. entry.S aligned it to 4 bytes. */
	csr_write(stvec, (unsigned long)handle_exception | STVEC_MODE_DIRECT);
	/* 0 = "running in the kernel" for the sscratch swap in handle_exception. */
	csr_write(sscratch, 0);
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
		"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
		"a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
		"s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	};
	/* pt_regs keeps xN at index N; index 0 is sepc, printed on its own line. */
	const unsigned long *x = (const unsigned long *)regs;

	printk("sepc   : 0x%016lx (pc; trapped in %s mode)\n", regs->epc,
	       user_mode(regs) ? "user" : "kernel");
	for (int i = 1; i < 32; i++) {
		bool end_of_line = i % 3 == 0 || i == 31;

		printk("%-3s x%-2d: 0x%016lx%s", names[i], i, x[i], end_of_line ? "\n" : "  ");
	}
	show_status(regs->status);
	printk("scause : 0x%016lx (%s)\n", regs->cause, cause_name(regs->cause));
	printk("stval  : 0x%016lx\n", regs->badaddr);
	printk("orig_a0: 0x%016lx\n", regs->orig_a0);
}
