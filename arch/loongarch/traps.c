// SPDX-License-Identifier: MIT
/*
 * Why did we trap? entry.S saved the registers and the cause CSRs into a struct pt_regs and
 * calls do_trap() for everything but a syscall from user mode (that goes straight to
 * do_syscall()). Here we decode ESTAT.Ecode/EsubCode (manual §7.4.6): an interrupt goes to its
 * line's handler (the constant timer, time.c; another CPU's IPI, smp.c; the devices behind
 * the interrupt controllers, drivers/extioi.c in this directory); a page fault in user mode
 * goes to do_user_page_fault(), which may resolve it; any other fault in user mode goes to
 * common do_user_fault(), which kills that task only; a page fault in the kernel goes to die_kernel_fault(), which
 * names the kernel's mistake; anything else in the kernel is fatal, die(). The entry points
 * themselves are installed by head.S, before any C runs.
 */
#include <trapdoor/arch.h>
#include <trapdoor/kallsyms.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <asm/csr.h>
#include <asm/extioi.h>
#include <asm/setup.h>
#include <asm/traps.h>

struct exccode_info {
	const char *name; /* the manual's mnemonic */
	const char *what; /* what it means */
	bool addr;	  /* BADV holds the faulting address */
};

/* Indexed by ESTAT.Ecode; subcodes are decoded in exception_name(). */
static const struct exccode_info exccodes[EXCCODE_NR] = {
	[EXCCODE_INT] = { "INT", "interrupt", false },
	[EXCCODE_PIL] = { "PIL", "page invalid for load", true },
	[EXCCODE_PIS] = { "PIS", "page invalid for store", true },
	[EXCCODE_PIF] = { "PIF", "page invalid for instruction fetch", true },
	[EXCCODE_PME] = { "PME", "page modified exception", true },
	[EXCCODE_PNR] = { "PNR", "page non-readable", true },
	[EXCCODE_PNX] = { "PNX", "page non-executable", true },
	[EXCCODE_PPI] = { "PPI", "page privilege level illegal", true },
	[EXCCODE_ADE] = { "ADE", "address error", true },
	[EXCCODE_ALE] = { "ALE", "address alignment error", true },
	[EXCCODE_BCE] = { "BCE", "bound check exception", false },
	[EXCCODE_SYS] = { "SYS", "system call", false },
	[EXCCODE_BRK] = { "BRK", "breakpoint", false },
	[EXCCODE_INE] = { "INE", "instruction non-existent", false },
	[EXCCODE_IPE] = { "IPE", "instruction privilege error", false },
	[EXCCODE_FPD] = { "FPD", "FPU disabled", false },
	[EXCCODE_SXD] = { "SXD", "LSX unit disabled", false },
	[EXCCODE_ASXD] = { "ASXD", "LASX unit disabled", false },
	[EXCCODE_FPE] = { "FPE", "FPU exception", false },
	[EXCCODE_WPE] = { "WPE", "watchpoint exception", true },
	[EXCCODE_BTD] = { "BTD", "LBT unit disabled", false },
	[EXCCODE_BTE] = { "BTE", "LBT unit exception", false },
	[EXCCODE_GSPR] = { "GSPR", "guest sensitive privileged resource", false },
	[EXCCODE_HVC] = { "HVC", "hypervisor call", false },
	[EXCCODE_GCM] = { "GCSC", "guest CSR modified", false },
};

static unsigned int estat_ecode(unsigned long estat)
{
	return (estat >> ESTAT_ECODE_SHIFT) & ESTAT_ECODE_MASK;
}

static unsigned int estat_esubcode(unsigned long estat)
{
	return (estat >> ESTAT_ESUBCODE_SHIFT) & ESTAT_ESUBCODE_MASK;
}

/* "INE (instruction non-existent)", with the subcode where the Ecode has two meanings. */
static void exception_name(char *buf, size_t size, unsigned long estat)
{
	unsigned int ecode = estat_ecode(estat), sub = estat_esubcode(estat);

	if (ecode >= EXCCODE_NR || !exccodes[ecode].name) {
		snprintf(buf, size, "reserved exception code 0x%x", ecode);
		return;
	}
	switch (ecode) {
	case EXCCODE_ADE:
		snprintf(buf, size, "%s (address error for %s)",
			 sub == EXSUBCODE_ADEF ? "ADEF" : "ADEM",
			 sub == EXSUBCODE_ADEF ? "instruction fetch" : "memory access");
		return;
	case EXCCODE_FPE:
		snprintf(buf, size, "%s",
			 sub == EXSUBCODE_VFPE ? "VFPE (vector FPU exception)" :
						 "FPE (FPU exception)");
		return;
	case EXCCODE_WPE:
		snprintf(buf, size, "%s (watchpoint exception for %s)",
			 sub == EXSUBCODE_WPEF ? "WPEF" : "WPEM",
			 sub == EXSUBCODE_WPEF ? "fetch" : "memory access");
		return;
	case EXCCODE_GCM:
		snprintf(buf, size, "%s (guest CSR modified, %s caused)", sub ? "GCHC" : "GCSC",
			 sub ? "hardware" : "software");
		return;
	default:
		snprintf(buf, size, "%s (%s)", exccodes[ecode].name, exccodes[ecode].what);
	}
}

/*
 * Load or store? ADEM and PPI do not say which; the instruction does, and the CPU saved it in
 * BADI. Opcodes from the manual's instruction encoding table (Vol. 1, Appendix B): the field
 * that names the instruction is bits 31:22 in the 2RI12 format, 31:24 in 2RI14, 31:15 in 3R.
 */
#define OP_2RI12(insn)	 ((insn) >> 22)
#define OP_2RI14(insn)	 ((insn) >> 24)
#define OP_3R(insn)	 ((insn) >> 15)
#define OP_ST_B		 0x0a4 /* st.b, st.h, st.w, st.d: 0x0a4 .. 0x0a7 */
#define OP_ST_D		 0x0a7
#define OP_FST_S	 0x0ad	/* fst.s */
#define OP_FST_D	 0x0af	/* fst.d */
#define OP_LL_W		 0x20	/* ll.w sc.w ll.d sc.d ldptr.w stptr.w ldptr.d stptr.d: */
#define OP_STPTR_D	 0x27	/*   0x20 .. 0x27, the odd ones store */
#define OP_STX_B	 0x7020 /* stx.b/h/w/d: 0x7020, 0x7028, 0x7030, 0x7038 */
#define OP_STX_SIZE_BITS 0x18	/*   (bits 4:3 of the 3R opcode pick the size) */
#define OP_FSTX_S	 0x7070 /* fstx.s 0x7070, fstx.d 0x7078 */
#define OP_FSTX_D_BIT	 0x8
#define OP_AM_FIRST	 0x70c0 /* amswap.w .. ammin_db.du: load AND store */
#define OP_AM_LAST	 0x70e3

static bool insn_is_store(u32 insn)
{
	u32 op12 = OP_2RI12(insn), op14 = OP_2RI14(insn), op3r = OP_3R(insn);

	if ((op12 >= OP_ST_B && op12 <= OP_ST_D) || op12 == OP_FST_S || op12 == OP_FST_D)
		return true;
	if (op14 >= OP_LL_W && op14 <= OP_STPTR_D)
		return op14 & 1;
	return (op3r & ~OP_STX_SIZE_BITS) == OP_STX_B || (op3r & ~OP_FSTX_D_BIT) == OP_FSTX_S ||
	       (op3r >= OP_AM_FIRST && op3r <= OP_AM_LAST);
}

/*
 * What a fault was, for do_user_fault() and die_kernel_fault() alike. BADV holds the address
 * for every address-related one (for ADEF, a fetch from a kernel address, it is the pc itself).
 */
static enum user_fault fault_kind(const struct pt_regs *regs, unsigned int ecode)
{
	enum user_fault kind;

	switch (ecode) {
	case EXCCODE_PIL: /* no valid TLB entry: nothing mapped there (refill, entry.S) */
	case EXCCODE_PNR: /* mapped, but not readable */
		kind = FAULT_READ;
		break;
	case EXCCODE_PIS: /* nothing mapped there */
	case EXCCODE_PME: /* mapped read-only (D = 0): our own text, say */
		kind = FAULT_WRITE;
		break;
	case EXCCODE_PIF: /* nothing mapped there */
	case EXCCODE_PNX: /* mapped, but NX: our own stack, say (QEMU 7.2: see mm.c) */
		kind = FAULT_EXEC;
		break;
	case EXCCODE_ADE: /* user: a window address, no window opens at PLV3; kernel: wild */
		kind = estat_esubcode(regs->csr_estat) == EXSUBCODE_ADEF ? FAULT_EXEC :
		       insn_is_store((u32)regs->csr_badi)		 ? FAULT_WRITE :
									   FAULT_READ;
		break;
	case EXCCODE_PPI: /* a page of another privilege level: user pages from the kernel */
		kind = regs->csr_badvaddr == regs->csr_era ? FAULT_EXEC :
		       insn_is_store((u32)regs->csr_badi)  ? FAULT_WRITE :
							     FAULT_READ;
		break;
	case EXCCODE_ALE: /* misaligned atomic or ll/sc; plain loads/stores may be */
		kind = FAULT_ALIGNMENT;
		break;
	case EXCCODE_INE: /* no such instruction */
	case EXCCODE_FPD: /* FP, vector and LBT units are off (EUEN = 0, arch_trap_init): */
	case EXCCODE_SXD: /* the kernel saves none of their registers, so no task may use them */
	case EXCCODE_ASXD:
	case EXCCODE_BTD:
		kind = FAULT_ILLEGAL;
		break;
	case EXCCODE_IPE: /* a PLV0-only instruction (csrrd, tlbfill, idle, ...) */
		kind = FAULT_PRIVILEGED;
		break;
	case EXCCODE_BRK: /* the break instruction */
		kind = FAULT_BREAKPOINT;
		break;
	default:
		kind = FAULT_OTHER;
		break;
	}
	return kind;
}

/*
 * An interrupt (Ecode INT): the lines that are both raised and enabled (ECFG.LIE[12:0] matches
 * ESTAT.IS[12:0] bit for bit). The kernel runs with CRMD.IE = 0, so an interrupt hits user
 * mode or the idle instruction of arch_cpu_idle() (entry.S), nothing else. One due before the
 * idle ran (ERA = cpu_idle_insn) steps ERA past it: the caller has a clock to look at, or a
 * character to read, and must not sleep first.
 */
static void do_irq(struct pt_regs *regs)
{
	unsigned long pending = regs->csr_estat & regs->csr_ecfg & ESTAT_IS_MASK;
	unsigned long idle = (unsigned long)cpu_idle_insn;
	bool in_idle =
	    !user_mode(regs) && (regs->csr_era == idle || regs->csr_era == idle + INSN_SIZE);
	char reason[96];

	if ((!user_mode(regs) && !in_idle) ||
	    !(pending & (ESTAT_IS_TI | ESTAT_IS_IPI | ESTAT_IS_HWI_EXTIOI))) {
		snprintf(reason, sizeof(reason),
			 "unexpected interrupt (ESTAT.IS 0x%lx) in %s mode at pc 0x%lx", pending,
			 user_mode(regs) ? "user" : "kernel", instruction_pointer(regs));
		die(reason, regs);
	}
	if (in_idle && regs->csr_era == idle)
		regs->csr_era += INSN_SIZE;
	if (pending & ESTAT_IS_HWI_EXTIOI)
		extioi_handle_irq();
	if (pending & ESTAT_IS_TI)
		loongarch_timer_tick(regs);
	if (pending & ESTAT_IS_IPI)
		loongarch_ipi_interrupt();
}

/*
 * Every general exception except a syscall from user mode, from entry.S. An interrupt returns,
 * and so does a user page fault that do_user_page_fault() resolved; any other fault in user
 * mode ends that task; a fault in the kernel ends everything, with a register dump.
 */
void do_trap(struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long estat = regs->csr_estat;
	unsigned int ecode = estat_ecode(estat);
	char name[64], reason[160];

	if (ecode == EXCCODE_INT) {
		do_irq(regs);
		return;
	}
	/*
	 * A page fault in user mode: no valid entry (PIL, PIS, PIF: nothing mapped yet), or
	 * one that forbids the access (PME: a store to a page without D, as copy-on-write
	 * leaves it; PNR, PNX). do_user_page_fault() may resolve it and return: entry.S then
	 * goes back through ret_from_exception, and the instruction runs again.
	 */
	if (user_mode(regs) && ecode >= EXCCODE_PIL && ecode <= EXCCODE_PNX) {
		do_user_page_fault(regs, fault_kind(regs, ecode), regs->csr_badvaddr);
		return;
	}
	if (user_mode(regs))
		do_user_fault(regs, fault_kind(regs, ecode), regs->csr_badvaddr);

	exception_name(name, sizeof(name), estat);
	/*
	 * A page fault in the kernel: die_kernel_fault() names what the kernel did wrong. PPI is
	 * the one a kernel load or store through a user pointer takes: user pages are PLV3 with
	 * RPLV set (mm.c), which no other level may use, and uaccess never needs them.
	 */
	if ((ecode >= EXCCODE_PIL && ecode <= EXCCODE_PPI) || ecode == EXCCODE_ADE)
		die_kernel_fault(regs, fault_kind(regs, ecode), regs->csr_badvaddr, name);
	if (ecode < EXCCODE_NR && exccodes[ecode].addr)
		snprintf(reason, sizeof(reason), "%s at 0x%lx, pc 0x%lx", name, regs->csr_badvaddr,
			 instruction_pointer(regs));
	else
		snprintf(reason, sizeof(reason), "%s at pc 0x%lx (insn 0x%08lx)", name,
			 instruction_pointer(regs), regs->csr_badi);
	die(reason, regs);
}

/*
 * A TLB refill in the kernel for an address the running task's tables do not map: the kernel
 * only ever uses the DMW windows, so this is a stray pointer. (User misses never get here:
 * entry.S answers them with an invalid TLB entry, and the retried access faults normally.)
 * The frame's ERA, BADV and PRMD come from TLBRERA, TLBRBADV and TLBRPRMD; ESTAT is whatever
 * the last general exception left there (a refill never writes it) — which is useful when the
 * refill hit inside handle_exception, say on a bad sp: it names the first exception. Nor does
 * a refill say load, store or fetch: a miss at the pc itself is a fetch, otherwise the
 * instruction at the pc (kernel text, readable through the window) tells.
 */
__noreturn void do_tlb_refill(struct pt_regs *regs)
{
	unsigned long pc = instruction_pointer(regs), addr = regs->csr_badvaddr;
	enum user_fault kind = FAULT_EXEC;

	if (addr != pc) {
		regs->csr_badi = *(const u32 *)pc;
		kind = insn_is_store((u32)regs->csr_badi) ? FAULT_WRITE : FAULT_READ;
	}
	die_kernel_fault(regs, kind, addr, "TLBR, nothing maps it; ESTAT below is left over");
}

/*
 * head.S already pointed EENTRY and TLBRENTRY at entry.S and cleared ECFG (every interrupt
 * line masked). What is left is to make sure no interrupt is pending when arch_timer_init()
 * turns the timer's line on: stop the timer (TCFG.En = 0, §7.6.2), drop a tick it may have
 * raised already (TICLR, §7.6.5), and clear the two software interrupts, the only bits of
 * ESTAT that a csrwr can write (IS[1:0], §7.4.6; writes to the rest are ignored).
 * And EUEN = 0, whatever reset left there: the FP, LSX, LASX and LBT units stay off for good,
 * so their registers, which no context switch saves, are no task's to write — a use traps
 * (FPD, SXD, ASXD, BTD) and do_trap() ends the task with SIGILL. Last, the IPI line on: other
 * CPUs may interrupt this one from now on (smp.c). Every CPU runs this: CPU 0 from
 * arch_setup(), the others from loongarch_secondary_start() (smp.c).
 */
void arch_trap_init(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	csr_write(LOONGARCH_CSR_EUEN, 0);
	csr_write(LOONGARCH_CSR_TCFG, 0);
	csr_write(LOONGARCH_CSR_TICLR, TICLR_CLR);
	csr_write(LOONGARCH_CSR_ESTAT, 0);
	loongarch_ipi_enable();
}

/*
 * The register dump: four GPRs a line under their psABI names, the ones llvm-objdump prints in
 * trapdoor.asm (r4 is a0, r12 is t0, r22 is fp...; r21 has no name, the ABI reserves it), then
 * the CSRs under their manual names, decoded where one number would not tell the story.
 */
static const char *const gpr_names[32] = {
	"zero", "ra", "tp", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
	"a7",	"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "r21",
	"fp",	"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
};

/*
 * The call chain, from the frame pointers the kernel keeps
 * (-fno-omit-frame-pointer): $fp (r22) is the frame's top, the caller's sp;
 * the function saved its return address at $fp - 8 and the caller's $fp at
 * $fp - 16. Walked only upwards, from sp to the top of the current task's
 * stack, so a broken chain ends the trace instead of faulting in it.
 */
#define BACKTRACE_DEPTH 16
static void show_backtrace(const struct pt_regs *regs)
{
	unsigned long fp = regs->regs[22], low = regs->regs[3], top;

	if (!current)
		return;
	top = task_stack_top(current);
	printk("Call trace (frame pointers):\n");
	for (int depth = 0; depth < BACKTRACE_DEPTH; depth++) {
		unsigned long next;

		if (fp % 8 || fp < low + 16 || fp > top)
			break;
		print_ip_sym("  ", *(const unsigned long *)(fp - 8));
		next = *(const unsigned long *)(fp - 16);
		if (next <= fp)
			break;
		low = fp;
		fp = next;
	}
}

void arch_show_regs(const struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long prmd = regs->csr_prmd, estat = regs->csr_estat;
	char name[64];

	for (int i = 0; i < 32; i += 4)
		printk("%-4s: 0x%016lx %-4s: 0x%016lx %-4s: 0x%016lx %-4s: 0x%016lx\n",
		       gpr_names[i], regs->regs[i], gpr_names[i + 1], regs->regs[i + 1],
		       gpr_names[i + 2], regs->regs[i + 2], gpr_names[i + 3], regs->regs[i + 3]);
	printk("ERA : 0x%016lx BADV: 0x%016lx BADI: 0x%08lx  orig_a0: 0x%016lx\n", regs->csr_era,
	       regs->csr_badvaddr, regs->csr_badi, regs->orig_a0);
	if (!user_mode(regs)) {
		print_ip_sym("ERA is at ", regs->csr_era);
		print_ip_sym("ra is at ", regs->regs[1]);
	}
	printk("PRMD: 0x%08lx (PPLV %lu, PIE %lu)  CRMD: 0x%08lx  EUEN: 0x%08lx  ECFG: 0x%08lx\n",
	       prmd, prmd & PRMD_PPLV_MASK, (prmd & PRMD_PIE) ? 1UL : 0UL, regs->csr_crmd,
	       regs->csr_euen, regs->csr_ecfg);
	exception_name(name, sizeof(name), estat);
	printk("ESTAT: 0x%08lx (Ecode 0x%x, EsubCode 0x%x: %s; IS 0x%lx)\n", estat,
	       estat_ecode(estat), estat_esubcode(estat), name, estat & ESTAT_IS_MASK);
	if (!user_mode(regs))
		show_backtrace(regs);
}
