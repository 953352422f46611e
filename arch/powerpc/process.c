// SPDX-License-Identifier: MIT
/*
 * The start of a task's life on ppc64: the user registers it starts with
 * (arch_init_user_regs) and the kernel context its first context switch loads
 * (arch_task_init). Linux's names for the same two jobs are start_thread() and
 * copy_thread() (arch/powerpc/kernel/process.c).
 *
 * A new task's kernel stack, as arch_task_init() leaves it:
 *
 *   stack + THREAD_SIZE  ┬ top
 *                        │ struct pt_regs       the user state restore_all loads
 *                        ┼ task_pt_regs(t)
 *                        │ 32-byte ABI frame    back chain 0 (ret_from_fork writes it)
 *   thread.trap_sp ->    ┼ = thread.sp          r1 in ret_from_fork, and on every
 *                        │ ...                  trap from user mode (entry.S)
 *   stack                ┴ canary (include/trapdoor/task.h)
 *
 * and thread.lr = ret_from_fork: the first arch_switch_to() into the task
 * "returns" there, and from there on it is an ordinary return to user mode.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/ptrace.h>
#include <uapi/errno.h>
#include <asm/elf.h>
#include <asm/reg.h>

/*
 * The state a fresh program starts in (spawn, and execve on the running task's own
 * registers, so nothing but *regs may change here): pc = entry, r1 = user_sp (which points
 * at argc, kernel/exec.c), MSR_USER (problem state, MMU on, EE = 1: the decrementer can
 * interrupt it), and every other register 0, PPR and VRSAVE included, so nothing of the
 * kernel's or of the previous program's leaks. r12 = entry
 * as well: the ELFv2 ABI enters a function's global entry point with r12 = its address,
 * from which it computes its TOC pointer (r2), and Linux starts programs the same way.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->nip = entry;
	regs->msr = MSR_USER;
	regs->gpr[1] = user_sp;
	regs->gpr[12] = entry;
}

/*
 * A new task's kernel side: its first arch_switch_to() "returns" to ret_from_fork with
 * r1 = thread.trap_sp, the ABI frame just below task_pt_regs(t), and from there entry.S
 * leaves as an interrupted user program does (ret_from_exception: the exit work, then
 * ret_to_user, the exit every return to user mode ends in). Whatever is in its
 * pt_regs by then (arch_init_user_regs, or fork's copy of the parent's) is what user mode
 * gets. The non-volatile GPRs start at 0; nothing on that path reads them.
 */
void arch_task_init(struct task_struct *t)
{
	/* The kernel context only: the user FP state is spawn's zeroes or fork's copy. */
	memset(&t->thread, 0, __builtin_offsetof(struct thread_struct, fp));
	t->thread.trap_sp = (unsigned long)task_pt_regs(t) - STACK_FRAME_MIN_SIZE;
	t->thread.sp = t->thread.trap_sp;
	t->thread.lr = (unsigned long)ret_from_fork;
}

/*
 * fork: the child's FP registers are the parent's as they are now, live in the CPU (the
 * parent is current, in a syscall), and its address space runs the same ABI. Its thread
 * pointer, r13, is in pt_regs, which fork copies whole.
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	save_fp_state(&dst->thread.fp);
	dst->mm->arch.elfv1 = src->mm->arch.elfv1; /* mm_dup() copies only the mappings */
}

/*
 * execve: a new program starts with f0-f31 and the FPSCR 0, in the CPU and in what the
 * next switch saves (arch_init_user_regs() zeroes r13 with the other GPRs).
 */
void arch_flush_thread(void)
{
	memset(&current->thread.fp, 0, sizeof(current->thread.fp));
	load_fp_state(&current->thread.fp);
}

/*
 * The thread pointer is r13 (64-bit ELF ABI: "the thread pointer"), which entry.S saves and
 * restores with every other GPR: t's own, kept across switches in its pt_regs.
 */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	task_pt_regs(t)->gpr[13] = tls;
}

/*
 * e_flags' ABI version (64-bit ELF V2 ABI, "ELF Header"): 2 for ELFv2, the ABI trapdoor's own
 * programs use; 1 for ELFv1, and 0 for an ELFv1 object from before the field existed.
 * Debian's ppc64 (big-endian) toolchain makes ELFv1 executables.
 */
#define EF_PPC64_ABI 3

/* Whether every byte of [va, va + n) lies in a mapped page of mm. */
static bool user_range_mapped(struct mm_struct *mm, unsigned long va, size_t n)
{
	unsigned long page, pa;
	unsigned int prot;

	if (va < USER_BASE || va >= TASK_SIZE || n > TASK_SIZE - va)
		return false;
	for (page = va & ~(PAGE_SIZE - 1); page < va + n; page += PAGE_SIZE)
		if (arch_user_page(mm, page, &pa, &prot) < 0 || !(prot & PROT_READ))
			return false;
	return true;
}

/*
 * ELFv2: e_entry is the code, entered with r12 = its address (arch_init_user_regs() set
 * both). ELFv1: e_entry points at the entry function's descriptor, in the image's .opd
 * section; the program starts at its code with r2 = its TOC, as Linux's start_thread()
 * starts it (r12 then means nothing: 0). A descriptor outside the image is -ENOEXEC (Linux
 * reads it with __get_user() and the program dies with SIGSEGV at its first instruction).
 * The ABI is the address space's from here on (mm->arch.elfv1): a signal handler is a
 * descriptor too (signal.c).
 */
int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	struct func_desc desc;

	mm->arch.elfv1 = (e_flags & EF_PPC64_ABI) != 2;
	switch (e_flags & EF_PPC64_ABI) {
	case 2:
		return 0;
	case 0:
	case 1:
		if (!user_range_mapped(mm, regs->nip, sizeof(desc)))
			return -ENOEXEC;
		mm_copy_from(mm, &desc, regs->nip, sizeof(desc));
		regs->nip = desc.entry;
		regs->gpr[2] = desc.toc;
		regs->gpr[12] = 0;
		return 0;
	default:
		return -ENOEXEC;
	}
}
