// SPDX-License-Identifier: MIT
/*
 * lkdtm NAME: asks the kernel to commit one deliberate bug (kernel/lkdtm.c).
 * The fatal ones must end the machine with a named Oops; if the syscall comes
 * back, the kernel got away with the bug and this says so. ACCESS_USERSPACE
 * is handed the address of a local variable to read.
 */
#include "lib/ulib.h"

int main(int argc, char **argv)
{
	volatile unsigned long secret = 0x7e57da7aUL;
	long ret;

	if (argc < 2) {
		printf(
		    "usage: lkdtm NAME   (EXHAUST_STACK WRITE_RO WRITE_KERN EXEC_DATA EXEC_STACK "
		    "ACCESS_USERSPACE ACCESS_USERSPACE_UACCESS)\n");
		return 2;
	}
	ret = lkdtm(argv[1], (unsigned long)&secret);
	if (!strcmp(argv[1], "ACCESS_USERSPACE_UACCESS")) {
		test_result("user.lkdtm.ACCESS_USERSPACE_UACCESS", (unsigned long)ret == secret,
			    "copy_from_user gave %ld, want 0x%lx", ret, secret);
		return (unsigned long)ret == secret ? 0 : 1;
	}
	printf("lkdtm: %s: the kernel survived (lkdtm returned %ld)\n", argv[1], ret);
	return 1;
}
