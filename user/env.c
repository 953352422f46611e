// SPDX-License-Identifier: MIT
/*
 * env NAME=VALUE... PROGRAM [ARG...]: runs PROGRAM with ARGs and an
 * environment of the NAME=VALUEs, as env -i does on Linux, and says how it
 * ended. tools/linux-compare runs the Linux test programs with it.
 */
#include "lib/ulib.h"

#define MAX_ENV 16

int main(int argc, char **argv)
{
	const char *envp[MAX_ENV + 1];
	int i, n = 0, status;
	long pid;
	char path[256];

	for (i = 1; i < argc && strchr(argv[i], '=') && n < MAX_ENV; i++)
		envp[n++] = argv[i];
	envp[n] = NULL;
	if (i == argc) {
		printf("usage: env NAME=VALUE... PROGRAM [ARG...]\n");
		return 2;
	}
	pid = spawn_env(program_path(argv[i], path, sizeof(path)), (const char *const *)&argv[i],
			envp);
	if (pid < 0) {
		printf("env: %s: error %ld\n", argv[i], pid);
		return 127;
	}
	waitpid((int)pid, &status, 0);
	if (WIFSIGNALED(status))
		printf("env: %s: killed by signal %d\n", argv[i], WTERMSIG(status));
	else
		printf("env: %s: exit status %d\n", argv[i], WEXITSTATUS(status));
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
