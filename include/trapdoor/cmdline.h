/* SPDX-License-Identifier: MIT */
/*
 * Boot options (kernel/cmdline.c), from the command line the firmware passed
 * (boot_info.cmdline; `make run CMDLINE="..."` puts it there on every arch,
 * see QEMU_APPEND in arch/<arch>/Makefile.arch). Later options win.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CMDLINE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CMDLINE_H

#include <trapdoor/types.h>

/* Each option the kernel understands: its name and what to do with its value. */
struct boot_option {
	const char *name;	       /* "kstack" for kstack=... */
	int (*set)(const char *value); /* 0, or a negative errno: the value was rejected */
	const char *help;	       /* shown when the value is rejected */
};

/*
 * Applies every option; unknown options and bad values are reported and
 * ignored. A command line longer than the parser's buffer (511 bytes), or one
 * the arch cut (cmdline_set_truncated()), is applied up to the last whole
 * option that fits, and the console names what was dropped:
 *	cmdline: truncated at N bytes; dropped: <the first dropped option and on>
 */
void parse_boot_options(const char *cmdline);

/*
 * For arch code that copies the firmware's command line into a buffer of its
 * own: call this during arch_setup() when the copy is shorter than the
 * original (original_len bytes), so that the last, possibly cut, option is
 * dropped rather than applied, and the cut is reported.
 */
void cmdline_set_truncated(size_t original_len);

/*
 * How many bytes of cmdline to apply with a buffer of size bytes: all of
 * it if it fits and cut is false; else up to the end of the last option
 * that fits whole (an option the cut falls inside is dropped, and with cut
 * true so is the last one, unless the line ends with a space).
 */
size_t cmdline_fit(const char *cmdline, size_t size, bool cut);

/* printk()s s escaped as string_escape() does, however long it is. */
void cmdline_print(const char *s);

/*
 * init.fuzz=SEED:COUNT[:TRACE_FROM] (make soak): "fuzz=SEED:COUNT[:...]" for
 * init's argv, which in test mode then runs only user/fuzz.c with those
 * arguments; NULL if the option was not given.
 */
const char *cmdline_init_fuzz(void);

/*
 * init.shell=1|script|0: "shell=1" or "shell=script" for init's argv (the
 * demo image then starts user/sh.c), NULL for 0 or when not given.
 */
const char *cmdline_init_shell(void);

/*
 * init=PATH and rdinit=PATH (Linux's): the first program's path; NULL if not
 * given. An absolute path shorter than INIT_PATH_MAX, else rejected at boot.
 */
#define INIT_PATH_MAX 128
const char *cmdline_init(void);
const char *cmdline_rdinit(void);

/* Linux's "--": the words after it, init's argv[1..]; how many (at most INIT_MAX_WORDS). */
#define INIT_MAX_WORDS 8
int cmdline_init_args(const char *const **words);

#endif
