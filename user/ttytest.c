// SPDX-License-Identifier: MIT
/*
 * ttytest [-t | read | raw]: the terminal's settings, its line discipline, and poll.
 *
 * With no argument it checks only what Linux does the same on any file:
 * terminal requests on a pipe (-ENOTTY), and poll and ppoll on pipes
 * (readiness, POLLHUP, POLLERR, POLLNVAL, timeouts, errors). It uses Linux
 * calls only, so make test runs it under Linux too (tools/run-on-linux),
 * where its fd 0 is no terminal: every expected value there is Linux's.
 *
 * -t adds the console's own cases, for the test image: the default settings,
 * TCSETS round trips, the window size, and canonical and raw reads of keys
 * typed with TIOCSTI (erase, kill, EOF, ICRNL, VMIN and VTIME).
 *
 * "read" and "raw" are for a person (or tools/pty-run-test) at the console:
 * read reads one line as the console is set and shows what it got; raw reads
 * three keys one at a time, with no echo, and shows each as it comes.
 */
#include "lib/ulib.h"

#include <uapi/fcntl.h>
#include <uapi/signal.h>

static u64 now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000 + (u64)ts.tv_nsec / 1000000;
}

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Terminal requests on a file that is no terminal: Linux's -ENOTTY; a closed fd -EBADF. */
static void test_enotty(void)
{
	struct termios t;
	struct winsize ws;
	int p[2];
	long get, set, win, bad;

	if (pipe2(p, 0) < 0) {
		CHECK("user.tty.enotty_on_pipe", false, "no pipe");
		return;
	}
	get = ioctl(p[0], TCGETS, &t);
	set = ioctl(p[1], TCSETS, &t);
	win = ioctl(p[0], TIOCGWINSZ, &ws);
	bad = ioctl(99, TCGETS, &t);
	CHECK("user.tty.enotty_on_pipe", get == -ENOTTY && set == -ENOTTY && win == -ENOTTY,
	      "TCGETS %ld, TCSETS %ld, TIOCGWINSZ %ld on a pipe, want -ENOTTY", get, set, win);
	CHECK("user.tty.ebadf", bad == -EBADF, "TCGETS on fd 99 gave %ld", bad);
	close(p[0]);
	close(p[1]);
}

/*
 * A regular file and /dev/null: no terminal (-ENOTTY), and always ready, as
 * Linux's files without a poll method are.
 */
static void test_files(void)
{
	long fd =
	    syscall4(__NR_openat, AT_FDCWD, "/tmp/ttytest.file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	long null = syscall4(__NR_openat, AT_FDCWD, "/dev/null", O_RDWR, 0);
	struct pollfd fds[2] = { { .fd = (int)fd, .events = POLLIN | POLLOUT | POLLPRI },
				 { .fd = (int)null, .events = POLLIN | POLLOUT } };
	struct termios t;
	long get = -1, getnull = -1, n;

	if (fd >= 0)
		get = ioctl((int)fd, TCGETS, &t);
	if (null >= 0)
		getnull = ioctl((int)null, TCGETS, &t);
	CHECK("user.tty.enotty_on_files",
	      fd >= 0 && null >= 0 && get == -ENOTTY && getnull == -ENOTTY,
	      "open %ld and %ld, TCGETS %ld on a file, %ld on /dev/null", fd, null, get, getnull);
	n = poll(fds, 2, -1);
	CHECK("user.poll.files_ready",
	      n == 2 && fds[0].revents == (POLLIN | POLLOUT) &&
		  fds[1].revents == (POLLIN | POLLOUT),
	      "%ld ready, revents 0x%x (file) 0x%x (/dev/null)", n, fds[0].revents, fds[1].revents);
	if (fd >= 0)
		close((int)fd);
	if (null >= 0)
		close((int)null);
	syscall3(__NR_unlinkat, AT_FDCWD, "/tmp/ttytest.file", 0);
}

/* One pollfd's poll with timeout 0: the count, and its revents in *revents. */
static long poll1(int fd, short events, short *revents)
{
	struct pollfd pfd = { .fd = fd, .events = events, .revents = 0x7777 };
	long n = poll(&pfd, 1, 0);

	*revents = pfd.revents;
	return n;
}

static void test_poll_pipe(void)
{
	int p[2];
	short rr = 0, rw = 0;
	long nr, nw;
	char c = 'x';

	if (pipe2(p, 0) < 0) {
		CHECK("user.poll.pipe", false, "no pipe");
		return;
	}
	nr = poll1(p[0], POLLIN, &rr);
	nw = poll1(p[1], POLLOUT, &rw);
	CHECK("user.poll.empty_pipe", nr == 0 && rr == 0 && nw == 1 && rw == POLLOUT,
	      "read end %ld revents 0x%x, write end %ld revents 0x%x", nr, rr, nw, rw);
	write(p[1], &c, 1);
	nr = poll1(p[0], POLLIN | POLLRDNORM | POLLOUT, &rr);
	CHECK("user.poll.pipe_data", nr == 1 && rr == (POLLIN | POLLRDNORM),
	      "read end %ld revents 0x%x, want 1 and 0x%x", nr, rr, POLLIN | POLLRDNORM);
	close(p[1]);
	nr = poll1(p[0], POLLIN, &rr);
	CHECK("user.poll.pipe_hup_with_data", nr == 1 && rr == (POLLIN | POLLHUP),
	      "%ld revents 0x%x, want POLLIN|POLLHUP", nr, rr);
	read(p[0], &c, 1);
	nr = poll1(p[0], 0, &rr);
	CHECK("user.poll.pipe_hup_unasked", nr == 1 && rr == POLLHUP,
	      "%ld revents 0x%x: POLLHUP comes unasked", nr, rr);
	close(p[0]);

	if (pipe2(p, 0) < 0)
		return;
	close(p[0]);
	nw = poll1(p[1], POLLOUT, &rw);
	CHECK("user.poll.pipe_no_reader", nw == 1 && rw == (POLLOUT | POLLERR),
	      "%ld revents 0x%x, want POLLOUT|POLLERR", nw, rw);
	close(p[1]);
}

/* Negative fds are skipped, closed ones are POLLNVAL; only entries with revents count. */
static void test_poll_fds(void)
{
	int p[2], q[2];
	struct pollfd fds[4];
	long n;

	if (pipe2(p, 0) < 0 || pipe2(q, 0) < 0) {
		CHECK("user.poll.fds", false, "no pipes");
		return;
	}
	write(q[1], "y", 1);
	fds[0] = (struct pollfd){ .fd = p[0], .events = POLLIN, .revents = 0x11 };
	fds[1] = (struct pollfd){ .fd = -1, .events = POLLIN, .revents = 0x11 };
	fds[2] = (struct pollfd){ .fd = 99, .events = POLLIN, .revents = 0x11 };
	fds[3] = (struct pollfd){ .fd = q[0], .events = POLLIN, .revents = 0x11 };
	n = poll(fds, 4, 0);
	CHECK("user.poll.fds",
	      n == 2 && fds[0].revents == 0 && fds[1].revents == 0 && fds[2].revents == POLLNVAL &&
		  fds[3].revents == POLLIN,
	      "%ld ready, revents 0x%x 0x%x 0x%x 0x%x", n, fds[0].revents, fds[1].revents,
	      fds[2].revents, fds[3].revents);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
}

/* Timeouts: 0 looks once; a timeout waits at least that long; a write wakes a waiter. */
static void test_poll_timeouts(void)
{
	struct pollfd pfd;
	struct timespec ts;
	int p[2];
	long n, pid;
	u64 t0, took;
	int st = -1;

	if (pipe2(p, 0) < 0) {
		CHECK("user.poll.timeout", false, "no pipe");
		return;
	}
	pfd = (struct pollfd){ .fd = p[0], .events = POLLIN };
	t0 = now_ms();
	n = poll(&pfd, 1, 50);
	took = now_ms() - t0;
	CHECK("user.poll.timeout_ms", n == 0 && took >= 50 && took < 5000,
	      "poll(50 ms) gave %ld after %llu ms", n, (unsigned long long)took);

	ts = (struct timespec){ .tv_sec = 0, .tv_nsec = 30000000L };
	t0 = now_ms();
	n = ppoll(&pfd, 1, &ts, NULL, 0);
	took = now_ms() - t0;
	CHECK("user.poll.ppoll_timeout", n == 0 && took >= 30 && took < 5000,
	      "ppoll(30 ms) gave %ld after %llu ms", n, (unsigned long long)took);
	CHECK("user.poll.ppoll_time_left", ts.tv_sec == 0 && ts.tv_nsec == 0,
	      "time left {%ld, %ld}, want {0, 0}", ts.tv_sec, ts.tv_nsec);

	/* No timeout: a child's write 30 ms later wakes us. */
	pid = fork();
	if (pid == 0) {
		msleep(30);
		write(p[1], "z", 1);
		exit(0);
	}
	pfd.revents = 0;
	n = ppoll(&pfd, 1, NULL, NULL, 0);
	waitpid((int)pid, &st, 0);
	CHECK("user.poll.woken_by_write", n == 1 && pfd.revents == POLLIN,
	      "ppoll with no timeout gave %ld, revents 0x%x", n, pfd.revents);

	/* A long timeout, ended early by the write: the time left is written back. */
	read(p[0], &st, 1);
	pid = fork();
	if (pid == 0) {
		msleep(30);
		write(p[1], "z", 1);
		exit(0);
	}
	ts = (struct timespec){ .tv_sec = 100, .tv_nsec = 0 };
	n = ppoll(&pfd, 1, &ts, NULL, 0);
	waitpid((int)pid, &st, 0);
	CHECK("user.poll.ppoll_time_left_early",
	      n == 1 && (ts.tv_sec == 99 || ts.tv_sec == 98) && ts.tv_nsec >= 0 &&
		  ts.tv_nsec < 1000000000L,
	      "%ld ready, time left {%ld, %ld}, want about 99.97 s", n, ts.tv_sec, ts.tv_nsec);
	close(p[0]);
	close(p[1]);
}

/* Linux's errors: a bad array, a bad timespec, a bad sigset size, too many fds. */
static void test_poll_errors(void)
{
	struct pollfd pfd = { .fd = 0, .events = 0 };
	struct timespec bad_ts = { .tv_sec = 0, .tv_nsec = 1000000000L };
	struct timespec neg_ts = { .tv_sec = -1, .tv_nsec = 0 };
	struct timespec zero = { 0, 0 };
	u64 mask = 0;
	long fault, nsec, neg, size, many, tsfault, maskfault;

	fault = ppoll((struct pollfd *)8, 1, &zero, NULL, 0);
	nsec = ppoll(&pfd, 1, &bad_ts, NULL, 0);
	neg = ppoll(&pfd, 1, &neg_ts, NULL, 0);
	size = ppoll(&pfd, 1, &zero, &mask, 4);
	many = ppoll(&pfd, 0xffffffffu, &zero, NULL, 0);
	tsfault = ppoll(&pfd, 1, (struct timespec *)8, NULL, 0);
	maskfault = ppoll(&pfd, 1, &zero, (void *)8, 8);
	CHECK("user.poll.errors",
	      fault == -EFAULT && nsec == -EINVAL && neg == -EINVAL && size == -EINVAL &&
		  many == -EINVAL && tsfault == -EFAULT && maskfault == -EFAULT,
	      "bad fds %ld, tv_nsec 1e9 %ld, tv_sec -1 %ld, sigsetsize 4 %ld, nfds ~0 %ld, "
	      "bad timespec %ld, bad sigmask %ld",
	      fault, nsec, neg, size, many, tsfault, maskfault);
	/* nfds 0: a sleep; a mask of the right size is taken. */
	zero = (struct timespec){ 0, 1000000L };
	size = ppoll(NULL, 0, &zero, &mask, 8);
	CHECK("user.poll.no_fds_sleeps", size == 0, "ppoll(NULL, 0, 1 ms) gave %ld", size);
}

/*
 * ppoll's mask holds while it waits: a pending SIGUSR1, blocked before, that
 * the mask unblocks ends the task in ppoll; a mask that only blocks more is
 * gone again when ppoll returns.
 */
static void test_ppoll_sigmask(void)
{
	struct timespec zero = { 0, 0 };
	u64 usr1 = 1UL << (SIGUSR1 - 1), usr2 = 1UL << (SIGUSR2 - 1), none = 0, cur = ~0UL;
	int status = 0;
	long pid = fork();

	if (pid == 0) {
		syscall4(__NR_rt_sigprocmask, SIG_BLOCK, &usr1, NULL, 8);
		kill((int)getpid(), SIGUSR1);
		ppoll(NULL, 0, &zero, &none, 8);
		exit(0); /* reached only if the mask was not applied */
	}
	CHECK("user.poll.ppoll_mask_unblocks",
	      pid > 0 && waitpid((int)pid, &status, 0) == pid && WIFSIGNALED(status) &&
		  WTERMSIG(status) == SIGUSR1,
	      "pid %ld, status 0x%x: want killed by SIGUSR1 (%d)", pid, status, SIGUSR1);
	syscall4(__NR_rt_sigprocmask, SIG_SETMASK, &usr2, NULL, 8);
	ppoll(NULL, 0, &zero, &usr1, 8);
	syscall4(__NR_rt_sigprocmask, SIG_SETMASK, &none, &cur, 8);
	CHECK("user.poll.ppoll_mask_restored", cur == usr2, "mask after ppoll 0x%lx, want 0x%lx",
	      (unsigned long)cur, (unsigned long)usr2);
}

/* ---- The console's own cases (-t): the test image's console. ---- */

static void type(const char *s)
{
	for (; *s; s++)
		ioctl(0, TIOCSTI, (void *)s);
}

/* The first n bytes of s, control bytes as \xNN, for a message on one line. */
static const char *shown(const char *s, long n)
{
	static char out[128];
	size_t o = 0;

	for (long i = 0; i < n && o + 5 < sizeof(out); i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < ' ' || c == 0x7f)
			o += (size_t)snprintf(out + o, sizeof(out) - o, "\\x%02x", c);
		else
			out[o++] = (char)c;
	}
	out[o] = '\0';
	return out;
}

/* Reads what the console gives for keys typed, with settings t; the count, or an error. */
static long read_typed(const struct termios *t, const char *keys, char *buf, size_t n)
{
	long got;

	tcsetattr(0, TCSAFLUSH, t); /* nothing left from before */
	type(keys);
	got = read(0, buf, n);
	if (got >= 0 && (size_t)got < n)
		buf[got] = '\0';
	return got;
}

static void test_console(void)
{
	struct termios def, t, back;
	struct winsize ws = { 0 }, ws2 = { 0 };
	struct pollfd pfd = { .fd = 0, .events = POLLIN | POLLOUT };
	long legacy, n, n2;
	short before;
	char buf[64];
	u64 t0, took;

	/* The defaults: Linux's, as a fresh pseudo-terminal has them. */
	n = tcgetattr(0, &def);
	CHECK("user.tty.default_termios",
	      n == 0 && def.c_iflag == (ICRNL | IXON) && def.c_oflag == (OPOST | ONLCR) &&
		  def.c_cflag == (B38400 | CS8 | CREAD) &&
		  def.c_lflag ==
		      (ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN) &&
		  def.c_cc[VINTR] == 3 && def.c_cc[VQUIT] == 0x1c && def.c_cc[VERASE] == 0x7f &&
		  def.c_cc[VKILL] == 0x15 && def.c_cc[VEOF] == 4 && def.c_cc[VMIN] == 1 &&
		  def.c_cc[VTIME] == 0 && def.c_cc[VSUSP] == 0x1a,
	      "TCGETS %ld: iflag 0x%x oflag 0x%x cflag 0x%x lflag 0x%x", n, def.c_iflag,
	      def.c_oflag, def.c_cflag, def.c_lflag);
	n = ioctl(0, TIOCGWINSZ, &ws);
	CHECK("user.tty.default_winsize", n == 0 && ws.ws_row == 0 && ws.ws_col == 0,
	      "TIOCGWINSZ %ld: %u rows, %u columns", n, ws.ws_row, ws.ws_col);

	/* TCSETS, TCSETSW, TCSETSF: what is set is what TCGETS returns, byte for byte. */
	t = def;
	t.c_lflag &= ~(tcflag_t)(ECHO | ICANON);
	t.c_cc[VMIN] = 5;
	t.c_cc[VTIME] = 7;
	t.c_oflag = 0;
	n = tcsetattr(0, TCSADRAIN, &t);
	memset(&back, 0x5a, sizeof(back));
	n2 = tcgetattr(0, &back);
	tcsetattr(0, TCSANOW, &def);
	CHECK("user.tty.termios_round_trip", n == 0 && n2 == 0 && !memcmp(&t, &back, sizeof(t)),
	      "TCSETSW %ld, TCGETS %ld: the settings came back different", n, n2);
	n = ioctl(0, TCSETS, (void *)8);
	n2 = ioctl(0, TCGETS, (void *)8);
	CHECK("user.tty.termios_efault", n == -EFAULT && n2 == -EFAULT, "TCSETS %ld, TCGETS %ld", n,
	      n2);

	ws = (struct winsize){ .ws_row = 24, .ws_col = 80, .ws_xpixel = 1, .ws_ypixel = 2 };
	n = ioctl(0, TIOCSWINSZ, &ws);
	n2 = ioctl(0, TIOCGWINSZ, &ws2);
	CHECK("user.tty.winsize_round_trip", n == 0 && n2 == 0 && !memcmp(&ws, &ws2, sizeof(ws)),
	      "TIOCSWINSZ %ld, TIOCGWINSZ %ld: %u x %u", n, n2, ws2.ws_row, ws2.ws_col);
	ws = (struct winsize){ 0 };
	ioctl(0, TIOCSWINSZ, &ws);

	/* Keys typed: canonical mode, no echo (this log is the screen). */
	legacy = tty_test_control(TDIOC_LEGACY_TIOCSTI, 1);
	t = def;
	t.c_lflag &= ~(tcflag_t)ECHO;
	n = read_typed(&t, "ab\177c\r", buf, sizeof(buf));
	CHECK("user.tty.canon_erase", n == 3 && !memcmp(buf, "ac\n", 3),
	      "typed ab DEL c CR, read %ld: \"%s\", want \"ac\\x0a\"", n, shown(buf, n));
	n = read_typed(&t, "xy\bz\n", buf, sizeof(buf));
	CHECK("user.tty.canon_erase_ctrl_h", n == 3 && !memcmp(buf, "xz\n", 3),
	      "typed xy ^H z NL, read %ld: \"%s\"", n, shown(buf, n));
	n = read_typed(&t, "abc\025d\n", buf, sizeof(buf));
	CHECK("user.tty.canon_kill", n == 2 && !memcmp(buf, "d\n", 2),
	      "typed abc ^U d NL, read %ld: \"%s\"", n, shown(buf, n));
	n = read_typed(&t, "ab\004\004", buf, sizeof(buf));
	n2 = read(0, buf + 8, 8);
	CHECK("user.tty.canon_eof", n == 2 && !memcmp(buf, "ab", 2) && n2 == 0,
	      "typed ab ^D ^D: reads %ld then %ld, want 2 then 0", n, n2);
	n = read_typed(&t, "one\ntwo\n", buf, sizeof(buf));
	n2 = read(0, buf + 8, 8);
	CHECK("user.tty.canon_one_line_per_read",
	      n == 4 && !memcmp(buf, "one\n", 4) && n2 == 4 && !memcmp(buf + 8, "two\n", 4),
	      "two lines typed: reads %ld then %ld", n, n2);

	/* poll: in canonical mode a line is readable only once it is complete. */
	tcsetattr(0, TCSAFLUSH, &t);
	type("abc");
	n = poll(&pfd, 1, 0);
	before = pfd.revents;
	type("\n");
	pfd.revents = 0;
	n2 = poll(&pfd, 1, 0);
	CHECK("user.poll.console_line",
	      n == 1 && before == POLLOUT && n2 == 1 && pfd.revents == (POLLIN | POLLOUT),
	      "poll before the NL %ld revents 0x%x, after %ld revents 0x%x", n, before, n2,
	      pfd.revents);

	/* Raw: VMIN 1 gives each key as it comes; VMIN 0 VTIME 0 never waits; VTIME times out. */
	t.c_lflag &= ~(tcflag_t)ICANON;
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	n = read_typed(&t, "q\r", buf, 1);
	n2 = read(0, buf + 8, 8);
	CHECK("user.tty.raw_vmin1", n == 1 && buf[0] == 'q' && n2 == 1 && buf[8] == '\n',
	      "typed q CR: reads %ld ('%c') then %ld", n, buf[0], n2);
	t.c_cc[VMIN] = 3;
	n = read_typed(&t, "xyz\177", buf, 2); /* VMIN above count: count is enough */
	n2 = read(0, buf + 8, 2);
	CHECK("user.tty.raw_vmin3",
	      n == 2 && !memcmp(buf, "xy", 2) && n2 == 2 && !memcmp(buf + 8, "z\177", 2),
	      "VMIN 3: reads %ld then %ld", n, n2);
	t.c_cc[VMIN] = 0;
	n = read_typed(&t, "", buf, 8);
	CHECK("user.tty.raw_vmin0", n == 0, "VMIN 0 VTIME 0, nothing typed: read %ld", n);
	t.c_cc[VTIME] = 1;
	t0 = now_ms();
	n = read_typed(&t, "", buf, 8);
	took = now_ms() - t0;
	CHECK("user.tty.raw_vtime", n == 0 && took >= 100 && took < 5000,
	      "VMIN 0 VTIME 1: read %ld after %llu ms", n, (unsigned long long)took);

	/* TCSETSF drops what was typed and not read. */
	t.c_cc[VTIME] = 0;
	tcsetattr(0, TCSANOW, &t);
	type("lost");
	tcsetattr(0, TCSAFLUSH, &t);
	n = read(0, buf, 8);
	CHECK("user.tty.tcsetsf_flushes", n == 0, "read %ld after TCSETSF", n);

	tcsetattr(0, TCSANOW, &def);
	tty_test_control(TDIOC_LEGACY_TIOCSTI, legacy);
}

/* ttytest read: one line as the console is set now; shows it with its control bytes. */
static int show_line(void)
{
	char buf[128];
	long n = read(0, buf, sizeof(buf));

	printf("read %ld: \"", n);
	for (long i = 0; i < n; i++) {
		if (buf[i] == '\n')
			printf("\\n");
		else if ((unsigned char)buf[i] < ' ' || buf[i] == 0x7f)
			printf("\\x%02x", (unsigned char)buf[i]);
		else
			printf("%c", buf[i]);
	}
	printf("\"\n");
	return 0;
}

/* ttytest raw: three keys, each shown as it comes, with no echo and no line editing. */
static int show_raw_keys(void)
{
	struct termios saved;

	if (tty_set_raw(0, &saved) < 0)
		return 1;
	for (int i = 0; i < 3; i++) {
		unsigned char c = 0;

		if (read(0, &c, 1) != 1)
			break;
		printf("key %d: 0x%x\n", i, c);
	}
	tcsetattr(0, TCSANOW, &saved);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "read"))
		return show_line();
	if (argc > 1 && !strcmp(argv[1], "raw"))
		return show_raw_keys();
	test_enotty();
	test_files();
	test_poll_pipe();
	test_poll_fds();
	test_poll_timeouts();
	test_poll_errors();
	test_ppoll_sigmask();
	if (argc > 1 && !strcmp(argv[1], "-t"))
		test_console();
	return test_failures;
}
