/* SPDX-License-Identifier: MIT */
/*
 * The run-time switches of the kernel-stack offset (kernel/randomize_kstack.h)
 * and of the stackleak erase (include/trapdoor/stackleak.h): their defaults,
 * the boot options' parsers and trapdoor_config()'s setters
 * (kernel/hardening.c). Each switch is the task's own, in its task_struct
 * (docs/hardening.md): a setter changes the caller's, a new task starts with
 * its creator's, and boot_task's (kernel/task.c) start from the defaults
 * below, which the boot options change.
 *
 * Every setter returns the old value; -1 only reads, any other invalid value
 * gives -EINVAL.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_HARDENING_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_HARDENING_H

struct cpu_info;
struct task_struct;

/*
 * kstack_boot_init()	seeds CPU 0's offset state from the CRNG, once, after
 *			random_init(), before init runs.
 * kstack_cpu_init(c)	seeds another CPU's, before smp_init() starts it.
 * kstack_task_init(t)	seeds t's own, for every new task (start_task():
 *			spawn and fork) and again at execve.
 * stackleak_task_init(t) fills a new task's whole kernel stack with poison,
 *			except the canary at the bottom and the pt_regs already
 *			prepared at the top, sets lowest_stack to the top and
 *			records no gap.
 */
void kstack_boot_init(void);
void kstack_cpu_init(struct cpu_info *c);
void kstack_task_init(struct task_struct *t);
void stackleak_task_init(struct task_struct *t);

/* The default: chacha-spread is a cipher, flat, and costs about what prng-task costs (docs/kstack-offset.md §3). */
#define KSTACK_MODE_DEFAULT	     KSTACK_MODE_CHACHA_SPREAD
#define KSTACK_STORE_DEFAULT	     KSTACK_STORE_TASK
#define KSTACK_CHACHA_ROUNDS_DEFAULT 20

/*
 * kstack= and TRAPDOOR_CONFIG_KSTACK_MODE: KSTACK_MODE_* by name and back.
 * A switch takes effect at this syscall's exit (choose) and the next entry.
 */
int kstack_mode_parse(const char *name);
const char *kstack_mode_name(int mode);
long kstack_mode_set(long mode);

/*
 * kstack.store= and TRAPDOOR_CONFIG_KSTACK_STORE: where counter and crng16
 * keep the next offset, KSTACK_STORE_TASK (current->kstack_offset) or
 * KSTACK_STORE_CPU (this_cpu()->kstack_offset, shared by every task on the
 * CPU that chose cpu too: docs/kstack-offset.md, "The migration bug").
 */
int kstack_store_parse(const char *name);
const char *kstack_store_name(int store);
long kstack_store_set(long store);

/* TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS: chacha-task's rounds, 8, 12 or 20. */
long kstack_chacha_rounds_set(long nrounds);

/*
 * stackleak=on|off|verify and TRAPDOOR_CONFIG_STACKLEAK: 0 off, 1 on, 2 on
 * and every erase verifies that the whole stack below it is poison afterwards
 * (STACKLEAK_VERIFY, include/trapdoor/stackleak.h).
 */
#define STACKLEAK_DEFAULT 1
long stackleak_set_enabled(long on);
/* The boot option: 0, or -EINVAL for another value. */
int stackleak_setup(const char *val);

#endif
