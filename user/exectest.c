// SPDX-License-Identifier: MIT
/*
 * exectest: execve and spawn by path, as Linux's: relative paths, "." and
 * "..", symlinks, envp, "#!" scripts as binfmt_script runs them (tests/exec/,
 * under /test in every image), and each refusal with Linux's errno. Each
 * exec runs in a child, which checks its own argv against the EXPECT
 * variable of its environment ('|' between the strings) and exits 0 if they
 * match and /proc/self/exe is /bin/exectest. With argv[1] "boot-args" it is the first program that init= or
 * rdinit= names (tools/testsuite): it checks the argv "--" gave it and
 * powers off.
 */
#include "lib/ulib.h"

#include <uapi/fcntl.h>

#define WANT_PREFIX "EXPECT="

/* Where this program's copy goes, to run an ELF that is not the parent's own. */
#define COPY "/tmp/exectest-copy"

/*
 * The child's side: argv joined with '|' against EXPECT from envp, and
 * /proc/self/exe, which is the ELF that runs (want_exe): /bin/exectest,
 * whatever path, symlink or script led to it, or its copy.
 */
static int check_argv(int argc, char **argv, const char *want, const char *want_exe)
{
	char got[512], exe[64];
	size_t n = 0;
	long len = syscall4(__NR_readlinkat, AT_FDCWD, "/proc/self/exe", exe, sizeof(exe) - 1);

	if (len < 0 || (exe[len] = '\0', strcmp(exe, want_exe))) {
		printf("exectest: /proc/self/exe is \"%s\" (%ld), expected %s\n",
		       len < 0 ? "" : exe, len, want_exe);
		return 1;
	}

	got[0] = '\0';
	for (int i = 0; i < argc; i++)
		n += (size_t)snprintf(got + n, sizeof(got) - n, "%s%s", i ? "|" : "", argv[i]);
	if (strcmp(got, want)) {
		printf("exectest: argv \"%s\", expected \"%s\"\n", got, want);
		return 1;
	}
	return 0;
}

/* A child execs path with argv and EXPECT=want: its exit status, or 256 + the errno. */
static int run(bool use_spawn, const char *path, const char *const *argv, const char *want)
{
	static char env[512];
	const char *envp[] = { env, "OTHER=1", NULL };
	int status = 0;
	long pid;

	snprintf(env, sizeof(env), WANT_PREFIX "%s", want);
	if (use_spawn) {
		pid = spawn_env(path, argv, envp);
		if (pid < 0)
			return 256 + (int)-pid;
	} else {
		pid = fork();
		if (pid == 0)
			exit(100 + (int)-execve(path, argv, envp));
	}
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status) >= 100 ? 256 + WEXITSTATUS(status) - 100 : WEXITSTATUS(status);
}

static void runs(const char *name, const char *path, const char *const *argv, const char *want)
{
	int r = run(false, path, argv, want);

	CHECK(name, r == 0, "execve(\"%s\"): %s %d", path, r >= 256 ? "errno" : "status",
	      r >= 256 ? r - 256 : r);
}

static void refused(const char *name, const char *path, int err)
{
	const char *const argv[] = { "x", NULL };
	int r = run(false, path, argv, "never");

	CHECK(name, r == 256 + err, "execve(\"%s\"): %s %d, expected errno %d", path,
	      r >= 256 ? "errno" : "status", r >= 256 ? r - 256 : r, err);
}

static void test_paths(void)
{
	const char *const argv[] = { "exectest", "a", NULL };

	runs("user.exec.absolute", "/bin/exectest", argv, "exectest|a");
	runs("user.exec.relative_to_root", "bin/exectest", argv, "exectest|a");
	runs("user.exec.dot_and_dotdot", "/test/../bin/./exectest", argv, "exectest|a");
	runs("user.exec.double_slash", "//bin//exectest", argv, "exectest|a");
	runs("user.exec.symlink", "/test/exectest-link", argv, "exectest|a");
	runs("user.exec.relative_symlink", "/test/rel-link", argv, "exectest|a");
	refused("user.exec.no_such_file", "/nonexistent", ENOENT);
	refused("user.exec.no_such_dir", "/test/nothing/exectest", ENOENT);
	refused("user.exec.not_a_dir", "/bin/exectest/x", ENOTDIR);
	refused("user.exec.directory", "/test", EACCES);
	refused("user.exec.device", "/dev/null", EACCES);
	refused("user.exec.no_execute_bit", "/test/noexec.sh", EACCES);
	refused("user.exec.neither_elf_nor_script", "/test/notelf", ENOEXEC);
	refused("user.exec.empty_path", "", ENOENT);
}

/*
 * A program written at run time: this one copied to /tmp, made executable,
 * and run by execve from a child whose own /proc/self/exe is /bin/exectest.
 */
static void test_copy(void)
{
	const char *const argv[] = { "copy", "a", NULL };
	static char buf[4096];
	long in, out, n = 0;

	in = syscall4(__NR_openat, AT_FDCWD, "/bin/exectest", O_RDONLY, 0);
	out = syscall4(__NR_openat, AT_FDCWD, COPY, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	while (in >= 0 && out >= 0 && (n = read((int)in, buf, sizeof(buf))) > 0)
		if (write((int)out, buf, (size_t)n) != n)
			n = -1;
	close((int)in);
	close((int)out);
	CHECK("user.exec.copy_written", in >= 0 && out >= 0 && n == 0, "open %ld, %ld, read %ld",
	      in, out, n);
	runs("user.exec.copy_runs_with_its_own_exe", COPY, argv, "copy|a");
	syscall3(__NR_unlinkat, AT_FDCWD, COPY, 0);
}

static void test_scripts(void)
{
	const char *const argv[] = { "script", "a", "b", NULL };
	const char *const one[] = { "script", "a", NULL };
	int r;

	runs("user.exec.script", "/test/plain.sh", argv, "/bin/exectest|/test/plain.sh|a|b");
	runs("user.exec.script_argument", "/test/arg.sh", one,
	     "/bin/exectest|one-arg|/test/arg.sh|a");
	runs("user.exec.script_spaces_one_argument", "/test/spaces.sh", one,
	     "/bin/exectest|one two|/test/spaces.sh|a");
	runs("user.exec.script_without_newline", "/test/nonewline.sh", one,
	     "/bin/exectest|/test/nonewline.sh|a");
	runs("user.exec.script_nested", "/test/nested.sh", one,
	     "/bin/exectest|one-arg|/test/arg.sh|nested|/test/nested.sh|a");
	runs("user.exec.script_relative_path", "test/plain.sh", one,
	     "/bin/exectest|test/plain.sh|a");
	runs("user.exec.script_empty_argv", "/test/plain.sh", NULL, "/bin/exectest|/test/plain.sh");
	/* Five scripts, each the next one's interpreter, then the ELF: Linux's deepest chain. */
	runs("user.exec.script_chain_of_five", "/test/c1.sh", one,
	     "/bin/exectest|/test/c5.sh|/test/c4.sh|/test/c3.sh|/test/c2.sh|/test/c1.sh|a");
	refused("user.exec.script_chain_of_six", "/test/c0.sh", ELOOP);
	refused("user.exec.script_loop", "/test/loop.sh", ELOOP);
	refused("user.exec.script_no_interpreter", "/test/nointerp.sh", ENOEXEC);
	refused("user.exec.script_missing_interpreter", "/test/missing.sh", ENOENT);
	r = run(true, "/test/arg.sh", one, "/bin/exectest|one-arg|/test/arg.sh|a");
	CHECK("user.exec.spawn_script", r == 0, "spawn: %s %d", r >= 256 ? "errno" : "status",
	      r >= 256 ? r - 256 : r);
	r = run(true, "/test/nointerp.sh", one, "never");
	CHECK("user.exec.spawn_refused", r == 256 + ENOEXEC, "spawn: %d", r);
}

int main(int argc, char **argv)
{
	char **envp = argv + argc + 1;

	for (; *envp; envp++)
		if (!strncmp(*envp, WANT_PREFIX, strlen(WANT_PREFIX)))
			return check_argv(argc, argv, *envp + strlen(WANT_PREFIX),
					  strcmp(argv[0], "copy") ? "/bin/exectest" : COPY);
	if (argc > 1 && !strcmp(argv[1], "boot-args")) {
		/* Run as init= names it, or through the script an INITRAMFS_EXTRA tree put at /test/arg.sh. */
		bool script = argc > 2 && !strcmp(argv[2], "/test/arg.sh");
		int bad = check_argv(argc, argv,
				     script ? "/bin/exectest|boot-args|/test/arg.sh|one|two" :
					      "/bin/exectest|boot-args|one|two",
				     "/bin/exectest");

		CHECK("user.exec.init_argv", !bad && getpid() == 1, "pid %ld", getpid());
		poweroff(bad || getpid() != 1);
	}
	test_paths();
	test_scripts();
	test_copy();
	return test_failures;
}
