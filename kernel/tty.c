// SPDX-License-Identifier: MIT
/*
 * Console input: a ring buffer filled from the console's receive interrupt
 * (or, where the console cannot interrupt, by a poll on every timer tick) and
 * emptied by read(0, ...). A full buffer drops what arrives, as a UART's FIFO
 * would.
 *
 * A reader that finds the buffer empty sleeps (console_wait()) on the
 * console's wait queue, which takes any number of readers: it is
 * TASK_BLOCKED and off the run queue until a character arrives or kill()
 * wakes it. There is no line discipline: the shell (user/sh.c) reads raw
 * bytes and does its own editing. One character is the kernel's: Ctrl-C
 * (0x03) sends SIGINT to the console's foreground process group and is not
 * queued, unless that group is the session leader's own (the shell at its
 * prompt, which has no handler to catch it: it gets the byte and drops the
 * line) or the console belongs to no session. docs/shell.md describes the
 * whole path.
 *
 * Job control, as Linux's tty layer does it (drivers/tty/tty_jobctrl.c): the
 * console is the controlling terminal of at most one session (tty_session,
 * taken by its leader with TIOCSCTTY and let go when the leader exits), and
 * one process group of that session is in the foreground (tty_pgrp, set with
 * TIOCSPGRP). While the console has a session, only its foreground group
 * reads it: any other reader gets -EIO (docs/tasks.md, "Process groups and sessions").
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/task.h>
#include <trapdoor/file.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/mman.h>
#include <trapdoor/uaccess.h>
#include <asm/ioctls.h>
#include <trapdoor/wait.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

#define TTY_BUF_SIZE 1024 /* a power of two; holds a make run SCRIPT= file's worth */
#define CTRL_C	     0x03

static char tty_buf[TTY_BUF_SIZE];
static unsigned int tty_head, tty_tail; /* free-running: head - tail bytes waiting */
static bool tty_irq;
static DECLARE_WAIT_QUEUE_HEAD(tty_read_wait); /* readers waiting for a byte */
static int tty_session;			       /* the session whose terminal it is; 0: none */
static int tty_pgrp;			       /* its foreground process group */
/* TIOCSTI types for anyone: off, and only the test image can switch it on (Linux's legacy_tiocsti). */
static bool tty_legacy_tiocsti;
static int tty_idle_byte = -1; /* tty_inject_idle()'s byte, not received yet; -1: none */

void console_input_init(void)
{
	tty_irq = arch_console_irq_init();
}

/* One received byte: Ctrl-C for the foreground process group, or into the buffer. */
static bool tty_receive(int c)
{
	if (c == CTRL_C && tty_session && tty_pgrp != tty_session &&
	    kill_pgrp(tty_pgrp, SIGINT) == 0)
		return false;
	if (tty_head - tty_tail == TTY_BUF_SIZE)
		return false; /* full: drop, and keep draining the device */
	tty_buf[tty_head++ % TTY_BUF_SIZE] = (char)c;
	return true;
}

/* Makes every reader asleep in console_wait() runnable. */
static void tty_wake_readers(void)
{
	wake_up(&tty_read_wait);
}

void __console_rx_interrupt(void)
{
	bool queued = false;
	int c;

	while ((c = arch_console_getc()) >= 0)
		queued |= tty_receive(c);
	if (queued)
		tty_wake_readers();
}

void console_rx_interrupt(void)
{
	spin_lock(&kernel_lock);
	__console_rx_interrupt();
	spin_unlock(&kernel_lock);
}

void console_tick(void)
{
	if (!tty_irq)
		__console_rx_interrupt();
	/* A key typed while every task is blocked: it arrives while the CPUs idle. */
	if (tty_idle_byte >= 0 && sched_cpus_idle()) {
		if (tty_receive(tty_idle_byte))
			tty_wake_readers();
		tty_idle_byte = -1;
	}
}

int console_getc(void)
{
	/* Interrupts are masked in the kernel: take what the device holds now too. */
	__console_rx_interrupt();
	if (tty_head == tty_tail)
		return -1;
	return (unsigned char)tty_buf[tty_tail++ % TTY_BUF_SIZE];
}

void console_wait(void)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&tty_read_wait, &wait);
	schedule();
	finish_wait(&tty_read_wait, &wait);
}

/* Is the console t's controlling terminal? */
static bool tty_is_ctty(const struct task_struct *t)
{
	return tty_session && t->sid == tty_session;
}

long tty_check_read(void)
{
	/*
	 * Linux stops a background reader with SIGTTIN, or fails it with EIO
	 * when it cannot be stopped; no task can be stopped here. A task of
	 * another session gets EIO too: every task's fd 0 is the console, so a
	 * task that left the session with setsid() must not keep reading it.
	 */
	if (tty_session && (current->sid != tty_session || current->pgid != tty_pgrp))
		return -EIO;
	return 0;
}

void tty_session_exit(struct task_struct *leader)
{
	if (!tty_session || leader->sid != tty_session || leader->pid != leader->sid)
		return;
	/* As Linux: the foreground group is hung up, and the console belongs to no session. */
	if (tty_pgrp != tty_session)
		kill_pgrp(tty_pgrp, SIGHUP);
	tty_session = 0;
	tty_pgrp = 0;
}

long tty_may_set_foreground(void)
{
	/* tiocspgrp()'s rule: the caller's controlling terminal, from its foreground or its leader. */
	if (!tty_is_ctty(current))
		return -ENOTTY;
	if (current->pgid != tty_pgrp && current->pid != current->sid)
		return -ENOTTY;
	return 0;
}

void tty_set_foreground(int pgrp)
{
	tty_pgrp = pgrp;
}

long tty_set_legacy_tiocsti(long on)
{
	long old = tty_legacy_tiocsti;

	if (on != -1 && on != 0 && on != 1)
		return -EINVAL;
	if (on != -1)
		tty_legacy_tiocsti = on;
	return old;
}

/*
 * TIOCSCTTY: the caller, a session leader, makes the console its session's
 * controlling terminal, and its group the foreground. Not a leader, or the
 * console already another session's: -EPERM (Linux lets only CAP_SYS_ADMIN
 * steal it).
 */
static long tiocsctty(void)
{
	if (tty_is_ctty(current) && current->pid == current->sid)
		return 0;
	if (current->pid != current->sid || tty_session)
		return -EPERM;
	tty_session = current->sid;
	tty_pgrp = current->pgid;
	return 0;
}

/*
 * TIOCSPGRP (tcsetpgrp): Linux's checks and errors. The console must be the
 * caller's controlling terminal (-ENOTTY), the group must name a task (-ESRCH)
 * of the caller's session (-EPERM). A caller in the background is refused with
 * -ENOTTY, what Linux answers a background caller it cannot stop (an orphaned
 * group; one it can stop gets SIGTTOU, and one that ignores SIGTTOU may go on:
 * there are no handlers here). The session leader is the exception: it is
 * the shell taking the console back once its job has ended.
 */
static long tiocspgrp(int __user *arg)
{
	struct task_struct *g;
	int pgrp;

	if (!tty_is_ctty(current))
		return -ENOTTY;
	if (current->pgid != tty_pgrp && current->pid != current->sid)
		return -ENOTTY;
	if (copy_from_user(&pgrp, arg, sizeof(pgrp)) < 0)
		return -EFAULT;
	if (pgrp < 0)
		return -EINVAL;
	g = pgrp ? find_pgrp_member(pgrp) : NULL;
	if (!g && pgrp)
		g = task_by_pid(pgrp);
	if (!g)
		return -ESRCH;
	if (g->sid != current->sid)
		return -EPERM;
	tty_pgrp = pgrp;
	return 0;
}

/* TIOCGPGRP (tcgetpgrp): the foreground group of the caller's controlling terminal, else -ENOTTY. */
static long tiocgpgrp(int __user *arg)
{
	int pgrp = tty_pgrp;

	if (!tty_is_ctty(current))
		return -ENOTTY;
	return copy_to_user(arg, &pgrp, sizeof(pgrp)) < 0 ? -EFAULT : 0;
}

/*
 * TIOCSTI: one byte received as if typed, Ctrl-C included. Refused with
 * Linux's -EIO unless legacy_tiocsti is on, which only the test image can do
 * (its tests type at the shell); on, any task may type, as CAP_SYS_ADMIN may
 * in Linux.
 */
static long tiocsti(const char __user *arg)
{
	char c;

	if (!tty_legacy_tiocsti)
		return -EIO;
	if (copy_from_user(&c, arg, 1) < 0)
		return -EFAULT;
	if (tty_receive((unsigned char)c))
		tty_wake_readers();
	return 0;
}

/* The console's ioctl requests: job control (and the test image's own). */
long tty_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	void __user *argp = u64_to_user_ptr(arg);

	switch (cmd) {
	case TIOCSCTTY:
		return tiocsctty();
	case TIOCSPGRP:
		return tiocspgrp(argp);
	case TIOCGPGRP:
		return tiocgpgrp(argp);
	case TIOCSTI:
		return tiocsti(argp);
#ifdef CONFIG_KTEST
	case TDIOC_LEGACY_TIOCSTI:
		return tty_set_legacy_tiocsti((long)arg);
	case TDIOC_INJECT_IDLE:
		return tty_inject_idle((long)arg);
#endif
	default:
		return -ENOTTY;
	}
}

/*
 * The test image's TIOCSTI for a key typed while every task is blocked
 * (ioctl TDIOC_INJECT_IDLE): the byte is received at CPU 0's first
 * tick at which no CPU runs a task and none is queued. Typing, so refused as
 * TIOCSTI is while legacy_tiocsti is off.
 */
long tty_inject_idle(long c)
{
	long old = tty_idle_byte;

	if (c == -1)
		return old;
	if (!tty_legacy_tiocsti)
		return -EIO;
	if (c < 0 || c > 0xff)
		return -EINVAL;
	tty_idle_byte = (int)c;
	return old;
}

/*
 * The console's write: the bytes copied in chunks, '\n' sent as "\r\n". The
 * transmission may take long (a device access per byte) and needs nothing
 * the kernel lock guards: the buffer is in our own address space, which only
 * this task changes. So it runs without that lock, which every other syscall
 * needs, under the console lock alone: one piece on the console, no other
 * CPU's printk() inside it. The kernel lock is taken again only after the
 * console lock is released, never while holding it (docs/smp.md, "Locks").
 */
ssize_t tty_write(struct file *f, const char __user *buf, size_t count, loff_t *pos)
{
	char kbuf[128];
	size_t done = 0;
	bool taken;

	stackleak_track_stack(); /* a big frame: see kernel/stackleak.c */
	/* Check the whole range first: a bad buffer writes nothing at all. */
	if (!access_ok(buf, count, PROT_READ))
		return -EFAULT;
	spin_unlock(&kernel_lock);
	taken = console_lock_acquire();
	while (done < count) {
		size_t n = count - done < sizeof(kbuf) ? count - done : sizeof(kbuf);

		if (copy_from_user(kbuf, buf + done, n) < 0)
			break;
		for (size_t i = 0; i < n; i++) {
			if (kbuf[i] == '\n')
				arch_console_putc('\r');
			arch_console_putc(kbuf[i]);
		}
		done += n;
	}
	console_lock_release(taken);
	spin_lock(&kernel_lock);
	return done < count ? -EFAULT : (long)done;
}

/*
 * The console's read: sleeps until at least one byte has arrived
 * (console_wait()), then returns what is there (up to count). No echo: the
 * shell decides what to show. A kill ends the wait (-EINTR; the task dies on
 * its way out, in exit_to_user_mode()); O_NONBLOCK with nothing there: -EAGAIN.
 */
ssize_t tty_read(struct file *f, char __user *buf, size_t count, loff_t *pos)
{
	char kbuf[64];
	size_t n = 0, max = count < sizeof(kbuf) ? count : sizeof(kbuf);
	int c;

	stackleak_track_stack();
	if (max == 0)
		return 0;
	/* Only the foreground process group reads the console. */
	if (tty_check_read() < 0)
		return -EIO;
	while ((c = console_getc()) < 0) {
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (current->killed)
			return -EINTR;
		console_wait(); /* asleep until a key arrives */
		if (tty_check_read() < 0)
			return -EIO; /* put in the background while it slept */
	}
	do {
		kbuf[n++] = (char)(c == '\r' ? '\n' : c);
	} while (n < max && (c = console_getc()) >= 0);
	if (copy_to_user(buf, kbuf, n) < 0)
		return -EFAULT;
	return (long)n;
}

const struct file_operations tty_fops = {
	.llseek = no_llseek,
	.read = tty_read,
	.write = tty_write,
	.unlocked_ioctl = tty_ioctl,
};
