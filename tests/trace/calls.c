// SPDX-License-Identifier: MIT
/*
 * Calls whose trace lines must be strace's, built static against the build
 * host's glibc and run both under strace on Linux and traced on trapdoor
 * (tools/testsuite, x86_64): pipes, descriptors, signal masks, a sleep,
 * files made and removed, a failing stat. It avoids what differs between
 * the two kernels for reasons that are not trace's: the vDSO's clock calls,
 * pids, the working directory.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = { 0, 1000 };
	sigset_t set, old;
	struct stat st;
	char buf[64];
	int p[2], fd;

	if (pipe2(p, O_CLOEXEC))
		return 1;
	if (write(p[1], "ab\tc\001\"\\\n", 8) != 8 || read(p[0], buf, sizeof(buf)) != 8)
		return 1;
	dup2(p[0], 10);
	fcntl(10, F_GETFD);
	fcntl(10, F_SETFD, FD_CLOEXEC);
	fcntl(10, F_DUPFD_CLOEXEC, 20);
	close(10);
	lseek(p[0], 0, SEEK_CUR);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	nanosleep(&ts, NULL);
	mkdir("/tmp/calls-d", 0755);
	fd = open("/tmp/calls-d/f", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	fstat(fd, &st);
	close(fd);
	stat("/tmp/calls-d/nonexistent", &st);
	rename("/tmp/calls-d/f", "/tmp/calls-d/g");
	unlink("/tmp/calls-d/g");
	rmdir("/tmp/calls-d");
	access("/", R_OK | X_OK);
	umask(077);
	return 0;
}
