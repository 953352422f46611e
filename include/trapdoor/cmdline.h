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
	const char *name;		/* "kstack" for kstack=... */
	int (*set)(const char *value);	/* 0, or a negative errno: the value was rejected */
	const char *help;		/* shown when the value is rejected */
};

/* Applies every option; unknown options and bad values are reported and ignored. */
void parse_boot_options(const char *cmdline);

#endif
