/* SPDX-License-Identifier: MIT */
/*
 * The host build has no architecture: include/trapdoor/arch.h includes this
 * for its prototypes only. The hooks kernel/random.c calls are stubbed in
 * tests/host/arch_stubs.c.
 */
