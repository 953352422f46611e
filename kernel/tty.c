// SPDX-License-Identifier: MIT
/*
 * The console as a terminal (docs/terminal.md). Received bytes go into a
 * ring buffer, filled from the console's receive interrupt (or, where the
 * console cannot interrupt, by a poll on every timer tick); a full buffer
 * drops what arrives, as a UART's FIFO would. The line discipline (Linux's
 * n_tty) takes them from there when a task reads or polls the console, with
 * the settings of that moment (struct termios, TCGETS/TCSETS): canonical mode
 * edits and echoes a line at a time, raw mode hands over bytes by VMIN and
 * VTIME. ISIG's keys act when they arrive: Ctrl-C (VINTR) sends SIGINT to the
 * console's foreground process group and is not queued, unless that group is
 * the session leader's own (the shell, which has no handler to catch it: it
 * gets the byte) or the console belongs to no session. docs/shell.md
 * describes the shell's side.
 *
 * A reader that finds nothing to read sleeps (console_wait()) on the
 * console's wait queue, which takes any number of readers and pollers: it is
 * TASK_BLOCKED and off the run queue until a character arrives or kill()
 * wakes it.
 *
 * Job control, as Linux's tty layer does it (drivers/tty/tty_jobctrl.c): the
 * console is the controlling terminal of at most one session (tty_session,
 * taken by its leader with TIOCSCTTY and let go when the leader exits), and
 * one process group of that session is in the foreground (tty_pgrp, set with
 * TIOCSPGRP). While the console has a session, only its foreground group
 * reads it: any other reader gets -EIO (docs/tasks.md, "Process groups and sessions").
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/printk.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/file.h>
#include <trapdoor/poll.h>
#include <trapdoor/uaccess.h>
#include <asm/ioctls.h>
#include <asm/termbits.h>
#include <trapdoor/wait.h>
#include <uapi/errno.h>
#include <uapi/mman.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

#define TTY_BUF_SIZE  1024 /* a power of two; holds a make run SCRIPT= file's worth */
#define N_TTY_BUF_MAX 1024 /* the line discipline's buffer; a canonical line is one less */
#define CTRL(c)	      ((c) & 0x1f)

static char tty_buf[TTY_BUF_SIZE];
static unsigned int tty_head, tty_tail; /* free-running: head - tail bytes waiting */
static bool tty_irq;
static DECLARE_WAIT_QUEUE_HEAD(tty_read_wait); /* readers waiting for a byte */
static int tty_session;			       /* the session whose terminal it is; 0: none */
static int tty_pgrp;			       /* its foreground process group */
/* TIOCSTI types for anyone: off, and only the test image can switch it on (Linux's legacy_tiocsti). */
static bool tty_legacy_tiocsti;
static int tty_idle_byte = -1; /* tty_inject_idle()'s byte, not received yet; -1: none */

/*
 * The settings (TCGETS, TCSETS): Linux's defaults for a terminal, as a fresh
 * pseudo-terminal has them (tty_std_termios): CR typed is read as NL, NL
 * written goes out as CR NL, canonical mode with echo and erase, and the
 * signal keys. The c_cc indices are this arch's (<asm/termbits.h>).
 */
static struct termios tty_termios = {
	.c_iflag = ICRNL | IXON,
	.c_oflag = OPOST | ONLCR,
	.c_cflag = B38400 | CS8 | CREAD,
	.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN,
	.c_cc = {
		[VINTR] = CTRL('C'), [VQUIT] = CTRL('\\'), [VERASE] = 0x7f, [VKILL] = CTRL('U'),
		[VEOF] = CTRL('D'), [VMIN] = 1, [VSTART] = CTRL('Q'), [VSTOP] = CTRL('S'),
		[VSUSP] = CTRL('Z'), [VREPRINT] = CTRL('R'), [VDISCARD] = CTRL('O'),
		[VWERASE] = CTRL('W'), [VLNEXT] = CTRL('V'),
	},
};
/* TIOCGWINSZ: 0 rows, 0 columns until someone sets it, as Linux's serial consoles and ptys. */
static struct winsize tty_winsize;

/*
 * The line discipline's buffer (Linux's n_tty read_buf): bytes taken from
 * the receive ring, after input processing. n_tty_eol[i] marks a byte that
 * ends a canonical line (NL, VEOL, VEOL2) and n_tty_eof[i] the VEOF that ended
 * one, which a read drops. In canonical mode a reader takes one line at most;
 * without ICANON it takes any byte.
 */
static char n_tty_buf[N_TTY_BUF_MAX];
static bool n_tty_eol[N_TTY_BUF_MAX], n_tty_eof[N_TTY_BUF_MAX];
static unsigned int n_tty_len;	 /* bytes in n_tty_buf */
static unsigned int n_tty_lines; /* complete canonical lines in it */

#define L_FLAG(f) ((tty_termios.c_lflag & (f)) != 0)
#define I_FLAG(f) ((tty_termios.c_iflag & (f)) != 0)

void console_input_init(void)
{
	tty_irq = arch_console_irq_init();
}

/* Is c the enabled control character at index i (0 disables one, Linux's _POSIX_VDISABLE)? */
static bool tty_is_cc(int c, int i)
{
	return tty_termios.c_cc[i] && c == tty_termios.c_cc[i];
}

/* Output processing (OPOST | ONLCR): does NL go out as CR NL? */
bool tty_output_onlcr(void)
{
	return (tty_termios.c_oflag & (OPOST | ONLCR)) == (OPOST | ONLCR);
}

/* Echoes n bytes on the console, with the output processing a write gets. */
static void tty_echo(const char *s, size_t n)
{
	bool taken = console_lock_acquire();

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n' && tty_output_onlcr())
			arch_console_putc('\r');
		arch_console_putc(s[i]);
	}
	console_lock_release(taken);
}

/* A control character echoes as ^X with ECHOCTL (TAB and NL as themselves); columns used. */
static unsigned int tty_echo_char(int c)
{
	char s[2] = { (char)c };

	if (L_FLAG(ECHOCTL) && (c < ' ' || c == 0x7f) && c != '\t' && c != '\n') {
		s[0] = '^';
		s[1] = (char)(c ^ 0x40);
		tty_echo(s, 2);
		return 2;
	}
	tty_echo(s, 1);
	return 1;
}

/*
 * ISIG: VINTR sends SIGINT and VQUIT SIGQUIT to the foreground process group,
 * when the key arrives; the byte is not queued. Not while the foreground is
 * the session leader's own group (the shell at its prompt, which has no
 * handler to catch it: it reads the byte instead) or the console belongs to
 * no session. VSUSP is an ordinary byte: no task can be stopped.
 */
static bool tty_receive_signal(int c)
{
	int sig;

	if (!L_FLAG(ISIG))
		return false;
	if (tty_is_cc(c, VINTR))
		sig = SIGINT;
	else if (tty_is_cc(c, VQUIT))
		sig = SIGQUIT;
	else
		return false;
	if (!tty_session || tty_pgrp == tty_session || kill_pgrp(tty_pgrp, sig) != 0)
		return false;
	if (L_FLAG(ECHO))
		tty_echo_char(c);
	return true;
}

/* One received byte: a signal for the foreground process group, or into the buffer. */
static bool tty_receive(int c)
{
	if (tty_receive_signal(c))
		return false;
	if (tty_head - tty_tail == TTY_BUF_SIZE)
		return false; /* full: drop, and keep draining the device */
	tty_buf[tty_head++ % TTY_BUF_SIZE] = (char)c;
	return true;
}

/* Makes every reader asleep in console_wait() or polling the console runnable. */
static void tty_wake_readers(void)
{
	wake_up(&tty_read_wait);
}

void __console_rx_interrupt(void)
{
	bool queued = false;
	int c;

	while ((c = arch_console_getc()) >= 0)
		queued |= tty_receive(c);
	if (queued)
		tty_wake_readers();
}

void console_rx_interrupt(void)
{
	spin_lock(&kernel_lock);
	__console_rx_interrupt();
	spin_unlock(&kernel_lock);
}

void console_tick(void)
{
	if (!tty_irq)
		__console_rx_interrupt();
	/* A key typed while every task is blocked: it arrives while the CPUs idle. */
	if (tty_idle_byte >= 0 && sched_cpus_idle()) {
		if (tty_receive(tty_idle_byte))
			tty_wake_readers();
		tty_idle_byte = -1;
	}
}

int console_getc(void)
{
	/* Interrupts are masked in the kernel: take what the device holds now too. */
	__console_rx_interrupt();
	if (tty_head == tty_tail)
		return -1;
	return (unsigned char)tty_buf[tty_tail++ % TTY_BUF_SIZE];
}

void console_wait(void)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&tty_read_wait, &wait);
	schedule();
	finish_wait(&tty_read_wait, &wait);
}

/* As console_wait(), but the clock ends the sleep too at cycle count deadline (0: never). */
static void console_wait_until(u64 deadline)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&tty_read_wait, &wait);
	current->wake_at = deadline;
	schedule();
	current->wake_at = 0;
	finish_wait(&tty_read_wait, &wait);
}

/* VERASE in canonical mode: the last byte of the line being typed goes, and from the screen. */
static void n_tty_erase(bool whole_line)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	while (n_tty_len && !n_tty_eol[n_tty_len - 1]) {
		char c = n_tty_buf[--n_tty_len];
		unsigned int cols =
		    (L_FLAG(ECHOCTL) && ((unsigned char)c < ' ' || c == 0x7f)) ? 2 : 1;

		if (L_FLAG(ECHO) && L_FLAG(ECHOE) && (!whole_line || L_FLAG(ECHOKE)))
			for (unsigned int i = 0; i < cols; i++)
				tty_echo("\b \b", 3);
		if (!whole_line)
			break;
	}
}

/* Appends c; eol: it ends a canonical line; eof: that end is VEOF, not a byte to read. */
static void n_tty_put(int c, bool eol, bool eof)
{
	n_tty_buf[n_tty_len] = (char)c;
	n_tty_eol[n_tty_len] = eol;
	n_tty_eof[n_tty_len] = eof;
	n_tty_len++;
	if (eol)
		n_tty_lines++;
}

/*
 * Takes received bytes into the line discipline, with input processing,
 * canonical editing and echo. Runs for a reader (read, poll), so typed-ahead
 * bytes are edited and echoed by the settings of the time they are read, and
 * stops at a complete line in canonical mode.
 */
static void n_tty_receive(void)
{
	stackleak_track_stack(); /* its frame outgrows the search depth on powerpc with clang */
	int c;

	while (!(L_FLAG(ICANON) && n_tty_lines) && n_tty_len < N_TTY_BUF_MAX &&
	       (c = console_getc()) >= 0) {
		if (c == '\r' && I_FLAG(IGNCR))
			continue;
		if (c == '\r' && I_FLAG(ICRNL))
			c = '\n';
		else if (c == '\n' && I_FLAG(INLCR))
			c = '\r';
		if (!L_FLAG(ICANON)) {
			n_tty_put(c, false, false);
			if (L_FLAG(ECHO))
				tty_echo_char(c);
			continue;
		}
		if (tty_is_cc(c, VERASE) || (c == '\b' && tty_is_cc(0x7f, VERASE))) {
			n_tty_erase(false);
		} else if (tty_is_cc(c, VKILL)) {
			if (L_FLAG(ECHO) && L_FLAG(ECHOK) && !L_FLAG(ECHOKE)) {
				tty_echo_char(c);
				tty_echo("\n", 1);
			}
			n_tty_erase(true);
		} else if (tty_is_cc(c, VEOF)) {
			n_tty_put(0, true, true);
		} else if (c == '\n' || tty_is_cc(c, VEOL) || tty_is_cc(c, VEOL2)) {
			n_tty_put(c, true, false);
			if (L_FLAG(ECHO) || (c == '\n' && L_FLAG(ECHONL)))
				tty_echo_char(c);
		} else if (n_tty_len < N_TTY_BUF_MAX - 1) {
			/* The last place is kept for the NL that ends the line. */
			n_tty_put(c, false, false);
			if (L_FLAG(ECHO))
				tty_echo_char(c);
		}
	}
}

/* Bytes a read may take now: a complete line in canonical mode, else any. */
static bool n_tty_readable(void)
{
	n_tty_receive();
	return L_FLAG(ICANON) ? n_tty_lines > 0 : n_tty_len > 0;
}

/*
 * Copies up to count bytes (a canonical read ends at its line's end) to ubuf,
 * in small pieces; returns how many, or -EFAULT with nothing taken.
 */
static long n_tty_take(char __user *ubuf, size_t count)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char chunk[64];
	size_t n = 0, c = 0, used = 0;

	while (used < n_tty_len && n + c < count) {
		bool eol = n_tty_eol[used], eof = n_tty_eof[used];

		if (!eof)
			chunk[c++] = n_tty_buf[used];
		used++;
		if (c == sizeof(chunk)) {
			if (copy_to_user(ubuf + n, chunk, c) < 0)
				return -EFAULT;
			n += c;
			c = 0;
		}
		if (eol && L_FLAG(ICANON))
			break;
	}
	if (c && copy_to_user(ubuf + n, chunk, c) < 0)
		return -EFAULT;
	n += c;
	for (size_t i = 0; i < used; i++)
		n_tty_lines -= n_tty_eol[i];
	n_tty_len -= used;
	memmove(n_tty_buf, n_tty_buf + used, n_tty_len);
	memmove(n_tty_eol, n_tty_eol + used, n_tty_len * sizeof(bool));
	memmove(n_tty_eof, n_tty_eof + used, n_tty_len * sizeof(bool));
	return (long)n;
}

/* Drops every byte received and not read (TCSETSF, TCFLSH). */
static void tty_flush_input(void)
{
	while (console_getc() >= 0)
		;
	n_tty_len = 0;
	n_tty_lines = 0;
}

/* Is the console t's controlling terminal? */
static bool tty_is_ctty(const struct task_struct *t)
{
	return tty_session && t->sid == tty_session;
}

long tty_check_read(void)
{
	/*
	 * Linux stops a background reader with SIGTTIN, or fails it with EIO
	 * when it cannot be stopped; no task can be stopped here. A task of
	 * another session gets EIO too: every task's fd 0 is the console, so a
	 * task that left the session with setsid() must not keep reading it.
	 */
	if (tty_session && (current->sid != tty_session || current->pgid != tty_pgrp))
		return -EIO;
	return 0;
}

/* Cycles in VTIME's tenths of a second. */
static u64 tty_vtime_cycles(void)
{
	return (u64)tty_termios.c_cc[VTIME] * (arch_cycles_per_sec() / 10);
}

/*
 * read() on the console. Canonical mode: sleeps until a line is complete and
 * returns it (up to count bytes; the rest is for the next read), or 0 for a
 * VEOF at the start of a line. Otherwise Linux's VMIN and VTIME: VMIN > 0,
 * VTIME 0: until min(VMIN, count) bytes are there; VMIN 0, VTIME 0: what is
 * there now, perhaps nothing; VMIN 0, VTIME > 0: until a byte or VTIME
 * tenths of a second; both > 0: VTIME is the longest gap between bytes once
 * the first has come. A signal ends the wait (a kill, or a handler: -EINTR,
 * or the read restarted under SA_RESTART), as does being put in the
 * background (-EIO).
 */
ssize_t tty_read(struct file *file, char __user *buf, size_t count, loff_t *pos)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	size_t n = 0, want = 1;
	long got;

	(void)pos;
	if (count == 0)
		return 0;
	/* A bad buffer is refused before any key is taken from the line. */
	if (!access_ok(buf, count, PROT_WRITE))
		return -EFAULT;
	/* Only the foreground process group reads the console. */
	if (tty_check_read() < 0)
		return -EIO;
	if (L_FLAG(ICANON)) {
		while (!n_tty_readable()) {
			if (file->f_flags & O_NONBLOCK)
				return -EAGAIN;
			if (signal_pending(current))
				return -ERESTARTSYS;
			console_wait(); /* asleep until a key arrives */
			if (tty_check_read() < 0)
				return -EIO;
		}
		got = n_tty_take(buf, count);
		if (got < 0)
			return got;
		n = (size_t)got;
	} else {
		size_t vmin = tty_termios.c_cc[VMIN], before;
		u64 vtime = tty_vtime_cycles(), deadline = 0;

		if (vmin > count)
			vmin = count;
		want = vmin ? vmin : (vtime ? 1 : 0); /* VMIN 0, VTIME > 0: one byte or the time */
		if (vtime && !vmin)
			deadline = arch_get_cycles() + vtime;
		for (;;) {
			before = n;
			n_tty_receive();
			got = n_tty_take(buf + n, count - n);
			if (got < 0)
				return n ? (long)n : got;
			n += (size_t)got;
			if (n >= want || (deadline && arch_get_cycles() >= deadline))
				break;
			if (file->f_flags & O_NONBLOCK)
				break; /* what is there, or -EAGAIN below */
			if (signal_pending(current))
				return n ? (long)n : -ERESTARTSYS;
			if (vtime && vmin && n > before)
				deadline =
				    arch_get_cycles() + vtime; /* the gap after the last byte */
			console_wait_until(deadline);
			if (tty_check_read() < 0)
				return n ? (long)n : -EIO;
			if (L_FLAG(ICANON))
				break; /* switched to canonical mode while we slept: take what we have */
		}
	}
	if (!n && want && (file->f_flags & O_NONBLOCK))
		return -EAGAIN;
	return (long)n;
}

/* Is a read of the console ready now? In canonical mode: is a line complete. */
static bool tty_input_ready(void)
{
	if (L_FLAG(ICANON) || tty_termios.c_cc[VTIME])
		return n_tty_readable();
	n_tty_receive();
	return n_tty_len && n_tty_len >= (tty_termios.c_cc[VMIN] ? tty_termios.c_cc[VMIN] : 1u);
}

void tty_session_exit(struct task_struct *leader)
{
	if (!tty_session || leader->sid != tty_session || leader->pid != leader->sid)
		return;
	/* As Linux: the foreground group is hung up, and the console belongs to no session. */
	if (tty_pgrp != tty_session)
		kill_pgrp(tty_pgrp, SIGHUP);
	tty_session = 0;
	tty_pgrp = 0;
}

/* SIGTTOU ignored or blocked: a background caller may change the terminal (Linux's is_ignored()). */
static bool tty_sigttou_ignored(void)
{
	return current->sighand[SIGTTOU - 1].sa_handler == SIG_IGN ||
	       (current->blocked & sigmask(SIGTTOU));
}

long tty_may_set_foreground(void)
{
	/* tiocspgrp()'s rule: the caller's controlling terminal, from its foreground or its leader. */
	if (!tty_is_ctty(current))
		return -ENOTTY;
	if (current->pgid != tty_pgrp && current->pid != current->sid && !tty_sigttou_ignored())
		return -ENOTTY;
	return 0;
}

void tty_set_foreground(int pgrp)
{
	tty_pgrp = pgrp;
}

long tty_set_legacy_tiocsti(long on)
{
	long old = tty_legacy_tiocsti;

	if (on != -1 && on != 0 && on != 1)
		return -EINVAL;
	if (on != -1)
		tty_legacy_tiocsti = on;
	return old;
}

/*
 * TIOCSCTTY: the caller, a session leader, makes the console its session's
 * controlling terminal, and its group the foreground. Not a leader, or the
 * console already another session's: -EPERM (Linux lets only CAP_SYS_ADMIN
 * steal it).
 */
static long tiocsctty(void)
{
	if (tty_is_ctty(current) && current->pid == current->sid)
		return 0;
	if (current->pid != current->sid || tty_session)
		return -EPERM;
	tty_session = current->sid;
	tty_pgrp = current->pgid;
	return 0;
}

/*
 * TIOCSPGRP (tcsetpgrp): Linux's checks and errors. The console must be the
 * caller's controlling terminal (-ENOTTY), the group must name a task (-ESRCH)
 * of the caller's session (-EPERM). A caller in the background that ignores
 * or blocks SIGTTOU may go on, as Linux's tty_check_change() lets it (a
 * shell's job names itself the foreground so, before it resets SIGTTOU);
 * any other is refused with -ENOTTY, what Linux answers a background caller
 * it cannot stop (an orphaned group; one it can stop gets SIGTTOU and stops,
 * and no task can be stopped here). The session leader is an exception too:
 * it is the shell taking the console back once its job has ended.
 */
static long tiocspgrp(int __user *arg)
{
	struct task_struct *g;
	int pgrp;

	if (tty_may_set_foreground() < 0)
		return -ENOTTY;
	if (copy_from_user(&pgrp, arg, sizeof(pgrp)) < 0)
		return -EFAULT;
	if (pgrp < 0)
		return -EINVAL;
	g = pgrp ? find_pgrp_member(pgrp) : NULL;
	if (!g && pgrp)
		g = task_by_pid(pgrp);
	if (!g)
		return -ESRCH;
	if (g->sid != current->sid)
		return -EPERM;
	tty_pgrp = pgrp;
	return 0;
}

/* TIOCGPGRP (tcgetpgrp): the foreground group of the caller's controlling terminal, else -ENOTTY. */
static long tiocgpgrp(int __user *arg)
{
	int pgrp = tty_pgrp;

	if (!tty_is_ctty(current))
		return -ENOTTY;
	return copy_to_user(arg, &pgrp, sizeof(pgrp)) < 0 ? -EFAULT : 0;
}

/*
 * TIOCSTI: one byte received as if typed, Ctrl-C included. Refused with
 * Linux's -EIO unless legacy_tiocsti is on, which only the test image can do
 * (its tests type at the shell); on, any task may type, as CAP_SYS_ADMIN may
 * in Linux.
 */
static long tiocsti(const char __user *arg)
{
	char c;

	if (!tty_legacy_tiocsti)
		return -EIO;
	if (copy_from_user(&c, arg, 1) < 0)
		return -EFAULT;
	if (tty_receive((unsigned char)c))
		tty_wake_readers();
	return 0;
}

/*
 * write() on the console: copied in chunks and sent, NL as CR NL with
 * OPOST | ONLCR. A bad buffer writes nothing at all.
 */
ssize_t tty_write(struct file *file, const char __user *buf, size_t count, loff_t *pos)
{
	stackleak_track_stack(); /* a big frame: see kernel/stackleak.c */
	char kbuf[128];
	size_t done = 0;
	bool taken, onlcr = tty_output_onlcr();

	(void)file;
	(void)pos;
	if (!access_ok(buf, count, PROT_READ))
		return -EFAULT;
	/*
	 * The transmission may take long (a device access per byte) and needs
	 * nothing the kernel lock guards: the buffer is in our own address
	 * space, which only this task changes. So it runs without that lock,
	 * which every other syscall needs, under the console lock alone: one
	 * piece on the console, no other CPU's printk() inside it. The kernel
	 * lock is taken again only after the console lock is released, never
	 * while holding it (docs/smp.md, "Locks").
	 */
	spin_unlock(&kernel_lock);
	taken = console_lock_acquire();
	while (done < count) {
		size_t n = count - done < sizeof(kbuf) ? count - done : sizeof(kbuf);

		if (copy_from_user(kbuf, buf + done, n) < 0)
			break;
		for (size_t i = 0; i < n; i++) {
			if (kbuf[i] == '\n' && onlcr)
				arch_console_putc('\r');
			arch_console_putc(kbuf[i]);
		}
		done += n;
	}
	console_lock_release(taken);
	spin_lock(&kernel_lock);
	return done < count ? -EFAULT : (long)done;
}

/* poll: readable as a read would find it; writable always (output never waits). */
__poll_t tty_poll(struct file *filp, poll_table *p)
{
	__poll_t mask = POLLOUT | POLLWRNORM;

	poll_wait(filp, &tty_read_wait, p);
	if (tty_input_ready())
		mask |= POLLIN | POLLRDNORM;
	return mask;
}

/* TCGETS: the settings. */
static long tcgets(struct termios __user *arg)
{
	return copy_to_user(arg, &tty_termios, sizeof(tty_termios)) < 0 ? -EFAULT : 0;
}

/*
 * TCSETS, TCSETSW, TCSETSF: new settings. Output is written out before a
 * write returns, so there is never output to wait for (TCSETSW); TCSETSF
 * drops the input not read yet first. Bytes in a canonical line being typed
 * become readable when ICANON goes off.
 */
static long tcsets(const struct termios __user *arg, bool flush)
{
	struct termios t;

	if (copy_from_user(&t, arg, sizeof(t)) < 0)
		return -EFAULT;
	if (flush)
		tty_flush_input();
	tty_termios = t;
	tty_wake_readers(); /* VMIN, VTIME or ICANON may make a waiting read ready */
	return 0;
}

/* TIOCGWINSZ, TIOCSWINSZ: the window size, stored for programs to read. */
static long tiocgwinsz(struct winsize __user *arg)
{
	return copy_to_user(arg, &tty_winsize, sizeof(tty_winsize)) < 0 ? -EFAULT : 0;
}

static long tiocswinsz(const struct winsize __user *arg)
{
	struct winsize ws;

	if (copy_from_user(&ws, arg, sizeof(ws)) < 0)
		return -EFAULT;
	tty_winsize = ws;
	return 0;
}

/* The console's terminal requests (its unlocked_ioctl); any other request: -ENOTTY. */
long tty_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = u64_to_user_ptr(arg);

	(void)file;
	switch (cmd) {
	case TCGETS:
		return tcgets(argp);
	case TCSETS:
	case TCSETSW:
		return tcsets(argp, false);
	case TCSETSF:
		return tcsets(argp, true);
	case TIOCGWINSZ:
		return tiocgwinsz(argp);
	case TIOCSWINSZ:
		return tiocswinsz(argp);
	case TIOCSCTTY:
		return tiocsctty();
	case TIOCSPGRP:
		return tiocspgrp(argp);
	case TIOCGPGRP:
		return tiocgpgrp(argp);
	case TIOCSTI:
		return tiocsti(argp);
#ifdef CONFIG_KTEST
	case TDIOC_LEGACY_TIOCSTI:
		return tty_set_legacy_tiocsti((long)arg);
	case TDIOC_INJECT_IDLE:
		return tty_inject_idle((long)arg);
#endif
	default:
		return -ENOTTY;
	}
}

/*
 * The test image's TIOCSTI for a key typed while every task is blocked
 * (ioctl TDIOC_INJECT_IDLE): the byte is received at CPU 0's first
 * tick at which no CPU runs a task and none is queued. Typing, so refused as
 * TIOCSTI is while legacy_tiocsti is off.
 */
long tty_inject_idle(long c)
{
	long old = tty_idle_byte;

	if (c == -1)
		return old;
	if (!tty_legacy_tiocsti)
		return -EIO;
	if (c < 0 || c > 0xff)
		return -EINVAL;
	tty_idle_byte = (int)c;
	return old;
}

const struct file_operations tty_fops = {
	.llseek = no_llseek,
	.read = tty_read,
	.write = tty_write,
	.poll = tty_poll,
	.unlocked_ioctl = tty_ioctl,
};
