/* SPDX-License-Identifier: MIT */
/*
 * Console input (kernel/tty.c): characters arrive by interrupt, or by a poll
 * on each timer tick where the console cannot interrupt, into a small ring
 * buffer that read(0, ...) takes them from.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CONSOLE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CONSOLE_H

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
 * The foreground task: the pid a received Ctrl-C (0x03) kills with SIGKILL
 * instead of queueing it; 0 for none, -1 only reads. Returns the old pid, or
 * -ESRCH for a pid that names no task (trapdoor_config's
 * TRAPDOOR_CONFIG_TTY_FOREGROUND).
 */
long tty_set_foreground(long pid);
/*
 * Receives byte c (0..255) as if it had come from the console, Ctrl-C
 * included: how a test types at the shell (TRAPDOOR_CONFIG_TTY_INJECT).
 */
long tty_inject(long c);
/*
 * Receives byte c (0..255) like tty_inject(), but later: at CPU 0's first
 * tick at which no CPU runs a task and none is queued, as a key typed while
 * every task is blocked (TRAPDOOR_CONFIG_TTY_INJECT_IDLE). -1 only reads.
 * Returns the byte still pending before the call, or -1 if none was.
 */
long tty_inject_idle(long c);

#endif
