// SPDX-License-Identifier: MIT
/* Power off on arm64 virt: reboot(2) ends in PSCI SYSTEM_OFF, and QEMU exits 0. */
#include <sys/reboot.h>
#include <unistd.h>

void machine_poweroff(int status)
{
	(void)status;
	sync();
	reboot(RB_POWER_OFF);
}
