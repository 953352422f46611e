/* SPDX-License-Identifier: MIT */
/* Deliberate kernel bugs for the hardening tests (kernel/lkdtm.c). */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_LKDTM_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_LKDTM_H

/* The test named by the lkdtm= boot option, "" if none: init runs only that one. */
extern char lkdtm_boot_test[32];
int lkdtm_setup(const char *value);

#endif
