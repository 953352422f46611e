/* SPDX-License-Identifier: MIT */
/*
 * SROP cases (user/sroptest.c): each arch's user/lib/arch/<arch>/srop.c lists
 * forged rt_sigreturn frames that try what no frame may do (kernel mode,
 * privileged state bits). run() builds its frame on its own stack and calls
 * rt_sigreturn; it runs in a child of its own. expect_signal is the signal
 * the child must die by (SIGSEGV), or 0 when run() itself checks that the
 * privileged bits were dropped and calls exit(0) (anything else: exit(1)).
 */
#ifndef TRAPDOOR_USER_LIB_SROP_H
#define TRAPDOOR_USER_LIB_SROP_H

struct srop_case {
	const char *name;
	void (*run)(void);
	int expect_signal;
};

extern const struct srop_case srop_cases[];
extern const unsigned int nr_srop_cases;

#endif
