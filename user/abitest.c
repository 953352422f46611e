// SPDX-License-Identifier: MIT
/*
 * abitest: the syscalls whose number or argument order differs between
 * Linux's arches, called by number as a libc would call them. It uses Linux
 * calls only, so the same image also runs under Linux (qemu-user; make test
 * runs it there too): every expected value below is what Linux gives.
 *
 *   clone       in this arch's argument order (raw_clone(),
 *               user/lib/arch/<arch>/clone.c), with the tid flags every
 *               libc's fork passes, and CLONE_SETTLS
 *   old-style   pipe, dup2, fork, getpgrp, where the arch's table has them
 *   others      set_tid_address, writev, mmap (s390's old_mmap)
 */
#include "lib/ulib.h"

/* Linux's struct iovec. */
struct iovec {
	const void *iov_base;
	size_t iov_len;
};

/* A thread pointer for a CLONE_SETTLS child: any user address will do. */
#define CHILD_TLS 0x12345000UL

/* The tid words clone writes: in the child's copy of memory, or in ours. */
static int child_tid, parent_tid;

/* Waits for pid; its wait status, or -1. */
static int reap(long pid)
{
	int status = -1;

	if (pid <= 0 || waitpid((int)pid, &status, 0) != pid)
		return -1;
	return status;
}

static void clone_cases(void)
{
	long pid;
	int status;

	/*
	 * fork as glibc and musl make it: the child finds its own tid in its
	 * copy of child_tid (CLONE_CHILD_SETTID), and we find it in ours
	 * (CLONE_PARENT_SETTID); our child_tid stays 0.
	 */
	child_tid = parent_tid = 0;
	pid = raw_clone(SIGCHLD | CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | CLONE_PARENT_SETTID,
			0, &parent_tid, &child_tid, 0);
	if (pid == 0)
		exit(child_tid == gettid() ? 0 : 1);
	status = reap(pid);
	test_result("user.abi.clone.child_settid", status == 0,
		    "the child's tid word was not its tid (status 0x%x)", status);
	test_result("user.abi.clone.parent_settid", pid > 0 && parent_tid == pid,
		    "ptid holds %d, the child is %ld", parent_tid, pid);
	test_result("user.abi.clone.parent_copy_untouched", child_tid == 0,
		    "our ctid word holds %d: the child's store reached the parent", child_tid);

	/* Without the flags, nothing is stored anywhere. */
	child_tid = parent_tid = 0;
	pid = raw_clone(SIGCHLD, 0, &parent_tid, &child_tid, 0);
	if (pid == 0)
		exit(child_tid == 0 ? 0 : 1);
	status = reap(pid);
	test_result("user.abi.clone.no_flags_no_stores", status == 0 && parent_tid == 0,
		    "status 0x%x, ptid %d", status, parent_tid);

	/* CLONE_SETTLS: the child starts with the thread pointer given, the parent keeps its own. */
	{
		unsigned long ours = read_thread_pointer();

		pid = raw_clone(SIGCHLD | CLONE_SETTLS, 0, NULL, NULL, CHILD_TLS);
		if (pid == 0)
			exit(read_thread_pointer() == CHILD_TLS ? 0 : 1);
		status = reap(pid);
		test_result("user.abi.clone.settls", status == 0 && read_thread_pointer() == ours,
			    "status 0x%x, our thread pointer 0x%lx, was 0x%lx", status,
			    read_thread_pointer(), ours);
	}

	/* A child's exit status reaches wait4 whole. */
	pid = raw_clone(SIGCHLD, 0, NULL, NULL, 0);
	if (pid == 0)
		exit(42);
	status = reap(pid);
	test_result("user.abi.clone.exit_status", status == 42 << 8, "status 0x%x", status);
}

static void old_style_cases(void)
{
#ifdef __NR_pipe
	int fds[2] = { -1, -1 };
	char buf[4] = "";
	long r = syscall1(__NR_pipe, fds);
	test_result("user.abi.pipe.makes_a_pipe",
		    r == 0 && write(fds[1], "ab", 2) == 2 && read(fds[0], buf, 2) == 2 &&
			buf[0] == 'a' && buf[1] == 'b',
		    "pipe returned %ld", r);
	close(fds[0]);
	close(fds[1]);
	test_result("user.abi.pipe.bad_pointer", syscall1(__NR_pipe, 16) == -EFAULT,
		    "pipe(16) did not give -EFAULT");
#endif
#ifdef __NR_dup2
	test_result("user.abi.dup2.same_fd", syscall2(__NR_dup2, 1, 1) == 1, "dup2(1, 1) is not 1");
	test_result("user.abi.dup2.same_closed_fd", syscall2(__NR_dup2, 9, 9) == -EBADF,
		    "dup2(9, 9) is not -EBADF");
	test_result("user.abi.dup2.new_fd", syscall2(__NR_dup2, 1, 9) == 9 && close(9) == 0,
		    "dup2(1, 9) did not return 9");
#endif
	/* The newer form refuses what dup2 accepts. */
	test_result("user.abi.dup3.same_fd", dup3(1, 1, 0) == -EINVAL,
		    "dup3(1, 1, 0) is not -EINVAL");
#ifdef __NR_fork
	{
		long pid = syscall0(__NR_fork);
		int status;

		if (pid == 0)
			exit(7);
		status = reap(pid);
		test_result("user.abi.fork.child_status", status == 7 << 8, "status 0x%x", status);
	}
#endif
#ifdef __NR_getpgrp
	test_result("user.abi.getpgrp.is_getpgid_0", syscall0(__NR_getpgrp) == getpgid(0),
		    "getpgrp() %ld, getpgid(0) %ld", syscall0(__NR_getpgrp), getpgid(0));
#endif
}

static void other_cases(void)
{
	struct iovec iov[3] = { { "ab", 2 }, { "", 0 }, { "cde", 3 } };
	int fds[2];
	char buf[8] = "";
	long r;

	r = syscall1(__NR_set_tid_address, &child_tid);
	test_result("user.abi.set_tid_address.returns_tid", r == gettid(), "returned %ld, tid %ld",
		    r, gettid());

	if (pipe2(fds, 0) < 0) {
		test_result("user.abi.writev.pipe", false, "no pipe");
		return;
	}
	r = syscall3(__NR_writev, fds[1], iov, 3);
	test_result("user.abi.writev.pieces_in_order",
		    r == 5 && read(fds[0], buf, sizeof(buf)) == 5 && buf[0] == 'a' &&
			buf[2] == 'c' && buf[4] == 'e',
		    "writev returned %ld, read \"%s\"", r, buf);
	test_result("user.abi.writev.none", syscall3(__NR_writev, fds[1], iov, 0) == 0,
		    "writev of 0 pieces is not 0");
	test_result("user.abi.writev.too_many", syscall3(__NR_writev, fds[1], iov, 1025) == -EINVAL,
		    "1025 pieces are not -EINVAL");
	test_result("user.abi.writev.bad_vector", syscall3(__NR_writev, fds[1], 16, 1) == -EFAULT,
		    "a vector at 16 is not -EFAULT");
	test_result("user.abi.writev.bad_fd", syscall3(__NR_writev, 99, iov, 1) == -EBADF,
		    "fd 99 is not -EBADF");
	test_result("user.abi.writev.read_end", syscall3(__NR_writev, fds[0], iov, 1) == -EBADF,
		    "the read end is not -EBADF");
	close(fds[0]);
	close(fds[1]);
}

/* mmap as libcs call it: s390's takes one pointer to its six arguments (old_mmap). */
static void mmap_cases(void)
{
	long addr = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *p = (char *)addr;

	test_result("user.abi.mmap.anonymous", addr > 0 && !(addr & 4095), "mmap returned %ld",
		    addr);
	if (addr <= 0)
		return;
	p[0] = 'x';
	p[8191] = 'y';
	test_result("user.abi.mmap.zeroed_and_writable", p[1] == 0 && p[0] == 'x' && p[8191] == 'y',
		    "the new pages did not read 0 or keep what was written");
	test_result("user.abi.munmap", munmap(p, 8192) == 0, "munmap failed");
	test_result("user.abi.mmap.bad_offset",
		    mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 100) == -EINVAL,
		    "an offset that is not page-aligned was accepted");
}

int main(void)
{
	clone_cases();
	old_style_cases();
	other_cases();
	mmap_cases();
	return 0;
}
