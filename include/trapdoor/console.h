/* SPDX-License-Identifier: MIT */
/*
 * Console input (kernel/tty.c): characters arrive by interrupt, or by a poll
 * on each timer tick where the console cannot interrupt, into a small ring
 * buffer that the line discipline (tty_read()) takes them from.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CONSOLE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CONSOLE_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* Enables console input by interrupt where the arch can (start_kernel calls it). */
void console_input_init(void);
/*
 * The console's receive interrupt fired: move what arrived into the buffer.
 * Takes the kernel lock; __console_rx_interrupt() is the same for a caller
 * that holds it already.
 */
void console_rx_interrupt(void);
void __console_rx_interrupt(void);
/* The timer tick, kernel lock held: polls the console where it cannot interrupt. */
void console_tick(void);
/* The next received character, or -1 if none is waiting. */
int console_getc(void);
/*
 * Sleeps until a character arrives (or kill() wakes the task): read(0, ...)
 * calls it when console_getc() found nothing, and looks again after.
 */
void console_wait(void);
/*
 * Job control (kernel/tty.c). tty_check_read(): 0 if the current task may
 * read the console, -EIO if it is not in the foreground process group of the
 * session the console belongs to.
 */
long tty_check_read(void);
/* Does NL written to the console go out as CR NL (OPOST | ONLCR)? */
bool tty_output_onlcr(void);

struct task_struct;
/* A task that exits: if it leads the console's session, the console is let go. */
void tty_session_exit(struct task_struct *leader);
/* The test image's switch for TIOCSTI (ioctl TDIOC_LEGACY_TIOCSTI): 0, 1, or -1 to read. */
long tty_set_legacy_tiocsti(long on);
/*
 * spawn()'s SPAWN_TCSETPGROUP: 0 if the caller may set the console's
 * foreground group (as TIOCSPGRP allows), else -ENOTTY; then the group, one
 * of the caller's session, becomes the foreground.
 */
long tty_may_set_foreground(void);
void tty_set_foreground(int pgrp);
/*
 * Receives byte c (0..255) as TIOCSTI would, but later: at CPU 0's first
 * tick at which no CPU runs a task and none is queued, as a key typed while
 * every task is blocked (ioctl TDIOC_INJECT_IDLE, test image only).
 * -1 only reads. Returns the byte still pending before the call, or -1.
 */
long tty_inject_idle(long c);

#endif
