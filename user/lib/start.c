// SPDX-License-Identifier: MIT
/*
 * From the kernel's initial stack to main(). crt0.S (per arch) passes the
 * initial stack pointer, which points at argc, then argv[], as on Linux.
 */
#include "ulib.h"

int main(int argc, char **argv);

__noreturn void __start_main(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);

	exit(main(argc, argv));
}

__noreturn void exit(int status)
{
	syscall1(__NR_exit, status);
	for (;;)
		; /* exit does not return; if it did, spin rather than run on */
}

__noreturn void poweroff(int status)
{
	syscall4(__NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, LINUX_REBOOT_CMD_POWER_OFF,
		 status);
	exit(status);
}
