/* SPDX-License-Identifier: MIT */
/*
 * Tasks. Each has its own kernel stack (THREAD_SIZE bytes, aligned to its
 * size) with the user's struct pt_regs at the very top: entry.S saves the
 * registers there on every trap from user mode, so task_pt_regs() finds them
 * without searching.
 *
 *   stack + THREAD_SIZE  ┬ top
 *                        │ struct pt_regs      (the user's registers)
 *                        │ do_syscall's frame  (grows down)
 *                        │ ...
 *   stack                ┴ bottom: canary word (checked on every switch)
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_TASK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_TASK_H

#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>
#include <trapdoor/fs.h>
#include <trapdoor/prandom.h>
#include <trapdoor/smp.h>
#include <trapdoor/types.h>
#include <asm/processor.h> /* struct thread_struct */
#include <asm/ptrace.h>	   /* struct pt_regs */
#include <uapi/resource.h> /* struct rlimit */
#include <uapi/signal.h>   /* struct sigaction, sigset_t */

#define THREAD_SIZE	16384
#define NR_TASKS	128
#define TASK_COMM_LEN	16
#define STACK_END_MAGIC 0x57AC6E9DUL /* Linux's value: "stack end" */

enum task_state {
	TASK_UNUSED = 0,
	TASK_RUNNABLE, /* on the run queue or running */
	TASK_BLOCKED,  /* waiting (wait4, console read) */
	TASK_ZOMBIE,   /* exited, not yet reaped by its parent (orphans never are) */
};

struct mm_struct;
struct file;

/* A pending signal's sender, what its siginfo says (kernel/signal.c). */
struct sigqueue_info {
	int code;	    /* si_code: SI_USER, SI_TKILL, SI_KERNEL, a fault's */
	int pid;	    /* the sender's pid: SI_USER, SI_TKILL, and SIGCHLD's child */
	int status;	    /* SIGCHLD: the child's exit code or signal */
	unsigned long addr; /* a fault's address */
};

/*
 * kernel/randomize_kstack.c: the chacha-task offset source. A ChaCha key of
 * the task's own (from the CRNG at spawn, fork and exec), a block counter,
 * and one keystream block of which each syscall takes the next byte.
 */
struct kstack_chacha {
	u32 key[8];
	u64 counter;
	u8 buf[64];
	unsigned int pos; /* next unused byte of buf; 64: empty */
};

struct task_struct {
	/*
	 * The saved kernel context (callee-saved registers, kernel sp) used by
	 * arch_switch_to(). First member: entry and switch assembly may find
	 * it at offset 0 of the task.
	 */
	struct thread_struct thread;
	int pid;
	enum task_state state;
	int exit_status; /* wait4() encoding, see uapi/trapdoor.h */
	struct task_struct *parent;
	struct task_struct *run_next; /* run queue link */
	bool on_rq;		      /* on the run queue now (sched_enqueue refuses twice) */
	unsigned int cpu;	      /* the CPU it runs on, or ran on last */
	unsigned long cpus_allowed;   /* bit n: it may run on CPU n (sched_setaffinity) */
	struct mm_struct *mm;
	void *stack; /* lowest address of the kernel stack */
	char comm[TASK_COMM_LEN];
	/*
	 * The exit work's word: exit_to_user_mode() loads exit_work once, and
	 * any non-zero part of it sends the return to user mode the slow way.
	 */
	union {
		struct {
			int killed;	/* 0, or the signal to die by on the way out */
			u8 sigpending;	/* a caught signal may be delivered: its handler runs */
			u8 sigreturned; /* rt_sigreturn ran: its result is no syscall's to restart */
			u8 restore_sigmask; /* saved_sigmask goes back once a handler is set up */
		};
		u64 exit_work;
	};
	int pgid;		     /* process group and session (kernel/pgrp.c), */
	int sid;		     /* inherited at fork and spawn */
	bool did_exec;		     /* has called execve: its parent may no longer setpgid() it */
	bool orphan;		     /* its parent exited: init adopted it, the kernel reaps it */
	int wait_for;		     /* blocked in wait4(pid): that pid, else 0 */
	u64 wake_at;		     /* nanosleep: the cycle count to wake at, 0 if none */
	int __user *set_child_tid;   /* clone's CLONE_CHILD_SETTID: tid stored there at first run */
	int __user *clear_child_tid; /* set_tid_address(), CLONE_CHILD_CLEARTID: 0 stored at exit */
	struct files_struct *files;  /* open file descriptors (fs/file.c) */
	struct fs_struct fs;	     /* working directory and umask (fs/fs_struct.c) */
	struct file *exe_file;	     /* the program it runs: /proc/self/exe (fs/proc.c) */
	/* kernel/randomize_kstack.h: the per-task offset source (prng-task), */
	struct rnd_state kstack_rnd_state;
	/* and, with kstack.store=task, the offset counter and crng16 chose at its last syscall exit. */
	u32 kstack_offset;
	/* The stack pointer inside the dispatcher at its latest syscall (report_stack). */
	unsigned long syscall_sp;
	struct kstack_chacha kstack_chacha;
	/* chacha-spread: a ChaCha8 keystream of its own, half a quarter round per syscall. */
	struct chacha_spread kstack_chacha_spread;
	/* kernel/stackleak.c: the deepest stack address reached since the last erase, */
	unsigned long lowest_stack;
	/* and the current syscall's random gap, [low, high): the erase skips it. */
	unsigned long stackleak_gap_low, stackleak_gap_high;
	/*
	 * The hardening switches, the task's own (docs/hardening.md): only
	 * trapdoor_config() in the task itself changes them; a task spawned or
	 * forked starts with its creator's, execve keeps them, and the first
	 * task gets boot_task's, which the boot options set.
	 */
	int kstack_mode;  /* KSTACK_MODE_* (kernel/randomize_kstack.h) */
	int kstack_store; /* KSTACK_STORE_*: where counter and crng16 keep the offset */
	unsigned int kstack_chacha_rounds; /* chacha-task's rounds: 8, 12 or 20 */
	int stackleak_enabled;		   /* 0 off, 1 on, 2 on and verified (kernel/hardening.c) */
	/* trace on (kernel/trace.c): its children's syscalls are printed. Never inherited. */
	bool trace_children;
	/*
	 * kernel/signal.c: an action per signal, the blocked and the pending
	 * ones (bit sig - 1). Last, with the limits: the syscall path's fields
	 * above keep their places.
	 */
	struct sigaction sighand[_NSIG];
	sigset_t blocked, pending;
	/* Who sent each pending signal, for the handler's siginfo (bit sig - 1 of pending). */
	struct sigqueue_info sigqueue[_NSIG];
	/* sigsuspend's and ppoll's mask: the blocked mask to restore on the way out. */
	sigset_t saved_sigmask;
	/* sigaltstack(): the alternate signal stack, Linux's names; size 0 when there is none. */
	unsigned long sas_ss_sp;
	size_t sas_ss_size;
	unsigned int sas_ss_flags;
	/* kernel/resource.c: the resource limits, inherited at fork and spawn. */
	struct rlimit rlim[RLIM_NLIMITS];
};

/* The context start_kernel() runs in, CPU 0's first current (kernel/task.c). */
extern struct task_struct boot_task;

/* The task running on this CPU (include/trapdoor/smp.h). */
#define current (this_cpu()->current_task)

static inline struct pt_regs *task_pt_regs(struct task_struct *t)
{
	return (struct pt_regs *)((char *)t->stack + THREAD_SIZE) - 1;
}

static inline unsigned long task_stack_top(struct task_struct *t)
{
	return (unsigned long)t->stack + THREAD_SIZE;
}

/* kernel/task.c: the table of every task; a slot in state TASK_UNUSED is free. */
extern struct task_struct task_table[NR_TASKS];
void task_init(void);
struct task_struct *task_by_pid(int pid);
struct task_struct *alloc_task(void);
/* CPU cpu's idle task: pid 0, never on the run queue (kernel/smp.c). */
struct task_struct *alloc_idle_task(unsigned int cpu);
unsigned long nr_tasks(void);
/* The guard region below task slot i's kernel stack, [start, end). */
void kstack_guard_range(unsigned int i, unsigned long *start, unsigned long *end);
/* The task whose stack guard holds addr, or NULL. */
struct task_struct *kstack_guard_owner(unsigned long addr);
/* Makes runnable every sleeper whose time has come; true if any still sleeps. */
bool task_wake_sleepers(u64 now);

/* kernel/fork.c */
long spawn_program(const char *name, const char *const *argv, int argc);
long do_fork(void);
/* A cloned child's first return to user mode: CLONE_CHILD_SETTID's store (kernel/fork.c). */
void fork_tail(struct task_struct *t);
/* The exit and exec half of set_tid_address(): 0 stored at clear_child_tid (kernel/exit.c). */
void mm_release(struct task_struct *t);
long do_execve(const char *name, const char *const *argv, int argc);

/* kernel/exit.c */
__noreturn void do_exit(int wait_status);
long do_wait4(int pid, int *wait_status, int options);

/*
 * kernel/signal.c: sig to t (dropped if ignored, pending if blocked or
 * caught), from the kernel (SI_KERNEL) or with the sender's si_code and a
 * fault's address (SIGCHLD: the child's exit code or signal); sig to a process group (-1: all but init and us); fork's
 * copy of the actions and mask; execve's reset of caught signals to SIG_DFL.
 */
void send_signal(struct task_struct *t, int sig);
void send_signal_info(struct task_struct *t, int sig, int code, unsigned long addr);
long kill_pgrp(int pgid, int sig);
void copy_sighand(struct task_struct *t, const struct task_struct *parent);
void flush_signal_handlers(struct task_struct *t);
/* The current task's mask becomes *newset; what it unblocks is delivered now. */
void set_current_blocked(const sigset_t *newset);

/* kernel/resource.c: t's limits, its creator's (from NULL: Linux's defaults for init). */
void copy_rlimits(struct task_struct *t, const struct task_struct *from);

/* kernel/pgrp.c: a task of process group pgid (zombies count), or NULL. */
struct task_struct *find_pgrp_member(int pgid);

/*
 * kernel/sched.c. The current CPU's reschedule flag, as Linux names its
 * accessors: set by this CPU's tick and IPIs, read on the way back to user
 * mode, cleared by schedule(). Another CPU's flag is never touched.
 */
static __always_inline bool need_resched(void)
{
	return this_cpu()->resched;
}

static __always_inline void set_need_resched(void)
{
	this_cpu()->resched = true;
}

static __always_inline void clear_need_resched(void)
{
	this_cpu()->resched = false;
}

/*
 * A blocking call stops waiting: the task is being killed, or a caught signal
 * waits for its handler (the call returns -ERESTARTSYS or its kind,
 * include/trapdoor/signal.h).
 */
static __always_inline bool signal_pending(const struct task_struct *t)
{
	return t->killed || t->sigpending;
}

extern unsigned long jiffies;
#define HZ 100
void sched_enqueue(struct task_struct *t);
/* Gives the CPU to the next runnable task; returns when we are picked again. */
void schedule(void);
/* Blocks the current task until the cycle counter reaches wake_at. */
void sleep_until(u64 wake_at);
/* No CPU runs a task (each runs its idle task) and none is queued: kernel lock held. */
bool sched_cpus_idle(void);
/*
 * Called by the boot task once everything is set up: it becomes CPU 0's idle
 * task, and every CPU starts running tasks. Never returns.
 */
__noreturn void sched_start(void);
/* Set by sched_start(): CPUs other than 0 wait for it before they run tasks. */
extern bool sched_running;
/* A CPU's idle task, entered with the kernel lock held; never returns. */
__noreturn void cpu_idle_loop(void);

#endif
