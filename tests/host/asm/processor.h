/* SPDX-License-Identifier: MIT */
/*
 * The host build has no architecture: include/trapdoor/arch.h includes this
 * for its prototypes only. The hooks kernel/random.c calls are stubbed in
 * tests/host/arch_stubs.c.
 */
#ifndef TRAPDOOR_TESTS_HOST_ASM_PROCESSOR_H
#define TRAPDOOR_TESTS_HOST_ASM_PROCESSOR_H

/* kernel/spinlock.c's spin-wait hint: the host tests never contend. */
static inline void cpu_relax(void)
{
}

#endif
