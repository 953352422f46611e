// SPDX-License-Identifier: MIT
/*
 * fstest: the file calls, each with its errors, in a fresh directory under
 * /tmp. It uses Linux calls only, so the same image also runs under Linux
 * (make test runs it there too, through tools/run-on-linux): every expected
 * value below is what Linux gives, and a line names the call and the case,
 * never an address, an inode number or a time.
 *
 *   open     openat with each flag, close, the fd numbers, EMFILE
 *   io       read, write, readv, writev, pread64, pwrite64, lseek
 *   meta     statx, newfstatat, fstat, faccessat, umask, ftruncate
 *   names    mkdirat, unlinkat, renameat2, symlinkat, readlinkat, getdents64
 *   cwd      chdir, fchdir, getcwd
 *   fds      dup, dup3, fcntl, close-on-exec across execve
 *   old      the old-style calls (open, stat, mkdir, ...) where the arch has them
 *
 * "fstest cloexec FD1 FD2" is the program execve'd by the close-on-exec case.
 */
#include "lib/ulib.h"
#include <uapi/dirent.h>
#include <uapi/fcntl.h>
#include <uapi/stat.h>

struct iovec {
	void *iov_base;
	size_t iov_len;
};

/* An address no program has mapped: a bad pointer for EFAULT. */
#define BAD_PTR ((void *)16)

/* The directory every case works in (its name has our pid, so it is never printed). */
static char base[64];

static void expect(const char *name, long got, long want)
{
	CHECK(name, got == want, "got %ld, Linux gives %ld", got, want);
}

/* A call that must succeed: any result >= 0. */
static void expect_ok(const char *name, long got)
{
	CHECK(name, got >= 0, "failed with %ld", got);
}

static long openat(int dfd, const char *path, int flags, int mode)
{
	return syscall4(__NR_openat, dfd, path, flags, mode);
}

static long open3(const char *path, int flags, int mode)
{
	return openat(AT_FDCWD, path, flags, mode);
}

static long mkdirat(int dfd, const char *path, int mode)
{
	return syscall3(__NR_mkdirat, dfd, path, mode);
}

static long unlinkat(int dfd, const char *path, int flags)
{
	return syscall3(__NR_unlinkat, dfd, path, flags);
}

static long symlinkat(const char *target, int dfd, const char *path)
{
	return syscall3(__NR_symlinkat, target, dfd, path);
}

static long readlinkat(int dfd, const char *path, char *buf, long size)
{
	return syscall4(__NR_readlinkat, dfd, path, buf, size);
}

static long renameat2(int odfd, const char *old, int ndfd, const char *new, unsigned int flags)
{
	return __syscall6(__NR_renameat2, odfd, (long)old, ndfd, (long)new, flags, 0);
}

static long faccessat(int dfd, const char *path, int mode)
{
	return syscall3(__NR_faccessat, dfd, path, mode);
}

static long lseek(int fd, long off, int whence)
{
	return syscall3(__NR_lseek, fd, off, whence);
}

static long fcntl(int fd, int cmd, long arg)
{
	return syscall3(__NR_fcntl, fd, cmd, arg);
}

static long dup(int fd)
{
	return syscall1(__NR_dup, fd);
}

static long ftruncate(int fd, long len)
{
	return syscall2(__NR_ftruncate, fd, len);
}

static long statx(int dfd, const char *path, int flags, unsigned int mask, struct statx *st)
{
	return __syscall6(__NR_statx, dfd, (long)path, flags, mask, (long)st, 0);
}

static long getcwd(char *buf, long size)
{
	return syscall2(__NR_getcwd, buf, size);
}

static long chdir(const char *path)
{
	return syscall1(__NR_chdir, path);
}

static long umask(int mask)
{
	return syscall1(__NR_umask, mask);
}

/* The type and permission bits of path (not followed if it is a symlink), or a negative errno. */
static long mode_of(const char *path)
{
	struct statx st;
	long err = statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &st);

	return err < 0 ? err : st.stx_mode;
}

static long size_of(const char *path)
{
	struct statx st;
	long err = statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &st);

	return err < 0 ? err : (long)st.stx_size;
}

static long nlink_of(const char *path)
{
	struct statx st;
	long err = statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &st);

	return err < 0 ? err : st.stx_nlink;
}

/* Writes s into a new file path (mode 0644); 0, or a negative errno. */
static long put_file(const char *path, const char *s)
{
	long fd = open3(path, O_WRONLY | O_CREAT | O_TRUNC, 0644), n;

	if (fd < 0)
		return fd;
	n = write((int)fd, s, strlen(s));
	close((int)fd);
	return n < 0 ? n : 0;
}

/* The first n bytes of path as a string in buf (of size > n), or "" on error. */
static const char *get_file(const char *path, char *buf, size_t n)
{
	long fd = open3(path, O_RDONLY, 0), got;

	buf[0] = '\0';
	if (fd < 0)
		return buf;
	got = read((int)fd, buf, n);
	close((int)fd);
	buf[got > 0 ? got : 0] = '\0';
	return buf;
}

static void open_cases(void)
{
	char buf[16];
	long fd, fd2;

	fd = open3("f", O_WRONLY | O_CREAT | O_EXCL, 0666);
	expect_ok("user.fs.openat.creat", fd);
	expect("user.fs.openat.creat_mode_umask", mode_of("f"), S_IFREG | 0644);
	expect("user.fs.openat.creat_empty", size_of("f"), 0);
	expect("user.fs.write.file", write((int)fd, "hello", 5), 5);
	expect("user.fs.read.write_only", read((int)fd, buf, 1), -EBADF);
	close((int)fd);
	/* The fd numbers: the lowest free one, and a closed one is reused. */
	fd = open3("f", O_RDONLY, 0);
	fd2 = open3("f", O_RDONLY, 0);
	expect("user.fs.openat.next_fd", fd2, fd + 1);
	close((int)fd);
	expect("user.fs.openat.lowest_free_fd", open3("f", O_RDONLY, 0), fd);
	expect("user.fs.write.read_only", write((int)fd, "x", 1), -EBADF);
	expect("user.fs.read.file", read((int)fd, buf, sizeof(buf)), 5);
	expect("user.fs.read.at_end", read((int)fd, buf, sizeof(buf)), 0);
	close((int)fd);
	close((int)fd2);
	expect("user.fs.close.closed", close((int)fd), -EBADF);
	expect("user.fs.close.bad_fd", close(-1), -EBADF);
	expect("user.fs.close.too_big", close(99999), -EBADF);

	expect("user.fs.openat.excl_exists", open3("f", O_WRONLY | O_CREAT | O_EXCL, 0644),
	       -EEXIST);
	expect("user.fs.openat.missing", open3("nosuch", O_RDONLY, 0), -ENOENT);
	expect("user.fs.openat.missing_dir", open3("nodir/f", O_WRONLY | O_CREAT, 0644), -ENOENT);
	expect("user.fs.openat.empty_path", open3("", O_RDONLY, 0), -ENOENT);
	expect("user.fs.openat.file_as_dir", open3("f/x", O_RDONLY, 0), -ENOTDIR);
	expect("user.fs.openat.file_as_dir_slash", open3("f/", O_RDONLY, 0), -ENOTDIR);
	expect("user.fs.openat.directory_flag_file", open3("f", O_RDONLY | O_DIRECTORY, 0),
	       -ENOTDIR);
	expect("user.fs.openat.bad_path", open3(BAD_PTR, O_RDONLY, 0), -EFAULT);

	/* O_TRUNC empties; O_APPEND writes at the end wherever the offset is. */
	fd = open3("f", O_WRONLY | O_TRUNC, 0);
	expect_ok("user.fs.openat.trunc", fd);
	expect("user.fs.openat.trunc_size", size_of("f"), 0);
	write((int)fd, "abc", 3);
	close((int)fd);
	fd = open3("f", O_RDWR | O_APPEND, 0);
	expect("user.fs.lseek.append_start", lseek((int)fd, 0, SEEK_SET), 0);
	expect("user.fs.write.append", write((int)fd, "de", 2), 2);
	expect("user.fs.write.append_offset", lseek((int)fd, 0, SEEK_CUR), 5);
	close((int)fd);
	expect("user.fs.openat.append_content", strcmp(get_file("f", buf, 15), "abcde"), 0);
	/* O_TRUNC on a read-only open still truncates (Linux does). */
	put_file("g", "xyz");
	fd = open3("g", O_RDONLY | O_TRUNC, 0);
	expect("user.fs.openat.trunc_rdonly", size_of("g"), 0);
	close((int)fd);

	/* Directories. */
	expect("user.fs.mkdirat.d", mkdirat(AT_FDCWD, "d", 0777), 0);
	expect("user.fs.openat.dir_write", open3("d", O_WRONLY, 0), -EISDIR);
	expect("user.fs.openat.dir_rdwr", open3("d", O_RDWR, 0), -EISDIR);
	expect("user.fs.openat.dir_creat", open3("d", O_WRONLY | O_CREAT, 0644), -EISDIR);
	expect("user.fs.openat.dir_excl", open3("d", O_RDONLY | O_CREAT | O_EXCL, 0644), -EEXIST);
	fd = open3("d", O_RDONLY | O_DIRECTORY, 0);
	expect_ok("user.fs.openat.dir_read", fd);
	expect("user.fs.read.dir", read((int)fd, buf, sizeof(buf)), -EISDIR);
	expect("user.fs.write.dir", write((int)fd, "x", 1), -EBADF);
	/* A dirfd: relative names start there; an absolute one ignores it. */
	fd2 = openat((int)fd, "inner", O_WRONLY | O_CREAT, 0600);
	expect_ok("user.fs.openat.dirfd_relative", fd2);
	close((int)fd2);
	expect("user.fs.openat.dirfd_relative_mode", mode_of("d/inner"), S_IFREG | 0600);
	fd2 = openat((int)fd, base, O_RDONLY | O_DIRECTORY, 0);
	expect_ok("user.fs.openat.dirfd_absolute", fd2);
	close((int)fd2);
	close((int)fd);
	expect("user.fs.openat.bad_dirfd", openat(999, "f", O_RDONLY, 0), -EBADF);
	expect_ok("user.fs.openat.bad_dirfd_absolute", fd = openat(999, "/tmp", O_RDONLY, 0));
	close((int)fd);
	fd = open3("f", O_RDONLY, 0);
	expect("user.fs.openat.file_dirfd", openat((int)fd, "x", O_RDONLY, 0), -ENOTDIR);
	close((int)fd);

	/* Symlinks: followed, not with O_NOFOLLOW, and a loop. */
	expect("user.fs.symlinkat.to_f", symlinkat("f", AT_FDCWD, "lf"), 0);
	fd = open3("lf", O_RDONLY, 0);
	expect("user.fs.openat.through_symlink", read((int)fd, buf, 5), 5);
	close((int)fd);
	expect("user.fs.openat.nofollow_symlink", open3("lf", O_RDONLY | O_NOFOLLOW, 0), -ELOOP);
	fd = open3("f", O_RDONLY | O_NOFOLLOW, 0);
	expect_ok("user.fs.openat.nofollow_file", fd);
	close((int)fd);
	symlinkat("loop2", AT_FDCWD, "loop1");
	symlinkat("loop1", AT_FDCWD, "loop2");
	expect("user.fs.openat.symlink_loop", open3("loop1", O_RDONLY, 0), -ELOOP);
	expect("user.fs.openat.symlink_loop_dir", open3("loop1/x", O_RDONLY, 0), -ELOOP);
	/* A dangling symlink: O_CREAT makes its target, O_EXCL refuses it. */
	symlinkat("made", AT_FDCWD, "dangling");
	expect("user.fs.openat.dangling", open3("dangling", O_RDONLY, 0), -ENOENT);
	expect("user.fs.openat.dangling_excl", open3("dangling", O_WRONLY | O_CREAT | O_EXCL, 0644),
	       -EEXIST);
	fd = open3("dangling", O_WRONLY | O_CREAT, 0644);
	expect_ok("user.fs.openat.dangling_creat", fd);
	close((int)fd);
	expect("user.fs.openat.dangling_made", mode_of("made"), S_IFREG | 0644);

	/* Flags the fd keeps. */
	fd = open3("f", O_RDONLY | O_CLOEXEC, 0);
	expect("user.fs.openat.cloexec", fcntl((int)fd, F_GETFD, 0), FD_CLOEXEC);
	close((int)fd);
	fd = open3("f", O_RDONLY, 0);
	expect("user.fs.openat.no_cloexec", fcntl((int)fd, F_GETFD, 0), 0);
	close((int)fd);
	fd = open3("f", O_RDWR | O_NONBLOCK | O_APPEND, 0);
	expect("user.fs.openat.getfl",
	       fcntl((int)fd, F_GETFL, 0) & (O_ACCMODE | O_NONBLOCK | O_APPEND | O_CREAT),
	       O_RDWR | O_NONBLOCK | O_APPEND);
	close((int)fd);
}

/* Names too long and links too deep. */
static void limit_cases(void)
{
	static char path[4200];
	char name[8];
	long fd;
	int i;

	memset(path, 'n', 256);
	path[256] = '\0';
	expect("user.fs.openat.name_256", open3(path, O_RDONLY, 0), -ENAMETOOLONG);
	expect("user.fs.mkdirat.name_256", mkdirat(AT_FDCWD, path, 0755), -ENAMETOOLONG);
	path[255] = '\0';
	fd = open3(path, O_WRONLY | O_CREAT, 0644);
	expect_ok("user.fs.openat.name_255", fd);
	close((int)fd);
	expect("user.fs.unlinkat.name_255", unlinkat(AT_FDCWD, path, 0), 0);
	/* A whole path of 4096 bytes with its NUL is too long, one of 4095 is not. */
	for (i = 0; i < 4094; i += 2) {
		path[i] = '.';
		path[i + 1] = '/';
	}
	path[4094] = path[4095] = 'f';
	path[4096] = '\0';
	expect("user.fs.openat.path_4096", open3(path, O_RDONLY, 0), -ENAMETOOLONG);
	path[4095] = '\0';
	fd = open3(path, O_RDONLY, 0);
	expect_ok("user.fs.openat.path_4095", fd);
	close((int)fd);
	memset(path, 'x', 4096);
	path[4096] = '\0';
	expect("user.fs.symlinkat.target_4096", symlinkat(path, AT_FDCWD, "longlink"),
	       -ENAMETOOLONG);

	/* A chain of 40 symlinks resolves; 41 is too many (Linux's MAXSYMLINKS). */
	symlinkat("f", AT_FDCWD, "c0");
	for (i = 1; i <= 41; i++) {
		char prev[8];

		snprintf(prev, sizeof(prev), "c%d", i - 1);
		snprintf(name, sizeof(name), "c%d", i);
		symlinkat(prev, AT_FDCWD, name);
	}
	fd = open3("c39", O_RDONLY, 0);
	expect_ok("user.fs.openat.symlinks_40", fd);
	close((int)fd);
	expect("user.fs.openat.symlinks_41", open3("c40", O_RDONLY, 0), -ELOOP);
	for (i = 0; i <= 41; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		unlinkat(AT_FDCWD, name, 0);
	}

	/* The fd table holds fds 0 to 1023 (Linux's default RLIMIT_NOFILE). */
	{
		static int got[1100];
		long last = -1, err;
		int n = 0;

		while (n < 1100 && (err = dup(0)) >= 0)
			last = got[n++] = (int)err;
		expect("user.fs.dup.emfile", err, -EMFILE);
		expect("user.fs.dup.last_fd", last, 1023);
		expect("user.fs.openat.emfile", open3("f", O_RDONLY, 0), -EMFILE);
		close(1000);
		expect("user.fs.openat.after_emfile", open3("f", O_RDONLY, 0), 1000);
		for (i = 0; i < n; i++)
			close(got[i]);
		expect("user.fs.dup3.too_big", dup3(0, 1024, 0), -EBADF);
		expect("user.fs.fcntl.dupfd_too_big", fcntl(0, F_DUPFD, 1024), -EINVAL);
	}
}

static void io_cases(void)
{
	char a[4], b[8], buf[16];
	struct iovec out[3] = { { "0123", 4 }, { "", 0 }, { "456789", 6 } };
	struct iovec in[2] = { { a, sizeof(a) }, { b, sizeof(b) } };
	int fds[2];
	long fd;

	fd = open3("io", O_RDWR | O_CREAT | O_TRUNC, 0644);
	expect("user.fs.writev.file", syscall3(__NR_writev, fd, out, 3), 10);
	expect("user.fs.lseek.set", lseek((int)fd, 0, SEEK_SET), 0);
	memset(b, 0, sizeof(b));
	expect("user.fs.readv.file", syscall3(__NR_readv, fd, in, 2), 10);
	expect("user.fs.readv.order", a[0] == '0' && a[3] == '3' && b[0] == '4' && b[5] == '9', 1);
	expect("user.fs.readv.at_end", syscall3(__NR_readv, fd, in, 2), 0);
	expect("user.fs.readv.too_many", syscall3(__NR_readv, fd, in, 1025), -EINVAL);
	expect("user.fs.readv.bad_vector", syscall3(__NR_readv, fd, BAD_PTR, 1), -EFAULT);
	expect("user.fs.lseek.cur", lseek((int)fd, -3, SEEK_CUR), 7);
	expect("user.fs.lseek.end", lseek((int)fd, -1, SEEK_END), 9);
	expect("user.fs.lseek.negative", lseek((int)fd, -11, SEEK_END), -EINVAL);
	expect("user.fs.lseek.bad_whence", lseek((int)fd, 0, 7), -EINVAL);
	expect("user.fs.lseek.bad_fd", lseek(999, 0, SEEK_SET), -EBADF);
	/* pread64 and pwrite64 leave the offset where it was. */
	lseek((int)fd, 2, SEEK_SET);
	memset(buf, 0, sizeof(buf));
	expect("user.fs.pread64.file", syscall4(__NR_pread64, fd, buf, 3, 5), 3);
	expect("user.fs.pread64.content", strcmp(buf, "567"), 0);
	expect("user.fs.pread64.offset_kept", lseek((int)fd, 0, SEEK_CUR), 2);
	expect("user.fs.pread64.past_end", syscall4(__NR_pread64, fd, buf, 3, 100), 0);
	expect("user.fs.pread64.negative", syscall4(__NR_pread64, fd, buf, 3, -1), -EINVAL);
	expect("user.fs.pwrite64.file", syscall4(__NR_pwrite64, fd, "AB", 2, 12), 2);
	expect("user.fs.pwrite64.offset_kept", lseek((int)fd, 0, SEEK_CUR), 2);
	expect("user.fs.pwrite64.size", size_of("io"), 14);
	memset(buf, 'x', sizeof(buf));
	syscall4(__NR_pread64, fd, buf, 4, 10);
	expect("user.fs.pwrite64.hole_zeros", buf[0] == 0 && buf[1] == 0 && buf[2] == 'A', 1);
	/* A seek past the end and a write leave a hole of zeros too. */
	expect("user.fs.lseek.past_end", lseek((int)fd, 20, SEEK_SET), 20);
	expect("user.fs.lseek.past_end_size", size_of("io"), 14);
	write((int)fd, "Z", 1);
	expect("user.fs.write.past_end_size", size_of("io"), 21);
	expect("user.fs.read.bad_buffer", (lseek((int)fd, 0, SEEK_SET), read((int)fd, BAD_PTR, 4)),
	       -EFAULT);
	expect("user.fs.write.bad_buffer", write((int)fd, BAD_PTR, 4), -EFAULT);
	expect("user.fs.read.bad_fd", read(999, buf, 1), -EBADF);
	expect("user.fs.write.bad_fd", write(-1, buf, 1), -EBADF);
	close((int)fd);
	/* A pipe has no offset. */
	pipe2(fds, 0);
	expect("user.fs.lseek.pipe", lseek(fds[0], 0, SEEK_SET), -ESPIPE);
	expect("user.fs.pread64.pipe", syscall4(__NR_pread64, fds[0], buf, 1, 0), -ESPIPE);
	expect("user.fs.pwrite64.pipe", syscall4(__NR_pwrite64, fds[1], "x", 1, 0), -ESPIPE);
	close(fds[0]);
	close(fds[1]);
	unlinkat(AT_FDCWD, "io", 0);
}

/* Two struct stats of the same file (the times aside). */
static __maybe_unused bool same_stat(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_mode == b->st_mode &&
	       a->st_nlink == b->st_nlink && a->st_size == b->st_size && a->st_uid == b->st_uid;
}

static void meta_cases(void)
{
	static struct stat st1, st2;
	struct statx st;
	char buf[16];
	long fd;

	memset(&st, 0, sizeof(st));
	expect("user.fs.statx.file", statx(AT_FDCWD, "f", 0, STATX_BASIC_STATS, &st), 0);
	expect("user.fs.statx.file_mode", st.stx_mode, S_IFREG | 0644);
	expect("user.fs.statx.file_nlink", st.stx_nlink, 1);
	expect("user.fs.statx.file_size", (long)st.stx_size, 5);
	expect("user.fs.statx.file_uid", st.stx_uid, 0);
	expect("user.fs.statx.basic_mask",
	       st.stx_mask & (STATX_TYPE | STATX_MODE | STATX_NLINK | STATX_SIZE),
	       STATX_TYPE | STATX_MODE | STATX_NLINK | STATX_SIZE);
	expect("user.fs.statx.symlink_followed", statx(AT_FDCWD, "lf", 0, STATX_BASIC_STATS, &st),
	       0);
	expect("user.fs.statx.symlink_followed_mode", st.stx_mode, S_IFREG | 0644);
	expect("user.fs.statx.symlink_mode", mode_of("lf"), S_IFLNK | 0777);
	expect("user.fs.statx.symlink_size", size_of("lf"), 1);
	expect("user.fs.statx.dir_mode", mode_of("d"), S_IFDIR | 0755);
	expect("user.fs.statx.dir_nlink", nlink_of("d"), 2);
	mkdirat(AT_FDCWD, "d/sub", 0755);
	expect("user.fs.statx.dir_nlink_subdir", nlink_of("d"), 3);
	unlinkat(AT_FDCWD, "d/sub", AT_REMOVEDIR);
	expect("user.fs.statx.dir_nlink_after_rmdir", nlink_of("d"), 2);
	fd = open3("f", O_RDONLY, 0);
	expect("user.fs.statx.empty_path",
	       statx((int)fd, "", AT_EMPTY_PATH, STATX_BASIC_STATS, &st), 0);
	expect("user.fs.statx.empty_path_size", (long)st.stx_size, 5);
	expect("user.fs.statx.empty_path_no_flag", statx((int)fd, "", 0, STATX_BASIC_STATS, &st),
	       -ENOENT);
	expect("user.fs.statx.missing", statx(AT_FDCWD, "nosuch", 0, STATX_BASIC_STATS, &st),
	       -ENOENT);
	expect("user.fs.statx.bad_buffer", statx(AT_FDCWD, "f", 0, STATX_BASIC_STATS, BAD_PTR),
	       -EFAULT);
	expect("user.fs.statx.bad_path", statx(AT_FDCWD, BAD_PTR, 0, STATX_BASIC_STATS, &st),
	       -EFAULT);
	expect("user.fs.statx.bad_flags", statx(AT_FDCWD, "f", 0x6000, STATX_BASIC_STATS, &st),
	       -EINVAL);
	expect("user.fs.statx.bad_dirfd", statx(999, "f", 0, STATX_BASIC_STATS, &st), -EBADF);
	expect("user.fs.statx.file_dirfd", statx((int)fd, "x", 0, STATX_BASIC_STATS, &st),
	       -ENOTDIR);
#ifdef __NR_newfstatat
	memset(&st1, 0, sizeof(st1));
	memset(&st2, 0, sizeof(st2));
	expect("user.fs.newfstatat.file", syscall4(__NR_newfstatat, AT_FDCWD, "f", &st1, 0), 0);
	expect("user.fs.newfstatat.mode", st1.st_mode, S_IFREG | 0644);
	expect("user.fs.newfstatat.size", (long)st1.st_size, 5);
	expect("user.fs.newfstatat.nlink", (long)st1.st_nlink, 1);
	expect("user.fs.fstat.file", syscall2(__NR_fstat, fd, &st2), 0);
	expect("user.fs.fstat.same_file", same_stat(&st1, &st2), 1);
	memset(&st2, 0, sizeof(st2));
	expect("user.fs.newfstatat.empty_path",
	       syscall4(__NR_newfstatat, fd, "", &st2, AT_EMPTY_PATH), 0);
	expect("user.fs.newfstatat.empty_path_same", same_stat(&st1, &st2), 1);
	memset(&st2, 0, sizeof(st2));
	syscall4(__NR_newfstatat, AT_FDCWD, "lf", &st2, 0);
	expect("user.fs.newfstatat.symlink_followed", same_stat(&st1, &st2), 1);
	syscall4(__NR_newfstatat, AT_FDCWD, "lf", &st2, AT_SYMLINK_NOFOLLOW);
	expect("user.fs.newfstatat.symlink_nofollow", st2.st_mode, S_IFLNK | 0777);
	expect("user.fs.newfstatat.missing", syscall4(__NR_newfstatat, AT_FDCWD, "nosuch", &st1, 0),
	       -ENOENT);
	expect("user.fs.newfstatat.bad_buffer",
	       syscall4(__NR_newfstatat, AT_FDCWD, "f", BAD_PTR, 0), -EFAULT);
	expect("user.fs.newfstatat.file_as_dir", syscall4(__NR_newfstatat, AT_FDCWD, "f/", &st1, 0),
	       -ENOTDIR);
	expect("user.fs.newfstatat.bad_flags", syscall4(__NR_newfstatat, AT_FDCWD, "f", &st1, 1),
	       -EINVAL);
	expect("user.fs.fstat.bad_fd", syscall2(__NR_fstat, 999, &st1), -EBADF);
	expect("user.fs.fstat.bad_buffer", syscall2(__NR_fstat, fd, BAD_PTR), -EFAULT);
#else
	(void)st1;
	(void)st2;
#endif
	close((int)fd);

	/* faccessat as root: R and W always, X if any x bit is set (or it is a directory). */
	close((int)open3("ro", O_WRONLY | O_CREAT, 0400));
	fd = open3("x", O_WRONLY | O_CREAT, 0700);
	close((int)fd);
	expect("user.fs.faccessat.f_ok", faccessat(AT_FDCWD, "f", F_OK), 0);
	expect("user.fs.faccessat.root_writes_0400", faccessat(AT_FDCWD, "ro", W_OK), 0);
	expect("user.fs.faccessat.rw", faccessat(AT_FDCWD, "f", R_OK | W_OK), 0);
	expect("user.fs.faccessat.x_no_x_bit", faccessat(AT_FDCWD, "f", X_OK), -EACCES);
	expect("user.fs.faccessat.x_bit", faccessat(AT_FDCWD, "x", X_OK), 0);
	expect("user.fs.faccessat.x_dir", faccessat(AT_FDCWD, "d", X_OK), 0);
	expect("user.fs.faccessat.missing", faccessat(AT_FDCWD, "nosuch", F_OK), -ENOENT);
	expect("user.fs.faccessat.dangling", faccessat(AT_FDCWD, "loop1", F_OK), -ELOOP);
	expect("user.fs.faccessat.bad_mode", faccessat(AT_FDCWD, "f", 8), -EINVAL);
	expect("user.fs.faccessat.bad_path", faccessat(AT_FDCWD, BAD_PTR, F_OK), -EFAULT);
	expect("user.fs.faccessat.file_as_dir", faccessat(AT_FDCWD, "f/x", F_OK), -ENOTDIR);
	unlinkat(AT_FDCWD, "ro", 0);
	unlinkat(AT_FDCWD, "x", 0);

	/* umask: the old value back, and applied at every create. */
	expect("user.fs.umask.old", umask(077), 022);
	expect("user.fs.umask.again", umask(077), 077);
	fd = open3("m", O_WRONLY | O_CREAT, 0666);
	close((int)fd);
	expect("user.fs.umask.openat", mode_of("m"), S_IFREG | 0600);
	mkdirat(AT_FDCWD, "md", 0777);
	expect("user.fs.umask.mkdirat", mode_of("md"), S_IFDIR | 0700);
	expect("user.fs.umask.only_0777", umask(0) & 0777, 077);
	expect("user.fs.umask.high_bits", umask(0177777), 0);
	expect("user.fs.umask.masked", umask(022), 0777);
	unlinkat(AT_FDCWD, "m", 0);
	unlinkat(AT_FDCWD, "md", AT_REMOVEDIR);

	/* ftruncate: a shrink, and a growth that reads zeros. */
	put_file("t", "0123456789");
	fd = open3("t", O_RDWR, 0);
	expect("user.fs.ftruncate.shrink", ftruncate((int)fd, 4), 0);
	expect("user.fs.ftruncate.shrink_size", size_of("t"), 4);
	expect("user.fs.ftruncate.offset_kept", lseek((int)fd, 0, SEEK_CUR), 0);
	expect("user.fs.ftruncate.grow", ftruncate((int)fd, 8), 0);
	expect("user.fs.ftruncate.grow_size", size_of("t"), 8);
	memset(buf, 'x', sizeof(buf));
	expect("user.fs.ftruncate.grow_read", read((int)fd, buf, sizeof(buf)), 8);
	expect("user.fs.ftruncate.grow_zeros", buf[3] == '3' && buf[4] == 0 && buf[7] == 0, 1);
	expect("user.fs.ftruncate.negative", ftruncate((int)fd, -1), -EINVAL);
	close((int)fd);
	fd = open3("t", O_RDONLY, 0);
	expect("user.fs.ftruncate.read_only", ftruncate((int)fd, 0), -EINVAL);
	close((int)fd);
	fd = open3("d", O_RDONLY, 0);
	expect("user.fs.ftruncate.dir", ftruncate((int)fd, 0), -EINVAL);
	close((int)fd);
	expect("user.fs.ftruncate.bad_fd", ftruncate(999, 0), -EBADF);
	unlinkat(AT_FDCWD, "t", 0);
}

/* The names of a directory's entries, sorted, with their types: "a:8 b:4 ". */
static long list_dir(const char *path, char *out, size_t size)
{
	static char buf[1024];
	char names[16][32];
	int n = 0, i, j;
	long fd = open3(path, O_RDONLY | O_DIRECTORY, 0), got;

	if (fd < 0)
		return fd;
	while ((got = syscall3(__NR_getdents64, fd, buf, sizeof(buf))) > 0) {
		for (long off = 0; off < got;) {
			struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);

			if (n < 16)
				snprintf(names[n++], sizeof(names[0]), "%s:%d", d->d_name,
					 d->d_type);
			off += d->d_reclen;
		}
	}
	close((int)fd);
	if (got < 0)
		return got;
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char t[32];

			memcpy(t, names[j], sizeof(t));
			memcpy(names[j], names[j - 1], sizeof(t));
			memcpy(names[j - 1], t, sizeof(t));
		}
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		size_t len = strlen(out);

		snprintf(out + len, size - len, "%s ", names[i]);
	}
	return n;
}

/* fchmodat, fchmod, chmod: the mode's permission, set-id and sticky bits; the type stays. */
static void chmod_cases(void)
{
	long fd;

	put_file("cm", "x");
	symlinkat("cm", AT_FDCWD, "cml");
	expect("user.fs.fchmodat", syscall3(__NR_fchmodat, AT_FDCWD, "cm", 0700), 0);
	expect("user.fs.fchmodat.mode", mode_of("cm"), S_IFREG | 0700);
	expect("user.fs.fchmodat.type_bits_ignored",
	       syscall3(__NR_fchmodat, AT_FDCWD, "cm", S_IFDIR | 07755), 0);
	expect("user.fs.fchmodat.setid_sticky", mode_of("cm"), S_IFREG | 07755);
	expect("user.fs.fchmodat.symlink_followed", syscall3(__NR_fchmodat, AT_FDCWD, "cml", 0640),
	       0);
	expect("user.fs.fchmodat.symlink_target_mode", mode_of("cm"), S_IFREG | 0640);
	expect("user.fs.fchmodat.symlink_own_mode", mode_of("cml"), S_IFLNK | 0777);
	expect("user.fs.fchmodat.no_such_file", syscall3(__NR_fchmodat, AT_FDCWD, "nosuch", 0644),
	       -ENOENT);
	expect("user.fs.fchmodat.bad_pointer", syscall3(__NR_fchmodat, AT_FDCWD, 8, 0644), -EFAULT);
	fd = open3("cm", O_RDONLY, 0);
	expect("user.fs.fchmod.read_only_fd", syscall2(__NR_fchmod, fd, 0604), 0);
	expect("user.fs.fchmod.mode", mode_of("cm"), S_IFREG | 0604);
	close((int)fd);
	expect("user.fs.fchmod.bad_fd", syscall2(__NR_fchmod, 999, 0644), -EBADF);
	expect("user.fs.fchmodat.dir", syscall3(__NR_fchmodat, AT_FDCWD, ".", 0700), 0);
	expect("user.fs.fchmodat.dir_mode", mode_of("."), S_IFDIR | 0700);
	syscall3(__NR_fchmodat, AT_FDCWD, ".", 0755);
#ifdef __NR_chmod
	expect("user.fs.chmod", syscall2(__NR_chmod, "cm", 0444), 0);
	expect("user.fs.chmod.mode", mode_of("cm"), S_IFREG | 0444);
#endif
	unlinkat(AT_FDCWD, "cml", 0);
	unlinkat(AT_FDCWD, "cm", 0);
}

static void names_cases(void)
{
	char buf[128], list[256];
	long fd;

	/* mkdirat */
	expect("user.fs.mkdirat.exists", mkdirat(AT_FDCWD, "d", 0755), -EEXIST);
	expect("user.fs.mkdirat.exists_file", mkdirat(AT_FDCWD, "f", 0755), -EEXIST);
	expect("user.fs.mkdirat.exists_symlink", mkdirat(AT_FDCWD, "dangling", 0755), -EEXIST);
	expect("user.fs.mkdirat.root", mkdirat(AT_FDCWD, "/", 0755), -EEXIST);
	expect("user.fs.mkdirat.dot", mkdirat(AT_FDCWD, ".", 0755), -EEXIST);
	expect("user.fs.mkdirat.dotdot", mkdirat(AT_FDCWD, "d/..", 0755), -EEXIST);
	expect("user.fs.mkdirat.name_empty", mkdirat(AT_FDCWD, "", 0755), -ENOENT);
	expect("user.fs.mkdirat.missing_parent", mkdirat(AT_FDCWD, "no/d", 0755), -ENOENT);
	expect("user.fs.mkdirat.file_parent", mkdirat(AT_FDCWD, "f/d", 0755), -ENOTDIR);
	expect("user.fs.mkdirat.bad_path", mkdirat(AT_FDCWD, BAD_PTR, 0755), -EFAULT);
	expect("user.fs.mkdirat.trailing_slash", mkdirat(AT_FDCWD, "e/", 0755), 0);
	fd = open3("d", O_RDONLY | O_DIRECTORY, 0);
	expect("user.fs.mkdirat.dirfd", mkdirat((int)fd, "e", 0755), 0);
	expect("user.fs.mkdirat.dirfd_made", mode_of("d/e"), S_IFDIR | 0755);
	expect("user.fs.mkdirat.bad_dirfd", mkdirat(999, "e", 0755), -EBADF);

	/* getdents64 */
	expect("user.fs.getdents64.count", list_dir("d", list, sizeof(list)), 4);
	expect("user.fs.getdents64.names", strcmp(list, "..:4 .:4 e:4 inner:8 "), 0);
	if (strcmp(list, "..:4 .:4 e:4 inner:8 "))
		printf("getdents64 gave: %s\n", list);
	symlinkat("inner", (int)fd, "link");
	list_dir("d", list, sizeof(list));
	expect("user.fs.getdents64.symlink_type", strcmp(list, "..:4 .:4 e:4 inner:8 link:10 "), 0);
	expect("user.fs.getdents64.small_buffer", syscall3(__NR_getdents64, fd, buf, 8), -EINVAL);
	expect("user.fs.getdents64.bad_buffer", syscall3(__NR_getdents64, fd, BAD_PTR, 128),
	       -EFAULT);
	expect("user.fs.getdents64.bad_fd", syscall3(__NR_getdents64, 999, buf, 128), -EBADF);
	{
		long ffd = open3("f", O_RDONLY, 0);

		expect("user.fs.getdents64.file", syscall3(__NR_getdents64, ffd, buf, 128),
		       -ENOTDIR);
		close((int)ffd);
	}
	/* After a rewind it lists again. */
	while (syscall3(__NR_getdents64, fd, buf, sizeof(buf)) > 0)
		;
	expect("user.fs.getdents64.end", syscall3(__NR_getdents64, fd, buf, sizeof(buf)), 0);
	lseek((int)fd, 0, SEEK_SET);
	expect("user.fs.getdents64.rewind", syscall3(__NR_getdents64, fd, buf, sizeof(buf)) > 0, 1);

	/* unlinkat */
	expect("user.fs.unlinkat.dir_no_flag", unlinkat(AT_FDCWD, "d/e", 0), -EISDIR);
	expect("user.fs.unlinkat.not_empty", unlinkat(AT_FDCWD, "d", AT_REMOVEDIR), -ENOTEMPTY);
	expect("user.fs.unlinkat.file_removedir", unlinkat(AT_FDCWD, "f", AT_REMOVEDIR), -ENOTDIR);
	expect("user.fs.unlinkat.symlink_removedir", unlinkat(AT_FDCWD, "d/link", AT_REMOVEDIR),
	       -ENOTDIR);
	expect("user.fs.unlinkat.dot", unlinkat(AT_FDCWD, "d/e/.", AT_REMOVEDIR), -EINVAL);
	expect("user.fs.unlinkat.dotdot", unlinkat(AT_FDCWD, "d/e/..", AT_REMOVEDIR), -ENOTEMPTY);
	expect("user.fs.unlinkat.root", unlinkat(AT_FDCWD, "/", AT_REMOVEDIR), -EBUSY);
	expect("user.fs.unlinkat.dot_no_flag", unlinkat(AT_FDCWD, ".", 0), -EISDIR);
	expect("user.fs.unlinkat.file_slash", unlinkat(AT_FDCWD, "f/", 0), -ENOTDIR);
	expect("user.fs.unlinkat.missing", unlinkat(AT_FDCWD, "nosuch", 0), -ENOENT);
	expect("user.fs.unlinkat.bad_flags", unlinkat(AT_FDCWD, "f", 1), -EINVAL);
	expect("user.fs.unlinkat.bad_path", unlinkat(AT_FDCWD, BAD_PTR, 0), -EFAULT);
	expect("user.fs.unlinkat.file_as_dir", unlinkat(AT_FDCWD, "f/x", 0), -ENOTDIR);
	expect("user.fs.unlinkat.dirfd_rmdir", unlinkat((int)fd, "e", AT_REMOVEDIR), 0);
	expect("user.fs.unlinkat.rmdir_gone", mode_of("d/e"), -ENOENT);
	/* A symlink goes, not its target. */
	expect("user.fs.unlinkat.symlink", unlinkat((int)fd, "link", 0), 0);
	expect("user.fs.unlinkat.symlink_target_kept", mode_of("d/inner"), S_IFREG | 0600);
	/* An open file outlives its name. */
	{
		long ffd = open3("d/inner", O_RDWR, 0);

		expect("user.fs.unlinkat.file", unlinkat((int)fd, "inner", 0), 0);
		expect("user.fs.unlinkat.open_file_writes", write((int)ffd, "abc", 3), 3);
		memset(buf, 0, sizeof(buf));
		expect("user.fs.unlinkat.open_file_reads",
		       syscall4(__NR_pread64, ffd, buf, 3, 0) == 3 && !strcmp(buf, "abc"), 1);
		close((int)ffd);
	}
	expect("user.fs.unlinkat.empty_now", list_dir("d", list, sizeof(list)), 2);
	close((int)fd);

	/* symlinkat and readlinkat */
	expect("user.fs.symlinkat.exists", symlinkat("x", AT_FDCWD, "f"), -EEXIST);
	expect("user.fs.symlinkat.missing_dir", symlinkat("x", AT_FDCWD, "no/l"), -ENOENT);
	expect("user.fs.symlinkat.trailing_slash", symlinkat("x", AT_FDCWD, "ls/"), -ENOENT);
	expect("user.fs.symlinkat.exists_slash", symlinkat("x", AT_FDCWD, "d/"), -EEXIST);
	expect("user.fs.symlinkat.empty_target", symlinkat("", AT_FDCWD, "l0"), -ENOENT);
	expect("user.fs.symlinkat.bad_target", symlinkat(BAD_PTR, AT_FDCWD, "l0"), -EFAULT);
	expect("user.fs.symlinkat.dangling_ok", symlinkat("../../no/such", AT_FDCWD, "ld"), 0);
	memset(buf, 0, sizeof(buf));
	expect("user.fs.readlinkat.length", readlinkat(AT_FDCWD, "ld", buf, sizeof(buf)), 13);
	expect("user.fs.readlinkat.text", strcmp(buf, "../../no/such"), 0);
	memset(buf, 0, sizeof(buf));
	expect("user.fs.readlinkat.short", readlinkat(AT_FDCWD, "ld", buf, 4), 4);
	expect("user.fs.readlinkat.short_no_nul", buf[3] == '.' && buf[4] == 0, 1);
	expect("user.fs.readlinkat.file", readlinkat(AT_FDCWD, "f", buf, sizeof(buf)), -EINVAL);
	expect("user.fs.readlinkat.dir", readlinkat(AT_FDCWD, "d", buf, sizeof(buf)), -EINVAL);
	expect("user.fs.readlinkat.zero_size", readlinkat(AT_FDCWD, "ld", buf, 0), -EINVAL);
	expect("user.fs.readlinkat.missing", readlinkat(AT_FDCWD, "nosuch", buf, 16), -ENOENT);
	expect("user.fs.readlinkat.bad_buffer", readlinkat(AT_FDCWD, "ld", BAD_PTR, 16), -EFAULT);
	expect("user.fs.readlinkat.through_dir_link",
	       (symlinkat(".", AT_FDCWD, "here"), readlinkat(AT_FDCWD, "here/ld", buf, 16)), 13);
	unlinkat(AT_FDCWD, "here", 0);
	unlinkat(AT_FDCWD, "ld", 0);

	/* renameat2 */
	put_file("r1", "one");
	put_file("r2", "two");
	expect("user.fs.renameat2.file", renameat2(AT_FDCWD, "r1", AT_FDCWD, "r3", 0), 0);
	expect("user.fs.renameat2.old_gone", mode_of("r1"), -ENOENT);
	expect("user.fs.renameat2.new_there", strcmp(get_file("r3", buf, 8), "one"), 0);
	expect("user.fs.renameat2.noreplace",
	       renameat2(AT_FDCWD, "r3", AT_FDCWD, "r2", RENAME_NOREPLACE), -EEXIST);
	expect("user.fs.renameat2.exchange",
	       renameat2(AT_FDCWD, "r3", AT_FDCWD, "r2", RENAME_EXCHANGE), 0);
	expect("user.fs.renameat2.exchanged", strcmp(get_file("r3", buf, 8), "two"), 0);
	expect("user.fs.renameat2.exchange_missing",
	       renameat2(AT_FDCWD, "r3", AT_FDCWD, "r9", RENAME_EXCHANGE), -ENOENT);
	expect("user.fs.renameat2.both_flags",
	       renameat2(AT_FDCWD, "r3", AT_FDCWD, "r2", RENAME_NOREPLACE | RENAME_EXCHANGE),
	       -EINVAL);
	expect("user.fs.renameat2.bad_flags", renameat2(AT_FDCWD, "r3", AT_FDCWD, "r2", 0x100),
	       -EINVAL);
	expect("user.fs.renameat2.replace", renameat2(AT_FDCWD, "r3", AT_FDCWD, "r2", 0), 0);
	expect("user.fs.renameat2.replaced", strcmp(get_file("r2", buf, 8), "two"), 0);
	expect("user.fs.renameat2.same", renameat2(AT_FDCWD, "r2", AT_FDCWD, "r2", 0), 0);
	expect("user.fs.renameat2.missing", renameat2(AT_FDCWD, "r1", AT_FDCWD, "r4", 0), -ENOENT);
	mkdirat(AT_FDCWD, "da", 0755);
	mkdirat(AT_FDCWD, "db", 0755);
	mkdirat(AT_FDCWD, "dc", 0755);
	put_file("dc/x", "");
	expect("user.fs.renameat2.file_over_dir", renameat2(AT_FDCWD, "r2", AT_FDCWD, "da", 0),
	       -EISDIR);
	expect("user.fs.renameat2.dir_over_file", renameat2(AT_FDCWD, "da", AT_FDCWD, "r2", 0),
	       -ENOTDIR);
	expect("user.fs.renameat2.dir_over_full_dir", renameat2(AT_FDCWD, "da", AT_FDCWD, "dc", 0),
	       -ENOTEMPTY);
	expect("user.fs.renameat2.dir_into_itself", renameat2(AT_FDCWD, "da", AT_FDCWD, "da/x", 0),
	       -EINVAL);
	expect("user.fs.renameat2.dir_over_empty_dir", renameat2(AT_FDCWD, "da", AT_FDCWD, "db", 0),
	       0);
	expect("user.fs.renameat2.dir_moved", mode_of("da"), -ENOENT);
	expect("user.fs.renameat2.into_dir", renameat2(AT_FDCWD, "r2", AT_FDCWD, "db/r", 0), 0);
	expect("user.fs.renameat2.dir_nlink_parent",
	       (mkdirat(AT_FDCWD, "db/s", 0755), renameat2(AT_FDCWD, "db/s", AT_FDCWD, "s", 0),
		nlink_of("db")),
	       2);
	expect("user.fs.renameat2.file_as_dir", renameat2(AT_FDCWD, "f/x", AT_FDCWD, "y", 0),
	       -ENOTDIR);
	expect("user.fs.renameat2.dot", renameat2(AT_FDCWD, "db/.", AT_FDCWD, "z", 0), -EBUSY);
	expect("user.fs.renameat2.root", renameat2(AT_FDCWD, "/", AT_FDCWD, "z", 0), -EBUSY);
	expect("user.fs.renameat2.to_dot", renameat2(AT_FDCWD, "r2", AT_FDCWD, ".", 0), -EBUSY);
	expect("user.fs.renameat2.to_dot_noreplace",
	       renameat2(AT_FDCWD, "r2", AT_FDCWD, ".", RENAME_NOREPLACE), -EEXIST);
	expect("user.fs.renameat2.file_slash", renameat2(AT_FDCWD, "f/", AT_FDCWD, "z", 0),
	       -ENOTDIR);
	expect("user.fs.renameat2.to_slash", renameat2(AT_FDCWD, "f", AT_FDCWD, "z/", 0), -ENOTDIR);
	expect("user.fs.renameat2.onto_ancestor", renameat2(AT_FDCWD, "dc/x", AT_FDCWD, ".", 0),
	       -EBUSY);
	expect("user.fs.renameat2.bad_path", renameat2(AT_FDCWD, BAD_PTR, AT_FDCWD, "z", 0),
	       -EFAULT);
	expect("user.fs.renameat2.bad_dirfd", renameat2(999, "db", AT_FDCWD, "z", 0), -EBADF);
	unlinkat(AT_FDCWD, "s", AT_REMOVEDIR);
	unlinkat(AT_FDCWD, "db/r", 0);
	unlinkat(AT_FDCWD, "db", AT_REMOVEDIR);
	unlinkat(AT_FDCWD, "dc/x", 0);
	unlinkat(AT_FDCWD, "dc", AT_REMOVEDIR);
}

static void cwd_cases(void)
{
	char buf[128], want[80];
	long fd;

	memset(buf, 0, sizeof(buf));
	expect("user.fs.getcwd.length", getcwd(buf, sizeof(buf)), (long)strlen(base) + 1);
	expect("user.fs.getcwd.base", strcmp(buf, base), 0);
	expect("user.fs.getcwd.too_small", getcwd(buf, 5), -ERANGE);
	expect("user.fs.getcwd.zero", getcwd(buf, 0), -ERANGE);
	expect("user.fs.getcwd.bad_buffer", getcwd(BAD_PTR, 128), -EFAULT);
	expect("user.fs.chdir.dir", chdir("d"), 0);
	snprintf(want, sizeof(want), "%s/d", base);
	getcwd(buf, sizeof(buf));
	expect("user.fs.chdir.getcwd", strcmp(buf, want), 0);
	expect("user.fs.chdir.relative_open", mode_of("../f"), S_IFREG | 0644);
	expect("user.fs.chdir.dotdot", chdir(".."), 0);
	expect("user.fs.chdir.file", chdir("f"), -ENOTDIR);
	expect("user.fs.chdir.missing", chdir("nosuch"), -ENOENT);
	expect("user.fs.chdir.bad_path", chdir(BAD_PTR), -EFAULT);
	expect("user.fs.chdir.through_symlink", (symlinkat("d", AT_FDCWD, "ldir"), chdir("ldir")),
	       0);
	getcwd(buf, sizeof(buf));
	expect("user.fs.chdir.symlink_resolved", strcmp(buf, want), 0);
	chdir(base);
	unlinkat(AT_FDCWD, "ldir", 0);
	fd = open3("d", O_RDONLY | O_DIRECTORY, 0);
	expect("user.fs.fchdir.dir", syscall1(__NR_fchdir, fd), 0);
	getcwd(buf, sizeof(buf));
	expect("user.fs.fchdir.getcwd", strcmp(buf, want), 0);
	close((int)fd);
	chdir("/");
	getcwd(buf, sizeof(buf));
	expect("user.fs.getcwd.root", strcmp(buf, "/"), 0);
	chdir(base);
	fd = open3("f", O_RDONLY, 0);
	expect("user.fs.fchdir.file", syscall1(__NR_fchdir, fd), -ENOTDIR);
	close((int)fd);
	expect("user.fs.fchdir.bad_fd", syscall1(__NR_fchdir, 999), -EBADF);
	/* A removed cwd: getcwd fails, ".." still works. */
	mkdirat(AT_FDCWD, "gone", 0755);
	chdir("gone");
	expect("user.fs.unlinkat.cwd", unlinkat(AT_FDCWD, "../gone", AT_REMOVEDIR), 0);
	expect("user.fs.getcwd.removed", getcwd(buf, sizeof(buf)), -ENOENT);
	expect("user.fs.openat.in_removed", open3("x", O_WRONLY | O_CREAT, 0644), -ENOENT);
	expect("user.fs.chdir.out_of_removed", chdir(".."), 0);
	getcwd(buf, sizeof(buf));
	expect("user.fs.getcwd.after_removed", strcmp(buf, base), 0);
}

static void fd_cases(const char *self)
{
	long fd, fd2, fd3;
	char buf[8];

	fd = open3("f", O_RDONLY, 0);
	fd2 = dup((int)fd);
	expect("user.fs.dup.next", fd2, fd + 1);
	expect("user.fs.dup.no_cloexec", fcntl((int)fd2, F_GETFD, 0), 0);
	/* dup'd fds share one offset. */
	lseek((int)fd, 3, SEEK_SET);
	expect("user.fs.dup.shared_offset", lseek((int)fd2, 0, SEEK_CUR), 3);
	expect("user.fs.dup.bad_fd", dup(999), -EBADF);
	expect("user.fs.dup3.cloexec", dup3((int)fd, 50, O_CLOEXEC), 50);
	expect("user.fs.dup3.cloexec_set", fcntl(50, F_GETFD, 0), FD_CLOEXEC);
	expect("user.fs.dup3.replaces", dup3((int)fd2, 50, 0), 50);
	expect("user.fs.dup3.replaced_no_cloexec", fcntl(50, F_GETFD, 0), 0);
	expect("user.fs.dup3.same", dup3(50, 50, 0), -EINVAL);
	expect("user.fs.dup3.bad_flags", dup3((int)fd, 51, 1), -EINVAL);
	expect("user.fs.dup3.bad_fd", dup3(999, 51, 0), -EBADF);
	close(50);
	expect("user.fs.fcntl.dupfd", fcntl((int)fd, F_DUPFD, 40), 40);
	expect("user.fs.fcntl.dupfd_next", fcntl((int)fd, F_DUPFD, 40), 41);
	expect("user.fs.fcntl.dupfd_no_cloexec", fcntl(40, F_GETFD, 0), 0);
	expect("user.fs.fcntl.dupfd_cloexec", fcntl((int)fd, F_DUPFD_CLOEXEC, 40), 42);
	expect("user.fs.fcntl.dupfd_cloexec_set", fcntl(42, F_GETFD, 0), FD_CLOEXEC);
	expect("user.fs.fcntl.setfd", fcntl(40, F_SETFD, FD_CLOEXEC), 0);
	expect("user.fs.fcntl.getfd", fcntl(40, F_GETFD, 0), FD_CLOEXEC);
	expect("user.fs.fcntl.setfd_clear", fcntl(40, F_SETFD, 0), 0);
	expect("user.fs.fcntl.getfd_cleared", fcntl(40, F_GETFD, 0), 0);
	expect("user.fs.fcntl.dupfd_negative", fcntl((int)fd, F_DUPFD, -1), -EINVAL);
	close(40);
	close(41);
	close(42);
	expect("user.fs.fcntl.bad_fd", fcntl(999, F_GETFD, 0), -EBADF);
	expect("user.fs.fcntl.bad_cmd", fcntl((int)fd, 9999, 0), -EINVAL);
	close((int)fd);
	close((int)fd2);
	/* F_SETFL changes O_APPEND and O_NONBLOCK, never the access mode; dups share them. */
	fd = open3("f", O_RDONLY, 0);
	fd2 = dup((int)fd);
	expect("user.fs.fcntl.getfl_rdonly", fcntl((int)fd, F_GETFL, 0) & O_ACCMODE, O_RDONLY);
	expect("user.fs.fcntl.setfl", fcntl((int)fd, F_SETFL, O_RDWR | O_APPEND | O_NONBLOCK), 0);
	expect("user.fs.fcntl.getfl_set",
	       fcntl((int)fd, F_GETFL, 0) & (O_ACCMODE | O_APPEND | O_NONBLOCK),
	       O_RDONLY | O_APPEND | O_NONBLOCK);
	expect("user.fs.fcntl.getfl_shared", fcntl((int)fd2, F_GETFL, 0) & O_NONBLOCK, O_NONBLOCK);
	expect("user.fs.fcntl.setfl_clear", fcntl((int)fd, F_SETFL, 0), 0);
	expect("user.fs.fcntl.getfl_cleared", fcntl((int)fd, F_GETFL, 0) & (O_APPEND | O_NONBLOCK),
	       0);
	close((int)fd);
	close((int)fd2);

	/* Close-on-exec: the program run next sees fd3 but not fd. */
	fd = open3("f", O_RDONLY | O_CLOEXEC, 0);
	fd3 = open3("f", O_RDONLY, 0);
	{
		char a1[8], a2[8];
		const char *argv[] = { self, "cloexec", a1, a2, NULL };
		const char *envp[] = { NULL };
		long pid = fork();
		int status = -1;

		snprintf(a1, sizeof(a1), "%ld", fd);
		snprintf(a2, sizeof(a2), "%ld", fd3);
		if (pid == 0) {
			/* This program again: by /proc/self/exe, else by the name it was run by. */
			execve("/proc/self/exe", argv, envp);
			execve(self, argv, envp);
			exit(99);
		}
		waitpid((int)pid, &status, 0);
		expect("user.fs.execve.cloexec", status, 0);
	}
	close((int)fd);
	close((int)fd3);
	(void)buf;
}

/* The old-style calls of x86_64, powerpc and s390: each as its *at form. */
static void old_style_cases(void)
{
	char buf[16];
	static struct stat st;
	long fd;

	(void)buf;
	(void)st;
	(void)fd;
#ifdef __NR_open
	fd = syscall3(__NR_open, "o1", O_WRONLY | O_CREAT, 0644);
	expect_ok("user.fs.open.creat", fd);
	close((int)fd);
	expect("user.fs.open.missing", syscall3(__NR_open, "nosuch", O_RDONLY, 0), -ENOENT);
#endif
#ifdef __NR_creat
	fd = syscall2(__NR_creat, "o2", 0600);
	expect_ok("user.fs.creat", fd);
	expect("user.fs.creat.write_only", read((int)fd, buf, 1), -EBADF);
	close((int)fd);
	expect("user.fs.creat.mode", mode_of("o2"), S_IFREG | 0600);
	unlinkat(AT_FDCWD, "o2", 0);
#endif
#ifdef __NR_stat
	expect("user.fs.stat.file", syscall2(__NR_stat, "f", &st), 0);
	expect("user.fs.stat.size", (long)st.st_size, 5);
	expect("user.fs.stat.missing", syscall2(__NR_stat, "nosuch", &st), -ENOENT);
#endif
#ifdef __NR_lstat
	expect("user.fs.lstat.symlink", syscall2(__NR_lstat, "lf", &st), 0);
	expect("user.fs.lstat.symlink_mode", st.st_mode, S_IFLNK | 0777);
	expect("user.fs.lstat.loop", syscall2(__NR_lstat, "loop1", &st), 0);
	expect("user.fs.stat.loop", syscall2(__NR_stat, "loop1", &st), -ELOOP);
#endif
#ifdef __NR_access
	expect("user.fs.access.f_ok", syscall2(__NR_access, "f", F_OK), 0);
	expect("user.fs.access.x", syscall2(__NR_access, "f", X_OK), -EACCES);
#endif
#ifdef __NR_mkdir
	expect("user.fs.mkdir", syscall2(__NR_mkdir, "od", 0755), 0);
	expect("user.fs.mkdir.exists", syscall2(__NR_mkdir, "od", 0755), -EEXIST);
#endif
#ifdef __NR_rename
	expect("user.fs.rename", syscall2(__NR_rename, "od", "od2"), 0);
#endif
#ifdef __NR_rmdir
	expect("user.fs.rmdir.file", syscall1(__NR_rmdir, "f"), -ENOTDIR);
	expect("user.fs.rmdir", syscall1(__NR_rmdir, "od2"), 0);
#endif
#ifdef __NR_symlink
	expect("user.fs.symlink", syscall2(__NR_symlink, "o1", "ol"), 0);
#endif
#ifdef __NR_readlink
	expect("user.fs.readlink", syscall3(__NR_readlink, "ol", buf, sizeof(buf)), 2);
	expect("user.fs.readlink.file", syscall3(__NR_readlink, "f", buf, sizeof(buf)), -EINVAL);
#endif
#ifdef __NR_unlink
	expect("user.fs.unlink.dir", syscall1(__NR_unlink, "d"), -EISDIR);
	expect("user.fs.unlink", syscall1(__NR_unlink, "ol"), 0);
#endif
	unlinkat(AT_FDCWD, "o1", 0);
	unlinkat(AT_FDCWD, "ol", 0);
}

/* The names every case left behind, then the base directory itself. */
static void cleanup(void)
{
	static const char *const files[] = { "f",	 "g",  "lf", "loop1", "loop2",	 "made",
					     "dangling", "l0", "o1", "ol",    "longlink" };
	unsigned int i;
	char list[256];

	for (i = 0; i < ARRAY_SIZE(files); i++)
		unlinkat(AT_FDCWD, files[i], 0);
	unlinkat(AT_FDCWD, "d", AT_REMOVEDIR);
	unlinkat(AT_FDCWD, "e", AT_REMOVEDIR);
	expect("user.fs.cleanup.empty", list_dir(".", list, sizeof(list)), 2);
	if (list[0] && strcmp(list, "..:4 .:4 "))
		printf("left behind: %s\n", list);
	chdir("/tmp");
	expect("user.fs.cleanup.base", unlinkat(AT_FDCWD, base, AT_REMOVEDIR), 0);
}

/* The program execve'd by fd_cases(): fd closed, fd kept open. */
static int cloexec_child(const char *closed, const char *kept)
{
	long a = (long)parse_count(closed, 1023), b = (long)parse_count(kept, 1023);

	if (fcntl((int)a, F_GETFD, 0) != -EBADF)
		return 1;
	if (fcntl((int)b, F_GETFD, 0) != 0)
		return 2;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "cloexec"))
		return cloexec_child(argv[2], argv[3]);
	umask(022);
	snprintf(base, sizeof(base), "/tmp/fstest-%ld", getpid());
	expect("user.fs.mkdirat.base", mkdirat(AT_FDCWD, base, 0755), 0);
	expect("user.fs.chdir.base", chdir(base), 0);
	open_cases();
	limit_cases();
	io_cases();
	meta_cases();
	chmod_cases();
	names_cases();
	cwd_cases();
	fd_cases(argv[0]);
	old_style_cases();
	cleanup();
	return test_failures;
}
