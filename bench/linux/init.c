// SPDX-License-Identifier: MIT
/*
 * /init of the Linux initramfs (bench/linux/run): runs bench/bench.c's
 * main with the arguments the kernel passed after "--", prints the line
 * tools/run-qemu judges a boot by, and powers the machine off
 * (poweroff-<arch>.c: as init we must never exit).
 */
#include <stdio.h>
#include <string.h>

void machine_poweroff(int status);
int bench_main(int argc, char **argv);

int main(int argc, char **argv)
{
	char *args[64];
	int n = 0, status;

	setvbuf(stdout, NULL, _IONBF, 0);
	/*
	 * The kernel also hands init every boot option it does not know itself:
	 * nokaslr, which only x86's decompressor reads, arrives here. Drop it.
	 */
	for (int i = 0; i < argc && n < 63; i++)
		if (strcmp(argv[i], "nokaslr"))
			args[n++] = argv[i];
	args[n] = NULL;
	status = bench_main(n, args);
	printf("EXIT: status=%d\n", status);
	machine_poweroff(status);
	return 0;
}
