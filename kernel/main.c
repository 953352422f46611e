// SPDX-License-Identifier: MIT
/*
 * start_kernel(): the boot sequence, in order. head.S of each architecture
 * jumps here with a stack and a cleared bss; everything below is common.
 */
#include <trapdoor/arch.h>
#include <trapdoor/bench.h>
#include <trapdoor/cmdline.h>
#include <trapdoor/console.h>
#include <trapdoor/exec.h>
#include <trapdoor/fs.h>
#include <trapdoor/initramfs.h>
#include <trapdoor/ktest.h>
#include <trapdoor/lkdtm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/mm.h>
#include <trapdoor/random.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/time.h>

#include "randomize_kstack.h"

struct boot_info boot_info = { .machine = "unknown", .cpu = "unknown", .cmdline = "" };

static void print_banner(void)
{
	printk("\ntrapdoor %s on %s\n", TRAPDOOR_VERSION, ARCH_NAME);
	printk("machine: %s\n", boot_info.machine);
	printk("cpu:     %s\n", boot_info.cpu);
	printk("memory:  %llu MiB at 0x%llx\n", (unsigned long long)(boot_info.mem_size >> 20),
	       (unsigned long long)boot_info.mem_start);
	printk("clock:   %llu Hz counter\n", (unsigned long long)arch_cycles_per_sec());
	printk("boot:    %s%s%s\n",
	       boot_info.bootloader ? boot_info.bootloader : "direct (no bootloader)",
	       boot_info.firmware ? ", firmware " : "",
	       boot_info.firmware ? boot_info.firmware : "");
	/* Escaped: a newline in it must not start a line of its own (docs/boot-options.md). */
	if (boot_info.cmdline[0]) {
		printk("command line: ");
		cmdline_print(boot_info.cmdline);
		printk("\n");
	}
	if (boot_info.cmdline_dropped)
		printk("command line: cut: the last %zu bytes did not fit and were dropped\n",
		       boot_info.cmdline_dropped);
}

/*
 * Test-only kernels that must fail, so that the test suite can prove the
 * runner notices (tools/run-qemu, tested by tools/testsuite): BROKEN=undef
 * traps, BROKEN=hang spins.
 */
static void broken_boot(void)
{
#if defined(CONFIG_BROKEN_UNDEF)
	printk("BROKEN=undef: executing an undefined instruction\n");
	arch_undefined_instruction();
#elif defined(CONFIG_BROKEN_HANG)
	printk("BROKEN=hang: spinning for ever\n");
	for (;;)
		barrier();
#endif
}

/*
 * Timing jitter: cycle counts around a little work, mixed in but never
 * credited — under emulation the timing comes from the host and we cannot
 * defend any number of bits for it.
 */
static __stackleak_frame_exempt void mix_jitter(void)
{
	u64 samples[64];
	volatile unsigned int spin;

	for (unsigned int i = 0; i < ARRAY_SIZE(samples); i++) {
		for (spin = 0; spin < 64 + (i & 7); spin++)
			;
		samples[i] = arch_get_cycles();
	}
	add_device_randomness(samples, sizeof(samples));
}

/* Feeds the CRNG from every source this machine has, and says what each gave. */
static __stackleak_frame_exempt void random_boot(void)
{
	struct crng_stats st;

	arch_boot_entropy();
	mix_jitter();
	random_init(boot_info.cmdline);
	crng_get_stats(&st);
	for (int src = 0; src < NR_RANDOM_SOURCES; src++)
		if (st.bytes_mixed[src])
			printk("random:  %-10s %4llu bytes mixed, %4llu bits credited\n",
			       random_source_name(src), (unsigned long long)st.bytes_mixed[src],
			       (unsigned long long)st.bits_credited[src]);
	printk("random:  crng %s (%u bits credited)\n",
	       st.state == CRNG_READY ? "ready" :
	       st.state == CRNG_EARLY ? "EARLY: not ready" :
					"EMPTY: not ready",
	       st.init_bits);
}

#ifdef CONFIG_KTEST
#define INIT_MODE "test" /* init runs the user test programs */
#else
#define INIT_MODE "demo"
#endif

/* Linux's fallbacks when neither rdinit= nor init= names a program that runs. */
static const char *const default_inits[] = { "/sbin/init", "/etc/init", "/bin/init", "/bin/sh" };
/* trapdoor's own init, the one the words of init_argv[1..] are for (user/init.c). */
#define TRAPDOOR_INIT "/bin/init"

/*
 * Starts the first program at path, as pid 1: its argv is the path, then
 * (trapdoor's own init only) the mode words, then the words after "--".
 */
static __stackleak_frame_exempt long try_init(const char *path, const char *const *mode,
					      int nr_mode)
{
	const char *argv[MAX_ARGS];
	const char *const *words;
	int argc = 0, nr_words = cmdline_init_args(&words);

	argv[argc++] = path;
	if (!strcmp(path, TRAPDOOR_INIT))
		for (int i = 0; i < nr_mode; i++)
			argv[argc++] = mode[i];
	for (int i = 0; i < nr_words && argc < MAX_ARGS; i++)
		argv[argc++] = words[i];
	return spawn_program(path, argv, argc);
}

/*
 * Linux's order: rdinit= (default /init, silently absent), then init=, then
 * default_inits[]. A path that cannot run is named on the console, and the
 * next is tried.
 */
static long start_init(const char *const *mode, int nr_mode)
{
	const char *rdinit = cmdline_rdinit(), *init = cmdline_init();
	long pid = try_init(rdinit ? rdinit : "/init", mode, nr_mode);

	if (pid >= 0)
		return pid;
	if (rdinit)
		printk("init: rdinit=%s cannot run (error %ld); trying the next\n", rdinit, pid);
	if (init) {
		pid = try_init(init, mode, nr_mode);
		if (pid >= 0)
			return pid;
		printk("init: init=%s cannot run (error %ld); trying the defaults\n", init, pid);
	}
	for (unsigned int i = 0; i < ARRAY_SIZE(default_inits); i++) {
		pid = try_init(default_inits[i], mode, nr_mode);
		if (pid >= 0)
			return pid;
	}
	return pid;
}

__noreturn __stackleak_frame_exempt void start_kernel(void)
{
	const char *init_argv[5] = { "init", INIT_MODE };
	int init_argc = 2;
	long pid;

	arch_set_this_cpu(&cpu_info[0]);
	arch_setup();
	print_banner();
	broken_boot();

	page_alloc_init();
	kernel_protect();
	/* The file system and the initramfs in it before the tests: they run programs from it. */
	vfs_init();
	unpack_to_rootfs(__initramfs_start, (size_t)(__initramfs_end - __initramfs_start));
#ifdef CONFIG_KTEST
	/* Before the CRNG is fed: one test resets it to check crng.seed=. */
	ktest_failures = ktest_run_all(boot_info.cmdline);
#endif
	/* After the tests, so crng.seed= is not reset by theirs; before the CRNG is fed. */
	/* What the arch's copy could not hold: the last, cut option is dropped, not applied. */
	if (boot_info.cmdline_dropped)
		cmdline_set_truncated(strlen(boot_info.cmdline) + boot_info.cmdline_dropped);
	parse_boot_options(boot_info.cmdline);
	random_boot();
	kstack_boot_init();
	task_init();
	timekeeping_init();
	/* init.fuzz= (make soak) reaches init as its third argument. */
	init_argv[2] = cmdline_init_fuzz();
	/* init.shell= (make run on a terminal, make run SCRIPT=) likewise. */
	if (!init_argv[2])
		init_argv[2] = cmdline_init_shell();
	if (init_argv[2])
		init_argc = 3;
	if (lkdtm_boot_test[0]) {
		/* lkdtm=NAME: init runs that one deliberate bug (kernel/lkdtm.c). */
		init_argv[1] = "lkdtm";
		init_argv[2] = lkdtm_boot_test;
		init_argc = 3;
	} else if (bench_boot_args[0]) {
		/* bench=ARGS: init runs the bench program (kernel/bench.c, bench/bench.c). */
		init_argv[1] = "bench";
		init_argv[2] = bench_boot_args;
		init_argc = 3;
	}
#ifdef CONFIG_KTEST
	/* test.group= (make check T=GROUP): init runs only that group's user tests. */
	if (ktest_group()) {
		static char group_arg[40];

		snprintf(group_arg, sizeof(group_arg), "group=%s", ktest_group());
		init_argv[init_argc++] = group_arg;
	}
	/* test.skip= (make check, where QEMU cannot run a fault case): init skips those. */
	if (ktest_skip()) {
		static char skip_arg[72];

		snprintf(skip_arg, sizeof(skip_arg), "skip=%s", ktest_skip());
		init_argv[init_argc++] = skip_arg;
	}
#endif
	pid = start_init(init_argv + 1, init_argc - 1);
	if (pid != 1)
		panic("cannot start init: error %ld", pid);
	console_input_init();
	arch_timer_init(HZ);
	smp_init();
#ifdef CONFIG_KTEST
	ktest_failures += ktest_run_late();
#endif
	sched_start();
}
