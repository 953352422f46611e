// SPDX-License-Identifier: MIT
/*
 * Exceptions: entry.S hands every one to handle_exception() with the saved
 * registers; here we decide what it was, in the words of the Intel SDM
 * (Vol. 3A chapter 6), and report it through the common die().
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <asm/desc.h>
#include <asm/msr.h>
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
CHECK_PT_OFFSET(vector, PT_VECTOR);
CHECK_PT_OFFSET(error_code, PT_ERROR_CODE);
CHECK_PT_OFFSET(rip, PT_RIP);
CHECK_PT_OFFSET(ss, PT_SS);
BUILD_BUG_ON(sizeof(struct pt_regs) != PT_REGS_SIZE);
BUILD_BUG_ON(PT_REGS_SIZE % 16 != 0);
BUILD_BUG_ON(sizeof(struct idt_entry) != IDT_ENTRY_SIZE);
BUILD_BUG_ON(sizeof(struct tss_struct) != 104);	/* SDM 3A "64-Bit TSS Format" */

/* Filled by head.S before the first C line runs; loaded with lidt there. */
struct idt_entry idt_table[NR_EXCEPTION_VECTORS] __aligned(16);

/*
 * The TSS only holds stacks now. A double fault gets a stack of its own
 * (IST): if the kernel stack overflows, the #PF cannot be delivered on it,
 * the CPU raises #DF, and that one must not need the broken stack too, or
 * the third fault resets the machine without a word.
 */
#define DOUBLE_FAULT_STACK_SIZE 4096
static struct tss_struct tss __aligned(16);
static u8 double_fault_stack[DOUBLE_FAULT_STACK_SIZE] __aligned(16);

/* A 16-byte TSS descriptor in GDT slots 5 and 6 (SDM Vol. 3A "TSS Descriptor in 64-bit mode"). */
static void set_tss_descriptor(unsigned long base, unsigned long limit)
{
	gdt_table[GDT_ENTRY_TSS] = (limit & 0xffff) |			/* limit 15:0 */
				   ((base & 0xffffff) << 16) |		/* base 23:0 */
				   ((u64)(DESC_P | TSS_TYPE_AVAILABLE) << 40) |
				   (((limit >> 16) & 0xf) << 48) |	/* limit 19:16 */
				   (((base >> 24) & 0xff) << 56);	/* base 31:24 */
	gdt_table[GDT_ENTRY_TSS + 1] = base >> 32;			/* base 63:32 */
}

void arch_trap_init(void)
{
	/* Ring 3 -> ring 0 switches to sp0; tasks will each set their own. */
	tss.sp0 = (unsigned long)boot_stack_top;
	tss.ist[IST_INDEX_DF - 1] = (unsigned long)(double_fault_stack + DOUBLE_FAULT_STACK_SIZE);
	tss.io_bitmap_base = sizeof(tss);
	set_tss_descriptor((unsigned long)&tss, sizeof(tss) - 1);
	__asm__ __volatile__("ltr %w0" : : "r"(__TSS_SELECTOR) : "memory");

	/* Only now that the TSS is live may a gate name an IST slot. */
	idt_table[X86_TRAP_DF].ist = IST_INDEX_DF;
}

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
#define REASON_SIZE	160

/*
 * #PF: CR2 holds the linear address, the error code says which access
 * failed and why (SDM Vol. 3A §4.7, "Page-Fault Exceptions").
 */
static void exc_page_fault(struct pt_regs *regs, char *reason)
{
	unsigned long e = regs->error_code;
	const char *access = (e & X86_PF_INSTR) ? "instruction fetch" :
			     (e & X86_PF_WRITE) ? "write" : "read";
	const char *why = (e & X86_PF_RSVD) ? "reserved bit set in a paging entry" :
			  (e & X86_PF_PK) ? "protection-key violation" :
			  (e & X86_PF_PROT) ? "protection violation" : "page not present";

	snprintf(reason, REASON_SIZE, "page fault (#PF) at 0x%lx rip 0x%lx: %s %s, %s",
		 regs->cr2, regs->rip, (e & X86_PF_USER) ? "user" : "kernel", access, why);
}

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
static void do_trap(struct pt_regs *regs, char *reason)
{
	int n = snprintf(reason, REASON_SIZE, "%s (%s) at rip 0x%lx",
			 exception_name(regs->vector), exception_mnemonic(regs->vector), regs->rip);

	if (n >= 0 && n < REASON_SIZE && has_error_code(regs->vector))
		snprintf(reason + n, REASON_SIZE - n, ", error code 0x%lx", regs->error_code);
}

void handle_exception(struct pt_regs *regs)
{
	char reason[REASON_SIZE];

	switch (regs->vector) {
	case X86_TRAP_PF:
		exc_page_fault(regs, reason);
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
		do_trap(regs, reason);
		break;
	}
	/*
	 * Nothing is recoverable yet: every exception is a kernel bug. (From
	 * user mode, the next issue sends it to do_user_fault() instead.)
	 */
	die(reason, regs);
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

void arch_show_regs(const struct pt_regs *regs)
{
	printk("RIP: 0x%016lx  CS : 0x%04lx  (%s mode)\n", regs->rip, regs->cs,
	       user_mode(regs) ? "user" : "kernel");
	printk("RSP: 0x%016lx  SS : 0x%04lx\n", regs->rsp, regs->ss);
	show_rflags(regs->rflags);
	printk("RAX: 0x%016lx  RBX: 0x%016lx  RCX: 0x%016lx\n", regs->rax, regs->rbx, regs->rcx);
	printk("RDX: 0x%016lx  RSI: 0x%016lx  RDI: 0x%016lx\n", regs->rdx, regs->rsi, regs->rdi);
	printk("RBP: 0x%016lx  R8 : 0x%016lx  R9 : 0x%016lx\n", regs->rbp, regs->r8, regs->r9);
	printk("R10: 0x%016lx  R11: 0x%016lx  R12: 0x%016lx\n", regs->r10, regs->r11, regs->r12);
	printk("R13: 0x%016lx  R14: 0x%016lx  R15: 0x%016lx\n", regs->r13, regs->r14, regs->r15);
	printk("vector: %lu (%s %s)  error code: 0x%lx  CR2: 0x%016lx\n", regs->vector,
	       exception_mnemonic(regs->vector), exception_name(regs->vector), regs->error_code,
	       regs->cr2);
	printk("ORIG_RAX: 0x%016lx\n", regs->orig_rax);
	/* Not part of the frame, but they decide what an address means: now. */
	printk("CR0: 0x%016lx  CR3: 0x%016lx  CR4: 0x%016lx\n", read_cr0(), read_cr3(),
	       read_cr4());
	printk("EFER: 0x%016llx\n", (unsigned long long)rdmsr(MSR_EFER));
}
