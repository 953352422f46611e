// SPDX-License-Identifier: MIT
/*
 * Why did we trap? entry.S saved the registers and the cause CSRs into a struct pt_regs; here
 * we decode ESTAT.Ecode/EsubCode (manual §7.4.6) into words a person can read, and hand fatal
 * ones to common die(). The entry points themselves are installed by head.S, before any C runs.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <asm/csr.h>
#include <asm/setup.h>
#include <asm/traps.h>

struct exccode_info {
	const char *name;	/* the manual's mnemonic */
	const char *what;	/* what it means */
	bool addr;		/* BADV holds the faulting address */
};

/* Indexed by ESTAT.Ecode; subcodes are decoded in exception_name(). */
static const struct exccode_info exccodes[EXCCODE_NR] = {
	[EXCCODE_INT]  = { "INT", "interrupt", false },
	[EXCCODE_PIL]  = { "PIL", "page invalid for load", true },
	[EXCCODE_PIS]  = { "PIS", "page invalid for store", true },
	[EXCCODE_PIF]  = { "PIF", "page invalid for instruction fetch", true },
	[EXCCODE_PME]  = { "PME", "page modified exception", true },
	[EXCCODE_PNR]  = { "PNR", "page non-readable", true },
	[EXCCODE_PNX]  = { "PNX", "page non-executable", true },
	[EXCCODE_PPI]  = { "PPI", "page privilege level illegal", true },
	[EXCCODE_ADE]  = { "ADE", "address error", true },
	[EXCCODE_ALE]  = { "ALE", "address alignment error", true },
	[EXCCODE_BCE]  = { "BCE", "bound check exception", false },
	[EXCCODE_SYS]  = { "SYS", "system call", false },
	[EXCCODE_BRK]  = { "BRK", "breakpoint", false },
	[EXCCODE_INE]  = { "INE", "instruction non-existent", false },
	[EXCCODE_IPE]  = { "IPE", "instruction privilege error", false },
	[EXCCODE_FPD]  = { "FPD", "FPU disabled", false },
	[EXCCODE_SXD]  = { "SXD", "LSX unit disabled", false },
	[EXCCODE_ASXD] = { "ASXD", "LASX unit disabled", false },
	[EXCCODE_FPE]  = { "FPE", "FPU exception", false },
	[EXCCODE_WPE]  = { "WPE", "watchpoint exception", true },
	[EXCCODE_BTD]  = { "BTD", "LBT unit disabled", false },
	[EXCCODE_BTE]  = { "BTE", "LBT unit exception", false },
	[EXCCODE_GSPR] = { "GSPR", "guest sensitive privileged resource", false },
	[EXCCODE_HVC]  = { "HVC", "hypervisor call", false },
	[EXCCODE_GCM]  = { "GCSC", "guest CSR modified", false },
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
		snprintf(buf, size, "%s", sub == EXSUBCODE_VFPE ? "VFPE (vector FPU exception)"
								 : "FPE (FPU exception)");
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
 * Every general exception and interrupt, from entry.S. Nothing is handled yet: interrupts are
 * all masked, and kernel code that traps is a bug. The next issue adds SYS from user mode and
 * sends user faults to do_user_fault() instead of die().
 */
void do_exception(struct pt_regs *regs)
{
	unsigned long estat = regs->csr_estat;
	unsigned int ecode = estat_ecode(estat);
	char name[64], reason[160];

	if (ecode == EXCCODE_INT) {
		snprintf(reason, sizeof(reason),
			 "unexpected interrupt (ESTAT.IS 0x%lx) at pc 0x%lx",
			 estat & ESTAT_IS_MASK, instruction_pointer(regs));
		die(reason, regs);
	}

	exception_name(name, sizeof(name), estat);
	if (ecode < EXCCODE_NR && exccodes[ecode].addr)
		snprintf(reason, sizeof(reason), "%s at 0x%lx, pc 0x%lx", name, regs->csr_badvaddr,
			 instruction_pointer(regs));
	else
		snprintf(reason, sizeof(reason), "%s at pc 0x%lx (insn 0x%08lx)", name,
			 instruction_pointer(regs), regs->csr_badi);
	die(reason, regs);
}

/*
 * A TLB refill: an address outside both DMW windows, and there are no TLB entries at all. The
 * frame's ERA, BADV and PRMD come from TLBRERA, TLBRBADV and TLBRPRMD; ESTAT is whatever the
 * last general exception left there (a refill never writes it) — which is useful when the
 * refill hit inside handle_exception, say on a bad sp: it names the first exception.
 */
__noreturn void do_tlb_refill(struct pt_regs *regs)
{
	char reason[160];

	snprintf(reason, sizeof(reason),
		 "TLBR (TLB refill: nothing maps 0x%lx) at pc 0x%lx; ESTAT below is left over",
		 regs->csr_badvaddr, instruction_pointer(regs));
	die(reason, regs);
}

/*
 * head.S already pointed EENTRY and TLBRENTRY at entry.S and cleared ECFG (every interrupt
 * line masked). What is left is to make sure no interrupt is pending when a later issue turns
 * them on: stop the timer (TCFG.En = 0, §7.6.2) and clear the two software interrupts, the
 * only writable bits of ESTAT (IS[1:0], §7.4.6; writes to the rest are ignored).
 */
void arch_trap_init(void)
{
	csr_write(LOONGARCH_CSR_TCFG, 0);
	csr_write(LOONGARCH_CSR_ESTAT, 0);
}

/*
 * The register dump: four GPRs a line under their psABI names, the ones llvm-objdump prints in
 * trapdoor.asm (r4 is a0, r12 is t0, r22 is fp...; r21 has no name, the ABI reserves it), then
 * the CSRs under their manual names, decoded where one number would not tell the story.
 */
static const char *const gpr_names[32] = {
	"zero", "ra", "tp", "sp", "a0", "a1", "a2", "a3",
	"a4", "a5", "a6", "a7", "t0", "t1", "t2", "t3",
	"t4", "t5", "t6", "t7", "t8", "r21", "fp", "s0",
	"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
};

void arch_show_regs(const struct pt_regs *regs)
{
	unsigned long prmd = regs->csr_prmd, estat = regs->csr_estat;
	char name[64];

	for (int i = 0; i < 32; i += 4)
		printk("%-4s: 0x%016lx %-4s: 0x%016lx %-4s: 0x%016lx %-4s: 0x%016lx\n",
		       gpr_names[i], regs->regs[i], gpr_names[i + 1], regs->regs[i + 1],
		       gpr_names[i + 2], regs->regs[i + 2], gpr_names[i + 3], regs->regs[i + 3]);
	printk("ERA : 0x%016lx BADV: 0x%016lx BADI: 0x%08lx  orig_a0: 0x%016lx\n",
	       regs->csr_era, regs->csr_badvaddr, regs->csr_badi, regs->orig_a0);
	printk("PRMD: 0x%08lx (PPLV %lu, PIE %lu)  CRMD: 0x%08lx  EUEN: 0x%08lx  ECFG: 0x%08lx\n",
	       prmd, prmd & PRMD_PPLV_MASK, (prmd & PRMD_PIE) ? 1UL : 0UL, regs->csr_crmd,
	       regs->csr_euen, regs->csr_ecfg);
	exception_name(name, sizeof(name), estat);
	printk("ESTAT: 0x%08lx (Ecode 0x%x, EsubCode 0x%x: %s; IS 0x%lx)\n", estat,
	       estat_ecode(estat), estat_esubcode(estat), name, estat & ESTAT_IS_MASK);
}
