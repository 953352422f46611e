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
 * (0x03) arriving while a foreground task is set (tty_set_foreground(), the
 * shell sets the program it waits for) kills that task with SIGKILL and is
 * not queued; with no foreground task it is queued like any other byte.
 * docs/shell.md describes the whole path.
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/task.h>
#include <trapdoor/wait.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

#define TTY_BUF_SIZE	1024	/* a power of two; holds a make run SCRIPT= file's worth */
#define CTRL_C		0x03

static char tty_buf[TTY_BUF_SIZE];
static unsigned int tty_head, tty_tail;	/* free-running: head - tail bytes waiting */
static bool tty_irq;
static DECLARE_WAIT_QUEUE_HEAD(tty_read_wait);	/* readers waiting for a byte */
static int tty_foreground;		/* the pid Ctrl-C kills; 0: none */
static int tty_idle_byte = -1;		/* tty_inject_idle()'s byte, not received yet; -1: none */

void console_input_init(void)
{
	tty_irq = arch_console_irq_init();
}

/* One received byte: Ctrl-C for the foreground task, or into the buffer. */
static bool tty_receive(int c)
{
	/* kill() refuses pid 1 and dead tasks: then the byte is an ordinary one. */
	if (c == CTRL_C && tty_foreground > 0 && sys_kill((unsigned long)tty_foreground, SIGKILL,
							 0, 0, 0, 0) == 0)
		return false;
	if (tty_head - tty_tail == TTY_BUF_SIZE)
		return false;	/* full: drop, and keep draining the device */
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

long tty_set_foreground(long pid)
{
	long old = tty_foreground;

	if (pid == -1)
		return old;
	if (pid < 0 || pid > INT_MAX || (pid && !task_by_pid((int)pid)))
		return -ESRCH;
	tty_foreground = (int)pid;
	return old;
}

long tty_inject(long c)
{
	if (c < 0 || c > 0xff)
		return -EINVAL;
	if (tty_receive((int)c))
		tty_wake_readers();
	return 0;
}

long tty_inject_idle(long c)
{
	long old = tty_idle_byte;

	if (c == -1)
		return old;
	if (c < 0 || c > 0xff)
		return -EINVAL;
	tty_idle_byte = (int)c;
	return old;
}
