// SPDX-License-Identifier: MIT
/*
 * Faults, decoded by each arch's trap code into one of enum user_fault, end
 * here: in user mode only the task dies, with Linux's signal for that fault;
 * in kernel mode die_kernel_fault() names what the kernel did wrong. And the
 * protection that makes the kernel's own mistakes fault: kernel_protect().
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/sprintf.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/stackleak.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

static const char *const fault_names[] = {
	[FAULT_READ] = "page fault reading",
	[FAULT_WRITE] = "page fault writing",
	[FAULT_EXEC] = "page fault executing",
	[FAULT_ILLEGAL] = "illegal instruction",
	[FAULT_PRIVILEGED] = "privileged instruction",
	[FAULT_ALIGNMENT] = "misaligned access to",
	[FAULT_BREAKPOINT] = "breakpoint",
	[FAULT_ARITHMETIC] = "arithmetic exception (divide by zero)",
	[FAULT_TRACE] = "trace trap (single step)",
	[FAULT_OTHER] = "unexpected exception",
};

/* The signal Linux sends for each: SIGFPE for a divide by zero, SIGTRAP for a trace trap. */
static const int fault_signals[] = {
	[FAULT_READ] = SIGSEGV,	      [FAULT_WRITE] = SIGSEGV,	   [FAULT_EXEC] = SIGSEGV,
	[FAULT_ILLEGAL] = SIGILL,     [FAULT_PRIVILEGED] = SIGILL, [FAULT_ALIGNMENT] = SIGBUS,
	[FAULT_BREAKPOINT] = SIGTRAP, [FAULT_ARITHMETIC] = SIGFPE, [FAULT_TRACE] = SIGTRAP,
	[FAULT_OTHER] = SIGSEGV,
};

__noreturn void do_user_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	bool has_addr = kind <= FAULT_EXEC || kind == FAULT_ALIGNMENT;
	char where[24] = "";

	spin_lock(&kernel_lock); /* do_exit() needs it; a trap from user mode holds none */
	kernel_stats.user_faults++;
	if (has_addr)
		snprintf(where, sizeof(where), " 0x%lx", addr);
	/* One printk: a line another CPU cannot cut in two. */
	printk("task %d (%s) killed: %s%s at pc 0x%lx\n", current->pid, current->comm,
	       fault_names[kind], where, instruction_pointer(regs));
	do_exit(fault_signals[kind]);
}

void force_sig_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr, int code)
{
	struct task_struct *t = current;
	int sig = fault_signals[kind];
	void (*handler)(int);

	spin_lock(&kernel_lock); /* a trap from user mode holds none */
	handler = t->sighand[sig - 1].sa_handler;
	if (handler != SIG_DFL && handler != SIG_IGN && !(t->blocked & sigmask(sig)) &&
	    !t->killed) {
		send_signal_info(t, sig, code, addr);
		spin_unlock(&kernel_lock);
		return;
	}
	spin_unlock(&kernel_lock);
	do_user_fault(regs, kind, addr);
}

static bool in_range(unsigned long addr, const void *start, const void *end)
{
	return addr >= (unsigned long)start && addr < (unsigned long)end;
}

/* Where addr lies in the kernel image, in words. */
static const char *kernel_region(unsigned long addr)
{
	if (in_range(addr, _stext, _etext))
		return "kernel text";
	if (in_range(addr, __start_rodata, __end_rodata))
		return "kernel rodata";
	if (in_range(addr, __end_rodata, _end))
		return "kernel data";
	return NULL;
}

static const char *const access_names[] = {
	[FAULT_READ] = "reading",
	[FAULT_WRITE] = "writing",
	[FAULT_EXEC] = "executing",
};

/* die() prints the reason after this returns: one kernel fault at a time. */
static char kernel_fault_reason[256];

__noreturn void die_kernel_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr,
				 const char *hw)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct task_struct *victim = kstack_guard_owner(addr);
	const char *region = kernel_region(addr);
	const char *access = kind <= FAULT_EXEC ? access_names[kind] : "accessing";

	if (victim)
		snprintf(
		    kernel_fault_reason, sizeof(kernel_fault_reason),
		    "kernel stack overflow: task %d (%s) hit its stack guard page at 0x%lx (%s)",
		    victim->pid, victim->comm, addr, hw);
	else if (addr >= USER_BASE && addr < USER_STACK_TOP)
		snprintf(kernel_fault_reason, sizeof(kernel_fault_reason),
			 "kernel access to user memory %s 0x%lx outside copy_{to,from}_user (%s)",
			 access, addr, hw);
	else if (kind == FAULT_WRITE &&
		 (in_range(addr, _stext, _etext) || in_range(addr, __start_rodata, __end_rodata)))
		snprintf(kernel_fault_reason, sizeof(kernel_fault_reason),
			 "kernel write to read-only memory at 0x%lx in %s (%s)", addr, region, hw);
	else if (kind == FAULT_EXEC && region)
		snprintf(kernel_fault_reason, sizeof(kernel_fault_reason),
			 "kernel execute of non-executable memory at 0x%lx in %s (%s)", addr,
			 region, hw);
	else
		snprintf(kernel_fault_reason, sizeof(kernel_fault_reason),
			 "kernel page fault %s 0x%lx (%s)", access, addr, hw);
	die(kernel_fault_reason, regs);
}

static unsigned long page_down(unsigned long a)
{
	return a & ~(unsigned long)(PAGE_SIZE - 1);
}

static unsigned long page_up(unsigned long a)
{
	return (a + PAGE_SIZE - 1) & ~(unsigned long)(PAGE_SIZE - 1);
}

/*
 * W^X for the kernel itself, and a guard below every kernel stack: text is
 * read + execute, rodata read only, everything after it read + write and
 * never executable. Where the arch does not page its kernel, says so once.
 */
void kernel_protect(void)
{
	unsigned long text = page_down((unsigned long)_stext),
		      etext = page_up((unsigned long)_etext);
	unsigned long ro = page_up((unsigned long)__start_rodata);
	unsigned long ero = page_up((unsigned long)__end_rodata);
	unsigned long end = page_up((unsigned long)_end);
	int err;

	err = arch_kernel_map_prot(text, etext, PROT_READ | PROT_EXEC);
	if (err == -ENOSYS) {
		printk("kernel:  W^X and stack guard pages: not on this arch "
		       "(its docs/hardening-*.md page says why)\n");
		return;
	}
	if (!err && ro < ero)
		err = arch_kernel_map_prot(ro, ero, PROT_READ);
	if (!err)
		err = arch_kernel_map_prot(ero, end, PROT_READ | PROT_WRITE);
	for (unsigned int i = 0; !err && i < NR_TASKS; i++) {
		unsigned long start, stop;

		kstack_guard_range(i, &start, &stop);
		err = arch_kernel_map_prot(start, stop, 0);
	}
	if (err)
		panic("kernel_protect: arch_kernel_map_prot failed: %d", err);
	printk("kernel:  W^X: text r-x, rodata r--, data rw-; %d stack guard pages of %lu KiB\n",
	       NR_TASKS, (unsigned long)THREAD_SIZE >> 10);
}
