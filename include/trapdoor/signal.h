/* SPDX-License-Identifier: MIT */
/*
 * Signal delivery, between kernel/signal.c and each arch's frame code
 * (arch/<arch>/signal.c; docs/signals.md). On its way back to user mode a
 * task with a caught, unblocked signal pending takes the lowest one
 * (get_signal()), the arch builds Linux's rt_sigframe for it on the user
 * stack (arch_setup_rt_frame()) and points the registers at the handler;
 * the handler returns through rt_sigreturn, which the arch implements: it
 * reads the frame back, checks it (the frame is user memory, so it may be
 * forged: SROP) and restores the registers, the FP state and the mask.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SIGNAL_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SIGNAL_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <asm/ptrace.h>
#include <uapi/signal.h>

/* One signal being delivered: its number, its action as taken, what the handler is told. */
struct ksignal {
	struct sigaction ka;
	siginfo_t info;
	int sig;
};

/*
 * Per arch (arch/<arch>/signal.c). arch_setup_rt_frame() writes the frame
 * (siginfo, ucontext with the mcontext and the FP state, oldset as
 * uc_sigmask, the alternate stack as uc_stack) below sigsp(), and sets regs
 * so that the return to user mode enters ksig->ka.sa_handler(sig, &info,
 * &uc) with its return address at the restorer (sa_restorer with
 * SA_RESTORER, else the trampoline on the signal page). 0, or -EFAULT if the
 * frame cannot be written: the caller then kills the task with SIGSEGV.
 * The arch's rt_sigreturn is a syscall of its own (SYSCALL_DEFINE0 in the
 * same file); it leaves regs as the frame had them, whatever do_syscall()
 * does with its return value.
 */
int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs);

/*
 * The signal page: one page of code, the arch's trampolines, copied from
 * between __sigpage_start and __sigpage_end (arch/<arch>/entry.S) and mapped
 * read and execute, never writable, into every address space.
 * __kernel_rt_sigreturn is the trampoline a handler returns to: it calls
 * rt_sigreturn. sigpage_user_addr(label) is where a label of it is in the
 * current task's address space.
 */
extern const char __sigpage_start[], __sigpage_end[], __kernel_rt_sigreturn[];
unsigned long sigpage_user_addr(const char *label);
struct mm_struct;
/* exec: maps the signal page into mm (nothing if this arch's page is empty). 0 or -ENOMEM. */
int setup_sigpage(struct mm_struct *mm);

/*
 * For the arches' frames (kernel/signal.c): sigsp() is the stack the frame
 * goes on (the alternate stack, for an SA_ONSTACK action when the task is not
 * on it already; else sp); __save_altstack() writes the task's stack_t as
 * uc_stack; restore_altstack() takes it back from rt_sigreturn's frame.
 */
unsigned long sigsp(unsigned long sp, const struct ksignal *ksig);
int __save_altstack(stack_t __user *uss, unsigned long sp);
int restore_altstack(const stack_t __user *uss);

/*
 * What an interrupted blocking call returns inside the kernel, Linux's values
 * (never seen by user space): on the way out, the restart rules turn each into
 * a restart (regs_syscall_restart()) or -EINTR (handle_signal()):
 *	ERESTARTSYS	restarted if no handler runs, or its action has SA_RESTART
 *	ERESTARTNOINTR	always restarted
 *	ERESTARTNOHAND	restarted only if no handler runs (sigsuspend, poll, nanosleep)
 */
#define ERESTARTSYS    512
#define ERESTARTNOINTR 513
#define ERESTARTNOHAND 514

/*
 * Delivery (kernel/signal.c), on the way back to user mode, kernel lock held:
 * get_signal() takes the lowest caught, unblocked pending signal (false if
 * none); handle_signal() applies the restart rules to syscall_ret (a syscall's
 * result, or 0 after an interrupt), builds the frame and blocks sa_mask.
 * do_signal() is both, for every signal deliverable now.
 */
bool get_signal(struct ksignal *ksig);
void do_signal(struct pt_regs *regs, bool in_syscall, long syscall_ret);

#endif
