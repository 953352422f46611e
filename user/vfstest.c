// SPDX-License-Identifier: MIT
/*
 * vfstest: the VFS's own cases, beside fstest's per-call ones. It uses Linux
 * calls only, so the same image also runs under Linux (make test runs it
 * there too, through tools/run-on-linux): every expected value below is what
 * Linux gives. It works in a fresh directory under /tmp.
 *
 *   devices   /dev/null, /dev/zero, /dev/urandom, /dev/tty: their numbers,
 *             reads, writes and seeks
 *   dirents   getdents64's records: 8-byte alignment, d_off, "." and "..",
 *             a buffer that fits exactly one, resuming at a d_off
 *   pipes     pipe2's O_NONBLOCK and O_CLOEXEC, fcntl's O_NONBLOCK, fstat
 *   fds       F_DUPFD_CLOEXEC from a given descriptor up (as busybox's shell asks), the lowest
 *             free descriptor after a close, O_APPEND through a dup
 *   lifetime  an unlinked file read and written through its descriptors
 */
#include "lib/ulib.h"
#include <uapi/dirent.h>
#include <uapi/fcntl.h>
#include <uapi/stat.h>

static void expect(const char *name, long got, long want)
{
	CHECK(name, got == want, "got %ld, Linux gives %ld", got, want);
}

static long openat(int dfd, const char *path, int flags, int mode)
{
	return syscall4(__NR_openat, dfd, path, flags, mode);
}

static long vfs_fcntl(int fd, int cmd, long arg)
{
	return syscall3(__NR_fcntl, fd, cmd, arg);
}

static long vfs_lseek(int fd, long off, int whence)
{
	return syscall3(__NR_lseek, fd, off, whence);
}

static long getdents64(int fd, void *buf, long size)
{
	return syscall3(__NR_getdents64, fd, buf, size);
}

static long vfs_statx(int dfd, const char *path, int flags, struct statx *st)
{
	return __syscall6(__NR_statx, dfd, (long)path, flags, STATX_BASIC_STATS, (long)st, 0);
}

static long unlinkat(int dfd, const char *path, int flags)
{
	return syscall3(__NR_unlinkat, dfd, path, flags);
}

static void device_cases(void)
{
	static const struct {
		const char *path, *name;
		unsigned int major, minor;
	} devs[] = {
		{ "/dev/null", "user.vfs.dev.null", 1, 3 },
		{ "/dev/zero", "user.vfs.dev.zero", 1, 5 },
		{ "/dev/urandom", "user.vfs.dev.urandom", 1, 9 },
		{ "/dev/tty", "user.vfs.dev.tty", 5, 0 },
	};
	static struct statx st;
	char buf[64], name[64];
	long fd, r;

	for (unsigned int i = 0; i < ARRAY_SIZE(devs); i++) {
		long ok = vfs_statx(AT_FDCWD, devs[i].path, 0, &st);

		snprintf(name, sizeof(name), "%s.chr", devs[i].name);
		expect(name, ok == 0 && S_ISCHR(st.stx_mode), 1);
		snprintf(name, sizeof(name), "%s.number", devs[i].name);
		expect(name, (long)(st.stx_rdev_major * 1000 + st.stx_rdev_minor),
		       (long)(devs[i].major * 1000 + devs[i].minor));
	}

	fd = openat(AT_FDCWD, "/dev/null", O_RDWR, 0);
	expect("user.vfs.dev.null.read", read((int)fd, buf, sizeof(buf)), 0);
	expect("user.vfs.dev.null.write", write((int)fd, "abc", 3), 3);
	expect("user.vfs.dev.null.lseek", vfs_lseek((int)fd, 100, SEEK_SET), 0);
	close((int)fd);

	fd = openat(AT_FDCWD, "/dev/zero", O_RDWR, 0);
	memset(buf, 'x', sizeof(buf));
	r = read((int)fd, buf, sizeof(buf));
	expect("user.vfs.dev.zero.read", r, sizeof(buf));
	expect("user.vfs.dev.zero.zeros", buf[0] == 0 && buf[sizeof(buf) - 1] == 0, 1);
	expect("user.vfs.dev.zero.write", write((int)fd, "abc", 3), 3);
	close((int)fd);

	fd = openat(AT_FDCWD, "/dev/urandom", O_RDONLY, 0);
	expect("user.vfs.dev.urandom.read", read((int)fd, buf, sizeof(buf)), sizeof(buf));
	expect("user.vfs.dev.urandom.bad_buffer", read((int)fd, (void *)16, 8), -EFAULT);
	close((int)fd);

	expect("user.vfs.dev.missing", openat(AT_FDCWD, "/dev/no-such-device", O_RDONLY, 0),
	       -ENOENT);
}

/* Checks the records of buf[0, n): aligned, lengths that add up; the number of records. */
static long check_records(const char *buf, long n, bool *dot, bool *dotdot)
{
	long off = 0, count = 0;

	while (off < n) {
		const struct linux_dirent64 *d = (const void *)(buf + off);
		size_t len = strlen(d->d_name);

		if (d->d_reclen % 8 || d->d_reclen < 19 + len + 1 || d->d_reclen > 19 + len + 8)
			return -1;
		*dot |= !strcmp(d->d_name, ".") && d->d_type == DT_DIR;
		*dotdot |= !strcmp(d->d_name, "..") && d->d_type == DT_DIR;
		off += d->d_reclen;
		count++;
	}
	return off == n ? count : -1;
}

static void dirent_cases(void)
{
	static char buf[1024];
	bool dot = false, dotdot = false, seen[3] = { false };
	long fd, n, total = 0, r;
	char name[8];

	for (int i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "e%d", i);
		close((int)openat(AT_FDCWD, name, O_WRONLY | O_CREAT, 0644));
	}
	fd = openat(AT_FDCWD, ".", O_RDONLY | O_DIRECTORY, 0);
	n = getdents64((int)fd, buf, sizeof(buf));
	expect("user.vfs.getdents64.records", check_records(buf, n, &dot, &dotdot), 5);
	expect("user.vfs.getdents64.dot_and_dotdot", dot && dotdot, 1);
	for (long off = 0; off < n;) {
		const struct linux_dirent64 *d = (const void *)(buf + off);

		if (d->d_name[0] == 'e' && d->d_name[1] >= '0' && d->d_name[1] <= '2')
			seen[d->d_name[1] - '0'] = d->d_type == DT_REG;
		off += d->d_reclen;
	}
	expect("user.vfs.getdents64.files", seen[0] && seen[1] && seen[2], 1);
	expect("user.vfs.getdents64.end", getdents64((int)fd, buf, sizeof(buf)), 0);

	/* One record at a time: a buffer of 24 bytes fits "." and each two-letter name. */
	vfs_lseek((int)fd, 0, SEEK_SET);
	for (int i = 0; i < 10 && (r = getdents64((int)fd, buf, 24)) > 0; i++)
		total += r / 24;
	expect("user.vfs.getdents64.one_at_a_time", total, 5);
	vfs_lseek((int)fd, 0, SEEK_SET);
	expect("user.vfs.getdents64.too_small", getdents64((int)fd, buf, 23), -EINVAL);

	/* lseek to a record's d_off resumes after it. */
	vfs_lseek((int)fd, 0, SEEK_SET);
	n = getdents64((int)fd, buf, sizeof(buf));
	{
		const struct linux_dirent64 *first = (const void *)buf;
		const struct linux_dirent64 *second = (const void *)(buf + first->d_reclen);
		char want[16];

		snprintf(want, sizeof(want), "%s", second->d_name);
		vfs_lseek((int)fd, first->d_off, SEEK_SET);
		r = getdents64((int)fd, buf, sizeof(buf));
		expect("user.vfs.getdents64.resume",
		       r > 0 && !strcmp(((struct linux_dirent64 *)buf)->d_name, want), 1);
	}
	close((int)fd);
	for (int i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "e%d", i);
		unlinkat(AT_FDCWD, name, 0);
	}
}

static void pipe_cases(void)
{
	static struct statx st;
	int fds[2];
	char c;

	expect("user.vfs.pipe2.nonblock", pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
	expect("user.vfs.pipe2.empty_eagain", read(fds[0], &c, 1), -EAGAIN);
	expect("user.vfs.pipe2.cloexec_read_end", vfs_fcntl(fds[0], F_GETFD, 0), FD_CLOEXEC);
	expect("user.vfs.pipe2.cloexec_write_end", vfs_fcntl(fds[1], F_GETFD, 0), FD_CLOEXEC);
	expect("user.vfs.pipe2.getfl", vfs_fcntl(fds[0], F_GETFL, 0) & (O_ACCMODE | O_NONBLOCK),
	       O_RDONLY | O_NONBLOCK);
	expect("user.vfs.fcntl.setfl_blocking", vfs_fcntl(fds[0], F_SETFL, 0), 0);
	expect("user.vfs.fcntl.getfl_blocking", vfs_fcntl(fds[0], F_GETFL, 0) & O_NONBLOCK, 0);
	expect("user.vfs.pipe.write", write(fds[1], "p", 1), 1);
	expect("user.vfs.pipe.read", read(fds[0], &c, 1), 1);
	expect("user.vfs.pipe.fstat_fifo",
	       vfs_statx(fds[0], "", AT_EMPTY_PATH, &st) == 0 && S_ISFIFO(st.stx_mode), 1);
	expect("user.vfs.pipe.sendfile", syscall4(__NR_sendfile, fds[1], fds[0], 0, 1), -EINVAL);
	close(fds[0]);
	close(fds[1]);
}

static void fd_cases(void)
{
	long fd, a, b;
	char buf[8];

	fd = openat(AT_FDCWD, "a", O_RDWR | O_CREAT | O_TRUNC, 0644);
	/* 100 and up: free here and under Linux whatever the caller left open below. */
	a = vfs_fcntl((int)fd, F_DUPFD_CLOEXEC, 100);
	expect("user.vfs.fcntl.dupfd_cloexec_100", a, 100);
	expect("user.vfs.fcntl.dupfd_cloexec_flag", vfs_fcntl(100, F_GETFD, 0), FD_CLOEXEC);
	expect("user.vfs.fcntl.dupfd_cloexec_next", vfs_fcntl((int)fd, F_DUPFD_CLOEXEC, 100), 101);
	close(100);
	expect("user.vfs.fcntl.dupfd_lowest_free", vfs_fcntl((int)fd, F_DUPFD, 100), 100);
	close(100);
	close(101);

	/* O_APPEND belongs to the open file: a dup appends too, and shares the offset. */
	expect("user.vfs.write.first", write((int)fd, "ab", 2), 2);
	b = openat(AT_FDCWD, "a", O_WRONLY | O_APPEND, 0);
	a = syscall1(__NR_dup, b);
	vfs_lseek((int)a, 0, SEEK_SET);
	expect("user.vfs.append.through_dup", write((int)a, "c", 1), 1);
	expect("user.vfs.append.offset_shared", vfs_lseek((int)b, 0, SEEK_CUR), 3);
	vfs_lseek((int)fd, 0, SEEK_SET);
	expect("user.vfs.append.content", read((int)fd, buf, sizeof(buf)), 3);
	expect("user.vfs.append.bytes", memcmp(buf, "abc", 3), 0);
	close((int)a);
	close((int)b);
	close((int)fd);
}

/* A file unlinked while open: its descriptors still read and write it; the name is gone. */
static void lifetime_cases(void)
{
	long fd = openat(AT_FDCWD, "u", O_RDWR | O_CREAT | O_TRUNC, 0644), fd2;
	static struct statx st;
	char buf[8];

	write((int)fd, "live", 4);
	fd2 = openat(AT_FDCWD, "u", O_RDONLY, 0);
	expect("user.vfs.unlinked.unlink", unlinkat(AT_FDCWD, "u", 0), 0);
	expect("user.vfs.unlinked.name_gone", openat(AT_FDCWD, "u", O_RDONLY, 0), -ENOENT);
	expect("user.vfs.unlinked.read", read((int)fd2, buf, sizeof(buf)), 4);
	expect("user.vfs.unlinked.write", write((int)fd, "more", 4), 4);
	expect("user.vfs.unlinked.nlink",
	       vfs_statx((int)fd, "", AT_EMPTY_PATH, &st) == 0 ? (long)st.stx_nlink : -1, 0);
	expect("user.vfs.unlinked.size", (long)st.stx_size, 8);
	close((int)fd);
	expect("user.vfs.unlinked.read_after_close", read((int)fd2, buf, sizeof(buf)), 4);
	close((int)fd2);
}

int main(void)
{
	char base[64];

	snprintf(base, sizeof(base), "/tmp/vfstest-%ld", getpid());
	expect("user.vfs.mkdir.base", syscall3(__NR_mkdirat, AT_FDCWD, base, 0755), 0);
	expect("user.vfs.chdir.base", syscall1(__NR_chdir, base), 0);
	device_cases();
	dirent_cases();
	pipe_cases();
	fd_cases();
	lifetime_cases();
	unlinkat(AT_FDCWD, "a", 0);
	syscall1(__NR_chdir, "/tmp");
	expect("user.vfs.cleanup", unlinkat(AT_FDCWD, base, AT_REMOVEDIR), 0);
	return test_failures;
}
