// SPDX-License-Identifier: MIT
/* Powering off: the end of every boot, and the reboot() call that asks for it. */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

int ktest_failures;

__noreturn void kernel_poweroff(int status)
{
	if (status == EXIT_ALL_PASSED && ktest_failures)
		status = EXIT_TESTS_FAILED;
	smp_send_stop();
	/* The runner reads this line; it must be the last thing we print. */
	printk("EXIT: status=%d\n", status);
	arch_poweroff(status);
}

/* reboot(MAGIC1, MAGIC2, POWER_OFF, status): the tests power off through it. */
SYSCALL_DEFINE4(reboot, unsigned int, magic1, unsigned int, magic2, unsigned int, cmd, int, status)
{
	if (magic1 != LINUX_REBOOT_MAGIC1 || magic2 != LINUX_REBOOT_MAGIC2)
		return -EINVAL;
	if (cmd != LINUX_REBOOT_CMD_POWER_OFF)
		return -EINVAL;
	kernel_poweroff(status);
}
