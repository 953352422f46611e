// SPDX-License-Identifier: MIT
/*
 * A static C program built with Debian's libcs (tests/linux/linux.mk): the
 * same bytes run under qemu-user on the build host and under trapdoor, and
 * tools/linux-compare compares what the two print, line by line. So it
 * prints only what must be equal on both kernels: argc, argv, envp, the
 * auxiliary vector's values that do not depend on where things were loaded,
 * results of TLS, floating point, memory calls and fork. No address, pid or
 * time is printed.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILDREN  50
#define BIG_ALLOC (32UL << 20)

extern char **environ;

static __thread unsigned long tls_counter = 7;
static __thread unsigned long tls_zero;

static int failures;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
	if (!ok)
		failures++;
}

static void print_args(int argc, char **argv)
{
	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++)
		printf("argv[%d] %s\n", i, argv[i]);
	for (char **e = environ; *e; e++)
		printf("envp %s\n", *e);
}

/* Only the entries whose values Linux and trapdoor must share. */
static void print_auxv(void)
{
	static const struct {
		unsigned long type;
		const char *name;
	} entries[] = {
		{ AT_PAGESZ, "AT_PAGESZ" }, { AT_PHENT, "AT_PHENT" },	{ AT_PHNUM, "AT_PHNUM" },
		{ AT_CLKTCK, "AT_CLKTCK" }, { AT_SECURE, "AT_SECURE" }, { AT_UID, "AT_UID" },
		{ AT_EUID, "AT_EUID" },	    { AT_GID, "AT_GID" },	{ AT_EGID, "AT_EGID" },
	};
	const unsigned char *random = (const unsigned char *)getauxval(AT_RANDOM);
	int nonzero = 0;

	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		printf("%s %lu\n", entries[i].name, getauxval(entries[i].type));
	for (int i = 0; random && i < 16; i++)
		nonzero |= random[i];
	check("AT_RANDOM points at 16 bytes, not all zero", random && nonzero);
	check("AT_ENTRY is the entry point", getauxval(AT_ENTRY) != 0);
	check("AT_PHDR is set", getauxval(AT_PHDR) != 0);
}

static void test_tls(void)
{
	for (int i = 0; i < 1000; i++) {
		tls_counter += 3;
		tls_zero++;
	}
	printf("tls %lu %lu\n", tls_counter, tls_zero);
}

static void test_double(void)
{
	volatile double x = 0.5, sum = 0;

	/* The Leibniz series: pi / 4. */
	for (int k = 0; k < 100000; k++)
		sum += (k % 2 ? -4.0 : 4.0) / (2.0 * k + 1.0);
	printf("double %f %.3f %f\n", sum, x * 3.0, 1.0 / 3.0);
}

static void test_malloc(void)
{
	unsigned char *p = malloc(BIG_ALLOC);
	unsigned long sum = 0;

	if (!p) {
		check("malloc of 32 MiB", 0);
		return;
	}
	for (size_t i = 0; i < BIG_ALLOC; i += 4096)
		p[i] = (unsigned char)(i >> 12);
	for (size_t i = 0; i < BIG_ALLOC; i += 4096)
		sum += p[i];
	free(p);
	printf("malloc 32 MiB sum %lu\n", sum);
}

static void test_mmap(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int status = 0;
	pid_t pid;

	if (p == MAP_FAILED) {
		check("mmap anonymous", 0);
		return;
	}
	memset(p, 'm', 4 * page);
	check("munmap of the last page", munmap(p + 3 * page, page) == 0);
	check("mprotect read-only", mprotect(p, page, PROT_READ) == 0);
	check("the read-only page still reads", p[0] == 'm');
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		p[0] = 'w'; /* must be killed here */
		_exit(0);
	}
	waitpid(pid, &status, 0);
	printf("write to a PROT_READ page: %s %d\n", WIFSIGNALED(status) ? "signal" : "exit",
	       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
	/* The call itself: a libc may round the address down first (musl does). */
	check("mprotect of an unaligned address is EINVAL",
	      syscall(SYS_mprotect, p + 1, page, PROT_READ) == -1 && errno == EINVAL);
	munmap(p, 3 * page);
}

static void test_fork(void)
{
	static unsigned char shared[16][4096];
	int ok = 0;

	for (int i = 0; i < 16; i++)
		memset(shared[i], i, sizeof(shared[i]));
	fflush(stdout);
	for (int c = 0; c < CHILDREN; c++) {
		pid_t pid = fork();

		if (pid == 0) {
			int bad = 0;

			/* Read every page, write some: copy on write, the parent must not see it. */
			for (int i = 0; i < 16; i++)
				bad |= shared[i][100] != i;
			shared[c % 16][0] = 0xee;
			tls_counter = (unsigned long)c;
			_exit(bad ? 1 : 0);
		}
		if (pid < 0)
			break;
	}
	for (int c = 0; c < CHILDREN; c++) {
		int status;

		if (wait(&status) > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
			ok++;
	}
	for (int i = 0; i < 16; i++)
		if (shared[i][0] != i)
			ok = -1;
	printf("fork: %d of %d children saw the pages; parent's pages %s; tls %lu\n", ok, CHILDREN,
	       ok >= 0 ? "unchanged" : "CHANGED", tls_counter);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("== linux abi test\n");
	print_args(argc, argv);
	print_auxv();
	test_tls();
	test_double();
	test_malloc();
	test_mmap();
	test_fork();
	printf("== linux abi test done: %d failed\n", failures);
	return failures ? 1 : 0;
}
