/* SPDX-License-Identifier: MIT */
/*
 * How a system call handler is defined, and the entry points common code
 * offers to each architecture's trap code.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SYSCALL_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SYSCALL_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <asm/ptrace.h>
#include <uapi/trapdoor.h>

/*
 * A system call handler, as the syscall table holds it: it reads its own
 * arguments from the user's saved registers (as Linux's pt_regs syscall
 * wrappers do on x86_64 and arm64).
 */
typedef long (*syscall_fn_t)(const struct pt_regs *regs);

/*
 * SYSCALL_DEFINEn(name, type, arg, ...) defines the handler sys_<name> of a
 * call with n arguments, each with its type and name, as Linux does:
 *
 *	SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
 *	{ ...the body sees fd, buf and count... }
 *
 * sys_<name> takes the pt_regs (syscall_fn_t); it converts each register,
 * an unsigned long, to the declared type once, and calls the body with them.
 * A 32-bit type takes the register's low 32 bits: the upper half is ignored,
 * whatever user space left there, and the compiler sign- or zero-extends the
 * value as the C ABI wants (riscv, powerpc, s390 and loongarch keep an int
 * sign-extended in its 64-bit register). The body is an inline function of
 * the typed arguments and the result is a long: a negative result in
 * [-MAX_ERRNO, -1] is an error.
 */
#define SYSCALL_DEFINE0(name)                                      \
	static __always_inline long __do_sys_##name(void);         \
	long sys_##name(const struct pt_regs *regs __maybe_unused) \
	{                                                          \
		return __do_sys_##name();                          \
	}                                                          \
	static __always_inline long __do_sys_##name(void)
#define SYSCALL_DEFINE1(name, ...) SYSCALL_DEFINEx(1, name, __VA_ARGS__)
#define SYSCALL_DEFINE2(name, ...) SYSCALL_DEFINEx(2, name, __VA_ARGS__)
#define SYSCALL_DEFINE3(name, ...) SYSCALL_DEFINEx(3, name, __VA_ARGS__)
#define SYSCALL_DEFINE4(name, ...) SYSCALL_DEFINEx(4, name, __VA_ARGS__)
#define SYSCALL_DEFINE5(name, ...) SYSCALL_DEFINEx(5, name, __VA_ARGS__)
#define SYSCALL_DEFINE6(name, ...) SYSCALL_DEFINEx(6, name, __VA_ARGS__)

#define SYSCALL_DEFINEx(x, name, ...)                                                  \
	static __always_inline long __do_sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__)); \
	long sys_##name(const struct pt_regs *regs)                                    \
	{                                                                              \
		__MAP(x, __SC_TEST, __VA_ARGS__);                                      \
		return __do_sys_##name(__MAP(x, __SC_ARG, __VA_ARGS__));               \
	}                                                                              \
	static __always_inline long __do_sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__))

/*
 * __MAP(n, m, t1, a1, ..., tn, an) is m(0, t1, a1), ..., m(n-1, tn, an): the
 * first number is the argument's position, its register's in regs.
 */
#define __MAP(n, ...)		__MAP##n(0, __VA_ARGS__)
#define __MAP1(i, m, t, a)	m(i, t, a)
#define __MAP2(i, m, t, a, ...) m(i, t, a), __MAP1(i + 1, m, __VA_ARGS__)
#define __MAP3(i, m, t, a, ...) m(i, t, a), __MAP2(i + 1, m, __VA_ARGS__)
#define __MAP4(i, m, t, a, ...) m(i, t, a), __MAP3(i + 1, m, __VA_ARGS__)
#define __MAP5(i, m, t, a, ...) m(i, t, a), __MAP4(i + 1, m, __VA_ARGS__)
#define __MAP6(i, m, t, a, ...) m(i, t, a), __MAP5(i + 1, m, __VA_ARGS__)

#define __SC_DECL(i, t, a) t a
#define __SC_ARG(i, t, a)  (__force t) regs_syscall_arg(regs, i)
/* A type wider than the register cannot come from one: a build error. */
#define __SC_TEST(i, t, a) (void)sizeof(char[sizeof(t) <= sizeof(long) ? 1 : -1])

/*
 * entry.S calls this for every syscall instruction from user mode. It does the
 * exit work itself (below), then entry.S goes to ret_to_user.
 */
void do_syscall(struct pt_regs *regs);

/*
 * entry.S's ret_from_exception calls this on the other returns to user mode
 * (after an interrupt or exception from user mode, and a new task's first run):
 * a killed task dies here, a task whose time slice is over gives the CPU away
 * here. Then ret_to_user, where every return to user mode ends, calls the
 * stackleak erase (stackleak_erase_on_task_stack(), kernel/stackleak_erase.c)
 * and restore_all restores the registers.
 */
void exit_to_user_mode(struct pt_regs *regs);

/* The arch timer handler calls this on every tick. */
void timer_interrupt(struct pt_regs *regs);

extern struct kernel_stats kernel_stats;

/* What the architecture decoded a user-mode fault to be. */
enum user_fault {
	FAULT_READ,	  /* load from an unmapped or forbidden address */
	FAULT_WRITE,	  /* store to an unmapped or read-only address */
	FAULT_EXEC,	  /* instruction fetch from such an address */
	FAULT_ILLEGAL,	  /* undefined instruction */
	FAULT_PRIVILEGED, /* privileged instruction in user mode */
	FAULT_ALIGNMENT,  /* misaligned access where the arch traps it */
	FAULT_BREAKPOINT, /* breakpoint instruction */
	FAULT_ARITHMETIC, /* integer divide by zero (or overflow) where the arch traps it */
	FAULT_TRACE,	  /* single-step or other trace trap */
	FAULT_OTHER,	  /* anything else the arch could not classify */
};

/*
 * A user-mode fault: prints one line naming the task, the fault, the address
 * and the pc, then kills the task with the matching signal. Only that task
 * dies; the kernel carries on with the next one. Never returns.
 */
__noreturn void do_user_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr);
/*
 * A page fault in user mode (kind FAULT_READ, FAULT_WRITE or FAULT_EXEC at
 * addr). Returns when it was resolved (a copy-on-write page copied, say):
 * the arch's trap code then returns to user mode and the instruction runs
 * again. Otherwise the task dies as in do_user_fault(), which never returns.
 */
void do_user_page_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr);
/*
 * A user-mode fault whose signal a handler may take (Linux's
 * force_sig_fault()): if the task catches the fault's signal and does not
 * block it, the signal is sent with si_code code and si_addr addr, and this
 * returns: the arch's trap code returns to user mode, and the handler runs on
 * the way (it may fix the cause, or move the saved pc past the instruction).
 * Otherwise as do_user_fault(): the task dies.
 */
void force_sig_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr, int code);

/*
 * A page fault in kernel mode (kernel/traps.c): names what the kernel did
 * wrong from where addr lies — a stack guard page ("kernel stack overflow"),
 * read-only kernel memory ("kernel write to read-only memory"), memory that
 * is not executable ("kernel execute of non-executable memory"), user memory
 * outside copy_{to,from}_user ("kernel access to user memory") — and dies
 * with that reason. hw names what the hardware said, for the same line.
 */
__noreturn void die_kernel_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr,
				 const char *hw);

#endif
