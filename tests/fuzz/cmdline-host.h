/* SPDX-License-Identifier: MIT */
/*
 * Force-included when tests/fuzz builds kernel/cmdline.c for the host: the
 * declarations it takes from kernel/randomize_kstack.h, without that header's
 * architecture and task includes (its include guard is set here, so it is
 * skipped). The definitions are in tests/fuzz/fuzz_cmdline.c.
 */
#ifndef TRAPDOOR_TESTS_FUZZ_CMDLINE_HOST_H
#define TRAPDOOR_TESTS_FUZZ_CMDLINE_HOST_H

#define TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H

int kstack_mode_parse(const char *name);
long kstack_mode_set(long mode);
int kstack_store_parse(const char *name);
long kstack_store_set(long store);

#endif
