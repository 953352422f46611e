// SPDX-License-Identifier: MIT
/*
 * The stackleak lab (docs/labs/stackleak.md): a console line for every
 * spawn that fails, "spawn: NAME: error -ERRNO", so that a student sees why
 * a program did not start. Built only with `make LAB=stackleak`
 * (labs/stackleak/kernel.mk): the linker's --wrap=sys_spawn makes the syscall
 * table's entry for spawn (kernel/syscall_table.c) call __wrap_sys_spawn() below,
 * and __real_sys_spawn is kernel/fork.c's handler.
 *
 * The stackleak self-check (stackleak_check, run after every error path by
 * user/errpathtest.c) fails after a spawn that this file logs: find out why
 * in docs/stackleak.md, and fix it here.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/uaccess.h>

/* Room for a long name and the error in one line (never cut, as printk's would be). */
#define SPAWN_LOG_LEN  2048
#define SPAWN_NAME_LEN 64

long __real_sys_spawn(const struct pt_regs *regs);
long __wrap_sys_spawn(const struct pt_regs *regs);

/* Copies s to p, without its NUL; returns the end. */
static char *spawn_log_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/* Writes v in decimal at p; returns the end. */
static char *spawn_log_dec(char *p, unsigned long v)
{
	char digits[20];
	unsigned int n = 0;

	do
		digits[n++] = (char)('0' + v % 10);
	while (v /= 10);
	while (n)
		*p++ = digits[--n];
	return p;
}

/* Its line buffer makes a frame bigger than the stackleak search depth. */
static __noinline __stackleak_frame_exempt void spawn_log_failure(unsigned long uname, long err)
{
	char line[SPAWN_LOG_LEN];
	char name[SPAWN_NAME_LEN];
	char *p = line;

	/* The name is user memory, read again here: it may be bad or too long. */
	if (strncpy_from_user(name, u64_to_user_ptr(uname), sizeof(name)) < 0)
		strscpy(name, "(bad name)", sizeof(name));
	p = spawn_log_str(p, "spawn: ");
	p = spawn_log_str(p, name);
	p = spawn_log_str(p, ": error -");
	p = spawn_log_dec(p, (unsigned long)-err);
	*p++ = '\n';
	console_write(line, (size_t)(p - line));
}

long __wrap_sys_spawn(const struct pt_regs *regs)
{
	long ret = __real_sys_spawn(regs);

	if (ret < 0)
		spawn_log_failure(regs_syscall_arg(regs, 0), ret); /* spawn's name */
	return ret;
}
