// SPDX-License-Identifier: MIT
/* Several CPUs (docs/smp.md): this arch starts no other CPU yet. */
#include <trapdoor/arch.h>
#include <trapdoor/smp.h>
#include <uapi/errno.h>

void arch_set_this_cpu(struct cpu_info *c)
{
	(void)c;
}

unsigned int arch_smp_probe(void)
{
	return 1;
}

int arch_cpu_up(unsigned int cpu, struct task_struct *idle)
{
	(void)cpu;
	(void)idle;
	return -ENOSYS;
}

void arch_send_ipi(unsigned int cpu)
{
	(void)cpu;
}
