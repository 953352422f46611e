/* SPDX-License-Identifier: MIT */
/*
 * Force-included when tests/fuzz builds kernel/cmdline.c for the host:
 * kernel/randomize_kstack.h is skipped (its include guard is set here), with
 * its architecture and task includes; the declarations cmdline.c needs are in
 * include/trapdoor/hardening.h. The definitions are in tests/fuzz/fuzz_cmdline.c.
 */
#ifndef TRAPDOOR_TESTS_FUZZ_CMDLINE_HOST_H
#define TRAPDOOR_TESTS_FUZZ_CMDLINE_HOST_H

#define TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H

#endif
