// SPDX-License-Identifier: MIT
/*
 * spin [SECONDS]: loops in user mode until killed (Ctrl-C, kill PID), or for
 * SECONDS. Something to stop, and to watch in ps beside another task.
 */
#include "lib/ulib.h"

int main(int argc, char **argv)
{
	struct timespec start, now;
	long seconds = -1;

	if (argc > 1) {
		seconds = 0;
		for (const char *p = argv[1]; *p; p++) {
			if (*p < '0' || *p > '9' || seconds > 1000000) {
				printf("usage: spin [SECONDS]\n");
				return 2;
			}
			seconds = seconds * 10 + (*p - '0');
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (seconds >= 0 &&
		    (now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) >=
			seconds * 1000000000L)
			return 0;
	}
}
