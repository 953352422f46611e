// SPDX-License-Identifier: MIT
/*
 * The Linux side of tools/busybox-compare: a host program that stands in for
 * /bin/busybox in the tree where busybox runs under qemu-user, so that every
 * execve of busybox (an applet's symlink, a #! script's /bin/sh, sh running a
 * command) goes through qemu-user again, as no binfmt_misc handler is
 * assumed. It runs /.qemu-user -0 ARGV0 /.busybox ARGS...
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char **args = calloc((size_t)argc + 4, sizeof(*args));

	if (!args)
		return 127;
	args[0] = "/.qemu-user";
	args[1] = "-0";
	args[2] = argv[0];
	args[3] = "/.busybox";
	for (int i = 1; i < argc; i++)
		args[3 + i] = argv[i];
	execv(args[0], args);
	perror("/.qemu-user");
	return 127;
}
