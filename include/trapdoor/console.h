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
/* The console's receive interrupt fired: move what arrived into the buffer. */
void console_rx_interrupt(void);
/* The timer tick: polls the console where it cannot interrupt. */
void console_tick(void);
/* The next received character, or -1 if none is waiting. */
int console_getc(void);

#endif
