// SPDX-License-Identifier: MIT
/*
 * In-kernel tests, run at boot in the test image (make check). They prove on
 * the real target what the host tests prove on the host: the calling
 * convention, 64-bit arithmetic and the counters of this architecture.
 */
#include <trapdoor/arch.h>
#include <trapdoor/blake2s.h>
#include <trapdoor/chacha.h>
#include <trapdoor/cmdline.h>
#include <trapdoor/exec.h>
#include <trapdoor/ktest.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/mm.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/trace.h>

#ifdef CONFIG_KTEST

#include <uapi/errno.h>

#include "randomize_kstack.h"
#include "test_registry.h"	/* generated from tests/registry (tools/gen-registry) */

/*
 * The tests run on the boot stack before the first task exists, never on a
 * task's: a test (or helper) whose frame is bigger than the stackleak search
 * depth on some arch or compiler is __stackleak_frame_exempt.
 */
static const char *current_test;
static bool current_failed;
static char failure[160];

__stackleak_frame_exempt void ktest_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (current_failed)
		return;
	current_failed = true;
	n = snprintf(failure, sizeof(failure), "%s:%d: ", file, line);
	if (n < 0 || (size_t)n >= sizeof(failure))
		return;
	va_start(ap, fmt);
	vsnprintf(failure + n, sizeof(failure) - (size_t)n, fmt, ap);
	va_end(ap);
}

static void expect_format(const char *want, const char *fmt, ...) __printf(2, 3);

static __stackleak_frame_exempt void expect_format(const char *want, const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	KTEST_EXPECT(strcmp(buf, want) == 0, "format \"%s\" gave \"%s\", want \"%s\"", fmt, buf,
		     want);
	KTEST_EXPECT(n == (int)strlen(want), "format \"%s\" returned %d, want %d", fmt, n,
		     (int)strlen(want));
}

/* A NULL the compiler cannot see through, so it does not warn about "%s". */
static const char *volatile null_string;

/* Varargs of every width pass through this arch's calling convention. */
static __stackleak_frame_exempt void test_vsnprintf_widths(void)
{
	expect_format("-2147483648", "%d", (int)(-2147483647 - 1));
	expect_format("18446744073709551615", "%llu", ~0ULL);
	expect_format("ffffffffffff4111", "%lx", (unsigned long)-0xBEEFL);
	expect_format("0x00000000deadbeef", "%p", (void *)0xdeadbeefUL);
	expect_format("[  42|42   |00042]", "[%4d|%-5d|%05d]", 42, 42, 42);
	expect_format("a (null) % z", "%c %s %% %c", 'a', null_string, 'z');
	expect_format("1 2 3 4 5 6 7 8 9 10", "%d %d %d %d %d %d %d %d %d %d", 1, 2, 3, 4, 5, 6,
		      7, 8, 9, 10);
}

static void test_vsnprintf_truncates(void)
{
	char buf[8];
	int n;

	memset(buf, 'X', sizeof(buf));
	n = snprintf(buf, 4, "%s", "trapdoor");
	KTEST_EXPECT(n == 8, "returned %d, want 8", n);
	KTEST_EXPECT(strcmp(buf, "tra") == 0, "got \"%s\"", buf);
	KTEST_EXPECT(buf[4] == 'X', "wrote past the size");
}

static __stackleak_frame_exempt void test_string_functions(void)
{
	char a[32], b[32];

	memset(a, 0x5a, sizeof(a));
	memcpy(b, a, sizeof(b));
	KTEST_EXPECT(memcmp(a, b, sizeof(a)) == 0, "memcpy copy differs");
	strscpy(a, "abcdef", sizeof(a));
	memmove(a + 2, a, 6);
	KTEST_EXPECT(memcmp(a, "ababcdef", 8) == 0, "overlapping memmove gave \"%.8s\"", a);
	KTEST_EXPECT(strlen("trapdoor") == 8, "strlen");
	KTEST_EXPECT(strcmp("abc", "abd") < 0 && strcmp("b", "a") > 0, "strcmp order");
}

static void test_counter_advances(void)
{
	u64 t0 = arch_get_cycles(), t1;
	volatile unsigned int spin;

	for (spin = 0; spin < 100000; spin++)
		;
	t1 = arch_get_cycles();
	KTEST_EXPECT(t1 > t0, "counter did not advance: %llu then %llu", (unsigned long long)t0,
		     (unsigned long long)t1);
	KTEST_EXPECT(arch_cycles_per_sec() >= 1000000, "counter frequency %llu Hz",
		     (unsigned long long)arch_cycles_per_sec());
}

static bool printable(const char *s)
{
	for (; s && *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

static void test_boot_info(void)
{
	KTEST_EXPECT(boot_info.mem_size >= (16ULL << 20), "memory size %llu",
		     (unsigned long long)boot_info.mem_size);
	KTEST_EXPECT(strcmp(boot_info.machine, "unknown") != 0, "machine not described");
	/* What the banner and uname show is printable: firmware strings arrive escaped. */
	KTEST_EXPECT(printable(boot_info.machine) && printable(boot_info.cpu) &&
		     printable(boot_info.bootloader) && printable(boot_info.firmware),
		     "a boot_info string holds a control or non-ASCII byte");
}

/* The stack is KSTACK_ALIGN-aligned inside any C function (the ABI's promise). */
static void test_stack_alignment(void)
{
	unsigned long sp = current_stack_pointer();

	KTEST_EXPECT((sp & (KSTACK_ALIGN - 1)) == 0, "stack pointer 0x%lx is not %d-byte aligned",
		     sp, KSTACK_ALIGN);
}

/* Linux's CONFIG_RANDOM32_SELFTEST vectors, on the target (two are big-endian). */
static void test_prandom_selftest(void)
{
	int failed = prandom_selftest();

	KTEST_EXPECT(failed == 0, "%d LFSR113 vectors differ from Linux's", failed);
}

/* RFC 8439 §2.3.2: key 00..1f, counter 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00. */
static __stackleak_frame_exempt void test_chacha20_rfc8439_block(void)
{
	static const u8 iv[CHACHA_IV_SIZE] = { 1, 0, 0, 0, 0, 0, 0, 0x09, 0, 0, 0, 0x4a };
	static const u8 want[16] = { 0x10, 0xf1, 0xe7, 0xe4, 0xd1, 0x3b, 0x59, 0x15,
				     0x50, 0x0f, 0xdd, 0x1f, 0xa3, 0x20, 0x71, 0xc4 };
	u8 key[CHACHA_KEY_SIZE], out[CHACHA_BLOCK_SIZE];
	u32 st[CHACHA_STATE_WORDS];

	for (int i = 0; i < CHACHA_KEY_SIZE; i++)
		key[i] = (u8)i;
	chacha_init(st, key, iv);
	chacha20_block(st, out);
	KTEST_EXPECT(memcmp(out, want, sizeof(want)) == 0, "block starts %02x %02x %02x %02x",
		     out[0], out[1], out[2], out[3]);
	KTEST_EXPECT(st[12] == 2, "block counter %u after one block, want 2", st[12]);
}

/* RFC 7693 Appendix B: BLAKE2s-256("abc") begins 50 8c 5e 8c. */
static __stackleak_frame_exempt void test_blake2s_rfc7693_abc(void)
{
	static const u8 want[8] = { 0x50, 0x8c, 0x5e, 0x8c, 0x32, 0x7c, 0x14, 0xe2 };
	u8 out[BLAKE2S_HASH_SIZE];

	blake2s(out, (const u8 *)"abc", NULL, sizeof(out), 3, 0);
	KTEST_EXPECT(memcmp(out, want, sizeof(want)) == 0, "digest starts %02x %02x %02x %02x",
		     out[0], out[1], out[2], out[3]);
}

/*
 * crng.seed=trapdoor gives the same bytes on every architecture: the values
 * the host test pins against an independent model (tests/host/test_random.c).
 */
static __stackleak_frame_exempt void test_crng_seed_same_on_every_arch(void)
{
	static const u8 want[8] = { 0x40, 0xeb, 0x3f, 0xf4, 0xf0, 0x8c, 0xc7, 0xb6 };
	u8 buf[100];
	u16 a, b;

	crng_set_deterministic_seed("trapdoor", 8);
	get_random_bytes(buf, sizeof(buf));
	a = get_random_u16();
	b = get_random_u16();
	KTEST_EXPECT(memcmp(buf, want, sizeof(want)) == 0, "first bytes %02x %02x %02x %02x",
		     buf[0], buf[1], buf[2], buf[3]);
	KTEST_EXPECT(a == 0xc027 && b == 0x5671, "u16s 0x%04x 0x%04x, want 0xc027 0x5671", a, b);
	random_reset();
}

/* The loader takes only ELF64 executables for this architecture. */
static void test_elf_check_rejects_foreign(void)
{
	static u8 hdr[64] __aligned(8);
	const struct user_program *init = NULL;

	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (!strcmp(user_programs[i].name, "init"))
			init = &user_programs[i];
	KTEST_EXPECT(init != NULL, "no embedded init program");
	if (!init)
		return;
	KTEST_EXPECT(elf_check_header(init->start, (size_t)(init->end - init->start)) == 0,
		     "init's own header is refused");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[18] ^= 0x01;	/* e_machine: one bit off, in either byte order */
	hdr[19] ^= 0x01;
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "another machine was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[5] ^= 0x03;		/* EI_DATA: the other byte order */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "the other byte order was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[4] = 1;		/* EI_CLASS: ELFCLASS32 */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "a 32-bit ELF was accepted");
	KTEST_EXPECT(elf_check_header(init->start, 16) < 0, "a truncated header was accepted");
}

/*
 * execve gives the task a fresh kernel-stack offset stream (prng-task): the
 * old image may have leaked enough offsets to predict the old one. A real
 * do_execve() of the embedded init, run by a stand-in task with its own
 * kernel stack, before any task exists.
 */
static __stackleak_frame_exempt void test_execve_reseeds_kstack_state(void)
{
	static struct task_struct t;
	static u8 stack[THREAD_SIZE] __aligned(THREAD_SIZE);
	static const char *const argv[] = { "init", "ktest" };
	struct task_struct *saved = current;
	struct rnd_state before;
	struct kstack_chacha chacha_before;
	unsigned long free_before = nr_free_pages();
	long err;

	memset(&t, 0, sizeof(t));
	t.stack = stack;
	strscpy(t.comm, "ktest", sizeof(t.comm));
	t.mm = mm_create();
	KTEST_EXPECT(t.mm != NULL, "mm_create failed");
	if (!t.mm)
		return;
	memset(&t.kstack_rnd_state, 0x5a, sizeof(t.kstack_rnd_state));
	before = t.kstack_rnd_state;
	/* A used-up chacha-task buffer: the new image must get a new key and an empty buffer. */
	memset(&t.kstack_chacha, 0xa5, sizeof(t.kstack_chacha));
	t.kstack_chacha.pos = 3;
	chacha_before = t.kstack_chacha;
	current = &t;
	err = do_execve("init", argv, 2);
	current = saved;
	arch_switch_mm(NULL);
	mm_destroy(t.mm);
	KTEST_EXPECT(err == 0, "do_execve(init) = %ld", err);
	KTEST_EXPECT(memcmp(&before, &t.kstack_rnd_state, sizeof(before)) != 0,
		     "the new image kept the old kstack_rnd_state");
	KTEST_EXPECT(memcmp(chacha_before.key, t.kstack_chacha.key, sizeof(chacha_before.key)) != 0 &&
		     t.kstack_chacha.counter == 0 && t.kstack_chacha.pos == sizeof(t.kstack_chacha.buf),
		     "the new image kept the old chacha-task key, counter or buffer position");
	KTEST_EXPECT(strcmp(t.comm, "init") == 0, "comm is \"%s\"", t.comm);
	KTEST_EXPECT(nr_free_pages() == free_before, "%lu free pages before, %lu after",
		     free_before, nr_free_pages());
}

/*
 * kstack=off records an empty gap where the dispatcher's stack pointer is,
 * exactly where a mode whose offset comes from memory records it when that
 * offset is 0. A 0 the compiler could see would let it fold the alloca and
 * record the top of the dispatcher's frame instead (GCC on arm64): the
 * stackleak erase would then search that whole frame on every syscall.
 * Both calls below start from the same stack pointer.
 */
static __noinline __stackleak_frame_exempt unsigned long test_kstack_gap_low(int mode)
{
	u32 offset;

	current->kstack_mode = mode;
	add_random_kstack_offset(offset);
	(void)offset;
	return current->stackleak_gap_low;
}

static void test_kstack_off_gap(void)
{
	static struct task_struct t;
	struct task_struct *saved = current;
	unsigned long counter, off;

	current = &t;		/* t.kstack_offset is 0; the switches are t's own */
	t.kstack_store = KSTACK_STORE_TASK;
	counter = test_kstack_gap_low(KSTACK_MODE_COUNTER);
	off = test_kstack_gap_low(KSTACK_MODE_OFF);
	current = saved;
	KTEST_EXPECT(off == counter && t.stackleak_gap_high == off,
		     "kstack=off recorded the gap [0x%lx, 0x%lx), a 0 offset in counter mode 0x%lx",
		     off, t.stackleak_gap_high, counter);
}

/*
 * trace on is the caller's own switch: it traces the caller's children. A
 * traced child's trace off or on changes only what is traced below it, and
 * another task's switch takes nothing over; an exit gives the switch back.
 */
static __stackleak_frame_exempt void test_trace_per_task(void)
{
	static struct task_struct parent, child, other;
	struct task_struct *saved = current;
	int tasks = trace_tasks;
	long on, off, child_on;
	bool traced, traced_after;

	child.parent = &parent;
	current = &parent;
	on = trace_set(1);
	current = &child;
	off = trace_set(0);
	child_on = trace_set(1);
	current = &other;
	trace_set(1);
	trace_set(0);
	traced = task_traced(&child) && parent.trace_children;
	trace_exit(&child);
	trace_exit(&parent);
	traced_after = task_traced(&child);
	current = saved;
	KTEST_EXPECT(on == 0 && off == 0 && child_on == 0 && traced && !traced_after &&
		     trace_tasks == tasks,
		     "parent's on %ld, child's off %ld and on %ld, child traced %d, after the "
		     "exits %d, tracing tasks %d (was %d)", on, off, child_on, traced,
		     traced_after, trace_tasks, tasks);
}

/* The command line reaches the console escaped: no raw newline can forge a protocol line. */
static __stackleak_frame_exempt void test_cmdline_escape(void)
{
	char buf[64];
	size_t n;

	n = string_escape(buf, sizeof(buf), "foo=1\nEXIT: status=0");
	KTEST_EXPECT(strcmp(buf, "foo=1\\nEXIT: status=0") == 0 && n == 20, "got \"%s\" (%zu)",
		     buf, n);
	n = string_escape(buf, sizeof(buf), "a\tb\x7f\\\r\xff");
	KTEST_EXPECT(strcmp(buf, "a\\x09b\\x7f\\\\\\x0d\\xff") == 0 && n == 7, "got \"%s\" (%zu)",
		     buf, n);
	/* A short buffer ends before an escape, never inside one. */
	n = string_escape(buf, 4, "ab\ncd");
	KTEST_EXPECT(strcmp(buf, "ab") == 0 && n == 2, "size 4: \"%s\" (%zu)", buf, n);
	n = string_escape(buf, 6, "ab\ncd");
	KTEST_EXPECT(strcmp(buf, "ab\\nc") == 0 && n == 4, "size 6: \"%s\" (%zu)", buf, n);
}

/* A command line too long for the parser is applied up to the last whole option. */
static __stackleak_frame_exempt void test_cmdline_fit(void)
{
	static const struct {
		const char *line;
		size_t size;
		bool cut;
		size_t want;
	} cases[] = {
		{ "kstack=off stackleak=on", 512, false, 23 },	/* fits */
		{ "aaaa bbbb cccc", 8, false, 5 },		/* "bbbb" would be cut: dropped */
		{ "aaaa bbbb cccc", 10, false, 9 },		/* the cut falls on a space */
		{ "aaaa bbbb cccc", 15, false, 14 },		/* exactly fits */
		{ "aaaaaaaaaaaa", 5, false, 0 },		/* not even one option */
		{ "aaaa bbbb", 512, true, 5 },			/* the arch cut: last one dropped */
		{ "aaaa bbbb ", 512, true, 10 },		/* ... unless it ended whole */
		{ "", 512, false, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t got = cmdline_fit(cases[i].line, cases[i].size, cases[i].cut);

		KTEST_EXPECT(got == cases[i].want, "\"%s\" in %zu bytes%s: %zu, want %zu",
			     cases[i].line, cases[i].size, cases[i].cut ? " (cut)" : "", got,
			     cases[i].want);
	}
}

/*
 * Run after smp_init(): every CPU the machine has came online, each takes
 * its own timer ticks, and an IPI reaches each one.
 */
static bool wait_counter(const unsigned long *counter, unsigned long past)
{
	u64 start = arch_get_cycles(), limit = arch_cycles_per_sec();

	while (READ_ONCE(*counter) <= past)
		if (arch_get_cycles() - start > limit)
			return false;
	return true;
}

/* test.cpus=N: the CPUs QEMU was given (make check SMP=N); 0 when not said. */
static unsigned int ktest_cpus_expected;

int ktest_cpus_setup(const char *value)
{
	unsigned int n = 0;

	for (const char *p = value; *p; p++) {
		if (*p < '0' || *p > '9' || n > NR_CPUS)
			return -EINVAL;
		n = n * 10 + (unsigned int)(*p - '0');
	}
	if (!value[0] || n < 1 || n > NR_CPUS)
		return -EINVAL;
	ktest_cpus_expected = n;
	return 0;
}

static __stackleak_frame_exempt void test_smp_online(void)
{
	KTEST_EXPECT(nr_cpus_online == nr_cpus_present, "%u of %u CPUs online", nr_cpus_online,
		     nr_cpus_present);
	/* The machine's own count can be short too: the arch may have found fewer than QEMU made. */
	if (ktest_cpus_expected)
		KTEST_EXPECT(nr_cpus_online == ktest_cpus_expected,
			     "%u CPUs online, test.cpus=%u (QEMU -smp)", nr_cpus_online,
			     ktest_cpus_expected);
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		KTEST_EXPECT(READ_ONCE(cpu_info[cpu].online) && cpu_info[cpu].cpu == cpu,
			     "CPU%u: online %d, number %u", cpu, cpu_info[cpu].online,
			     cpu_info[cpu].cpu);
	KTEST_EXPECT(this_cpu() == &cpu_info[0], "the boot CPU is CPU%u", smp_processor_id());
}

static __stackleak_frame_exempt void test_smp_timer_every_cpu(void)
{
	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++) {
		unsigned long past = READ_ONCE(cpu_info[cpu].ticks);

		KTEST_EXPECT(wait_counter(&cpu_info[cpu].ticks, past),
			     "CPU%u took no timer tick in a second (%lu so far)", cpu, past);
	}
}

static __stackleak_frame_exempt void test_smp_ipi_every_cpu(void)
{
	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++) {
		for (int round = 0; round < 3; round++) {
			unsigned long past = READ_ONCE(cpu_info[cpu].ipis);

			arch_send_ipi(cpu);
			KTEST_EXPECT(wait_counter(&cpu_info[cpu].ipis, past),
				     "CPU%u took no IPI in a second (round %d, %lu so far)", cpu,
				     round, past);
		}
	}
}

struct ktest {
	const char *name;
	void (*fn)(void);
};

static void count_call(void *arg)
{
	__atomic_fetch_add((unsigned long *)arg, 1UL << (4 * smp_processor_id()), __ATOMIC_RELAXED);
}

/* smp_call_function() runs the function once on every other CPU, none on this one. */
static __stackleak_frame_exempt void test_smp_call_function(void)
{
	unsigned long calls = 0, want = 0;

	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++)
		want |= 1UL << (4 * cpu);
	smp_call_function(count_call, &calls);
	KTEST_EXPECT(__atomic_load_n(&calls, __ATOMIC_ACQUIRE) == want,
		     "calls 0x%lx, want 0x%lx (one nibble per CPU)", calls, want);
}

/* prng-cpu: every CPU has a state of its own, seeded apart: the streams differ. */
static __stackleak_frame_exempt void test_smp_prng_cpu_streams_differ(void)
{
	u32 first[NR_CPUS][4];

	for (unsigned int cpu = 0; cpu < nr_cpus_online; cpu++) {
		struct rnd_state s = cpu_info[cpu].kstack_rnd_state;

		for (int i = 0; i < 4; i++)
			first[cpu][i] = prandom_u32_state(&s);
		KTEST_EXPECT(s.s1 | s.s2 | s.s3 | s.s4, "CPU%u's state is zero: never seeded", cpu);
	}
	for (unsigned int a = 0; a < nr_cpus_online; a++)
		for (unsigned int b = a + 1; b < nr_cpus_online; b++)
			KTEST_EXPECT(memcmp(first[a], first[b], sizeof(first[a])) != 0,
				     "CPU%u and CPU%u draw the same offsets", a, b);
}

/* test.cpus= takes 1 to NR_CPUS, nothing else; a bad value changes nothing. */
static __stackleak_frame_exempt void test_cmdline_test_cpus(void)
{
	static const char *const bad[] = { "", "0", "9", "x", "2x", "-1", "99999999999" };
	unsigned int saved = ktest_cpus_expected;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int err = ktest_cpus_setup(bad[i]);

		KTEST_EXPECT(err == -EINVAL && ktest_cpus_expected == saved,
			     "test.cpus=%s: %d, expected now %u", bad[i], err, ktest_cpus_expected);
	}
	KTEST_EXPECT(ktest_cpus_setup("8") == 0 && ktest_cpus_expected == 8, "test.cpus=8: %u",
		     ktest_cpus_expected);
	KTEST_EXPECT(ktest_cpus_setup("1") == 0 && ktest_cpus_expected == 1, "test.cpus=1: %u",
		     ktest_cpus_expected);
	ktest_cpus_expected = saved;
}

static const struct ktest ktests[] = {
	{ "boot.info", test_boot_info },
	{ "boot.stack_alignment", test_stack_alignment },
	{ "lib.vsnprintf_widths", test_vsnprintf_widths },
	{ "lib.vsnprintf_truncates", test_vsnprintf_truncates },
	{ "lib.string_functions", test_string_functions },
	{ "arch.counter_advances", test_counter_advances },
	{ "lib.prandom_linux_selftest_vectors", test_prandom_selftest },
	{ "lib.chacha20_rfc8439_block", test_chacha20_rfc8439_block },
	{ "lib.blake2s_rfc7693_abc", test_blake2s_rfc7693_abc },
	{ "random.crng_seed_same_on_every_arch", test_crng_seed_same_on_every_arch },
	{ "exec.elf_check_rejects_foreign", test_elf_check_rejects_foreign },
	{ "task.execve_reseeds_kstack_state", test_execve_reseeds_kstack_state },
	{ "task.kstack_off_gap_at_sp", test_kstack_off_gap },
	{ "task.trace_switch_per_task", test_trace_per_task },
	{ "cmdline.escape", test_cmdline_escape },
	{ "cmdline.fit_whole_options", test_cmdline_fit },
	{ "cmdline.test_cpus_values", test_cmdline_test_cpus },
};

/* The tests that need every CPU started: ktest_run_late(), after smp_init(). */
static const struct ktest ktests_late[] = {
	{ "smp.online", test_smp_online },
	{ "smp.timer_every_cpu", test_smp_timer_every_cpu },
	{ "smp.ipi_every_cpu", test_smp_ipi_every_cpu },
	{ "smp.call_function", test_smp_call_function },
	{ "smp.prng_cpu_streams_differ", test_smp_prng_cpu_streams_differ },
};

/* test.group=: "" runs every test. */
static char ktest_group_name[32];

int ktest_group_setup(const char *value)
{
	if (strlen(value) >= sizeof(ktest_group_name) || !test_registry_has(REGISTRY_GROUPS, value))
		return -EINVAL;
	strscpy(ktest_group_name, value, sizeof(ktest_group_name));
	return 0;
}

const char *ktest_group(void)
{
	return ktest_group_name[0] ? ktest_group_name : NULL;
}

/*
 * test.skip=CASE[,CASE...]: user/fault.c cases init reports as SKIP instead of
 * running: the ones the emulator itself cannot run (make check sets it from
 * the QEMU version, ARCH_TEST_CMDLINE in Makefile.arch).
 */
static char ktest_skip_list[64];

int ktest_skip_setup(const char *value)
{
	if (strlen(value) >= sizeof(ktest_skip_list))
		return -EINVAL;
	strscpy(ktest_skip_list, value, sizeof(ktest_skip_list));
	return 0;
}

const char *ktest_skip(void)
{
	return ktest_skip_list[0] ? ktest_skip_list : NULL;
}

/* The registry's ktest row for a test: the one named by the test's name up to its first '.'. */
static const struct test_registry_entry *ktest_row(const char *test)
{
	size_t n = 0;

	while (test[n] && test[n] != '.')
		n++;
	for (size_t i = 0; i < ARRAY_SIZE(test_registry); i++) {
		const struct test_registry_entry *e = &test_registry[i];

		if (!strcmp(e->kind, "ktest") && strlen(e->argv[0]) == n &&
		    !strncmp(e->argv[0], test, n))
			return e;
	}
	return NULL;
}

/*
 * The tests run before the boot options are applied (a test resets the CRNG
 * that crng.seed= seeds), so test.group= is looked up here as well: the last
 * one on the line wins, as it will when parse_boot_options() applies it.
 */
static void ktest_find_group(const char *cmdline)
{
	static const char key[] = "test.group=";
	char value[sizeof(ktest_group_name)];

	for (const char *p = cmdline; *p; p++) {
		size_t n = 0;

		if ((p != cmdline && p[-1] != ' ') || strncmp(p, key, sizeof(key) - 1))
			continue;
		p += sizeof(key) - 1;
		while (p[n] && p[n] != ' ' && n < sizeof(value) - 1)
			n++;
		memcpy(value, p, n);
		value[n] = '\0';
		ktest_group_setup(value);
		if (!*p)
			break;
	}
}

static int ktest_run_table(const struct ktest *tests, size_t n, int *ran)
{
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	int failed = 0;

	for (size_t i = 0; i < n; i++) {
		const struct test_registry_entry *row = ktest_row(tests[i].name);

		if (ktest_group_name[0] && !(row && test_registry_has(row->groups, ktest_group_name)))
			continue;
		current_test = tests[i].name;
		current_failed = false;
		(*ran)++;
		if (row)
			tests[i].fn();
		else
			snprintf(failure, sizeof(failure), "no ktest row for it in tests/registry");
		if (current_failed || !row) {
			printk("FAIL: %s: %s\n", current_test, failure);
			failed++;
		} else {
			printk("PASS: %s\n", current_test);
		}
	}
	return failed;
}

__stackleak_frame_exempt int ktest_run_all(const char *cmdline)
{
	int failed, ran = 0;

	ktest_find_group(cmdline);
	failed = ktest_run_table(ktests, ARRAY_SIZE(ktests), &ran);
	printk("ktest: %d of %d passed%s%s\n", ran - failed, ran,
	       ktest_group_name[0] ? ", group " : "", ktest_group_name);
	return failed;
}

int ktest_run_late(void)
{
	int failed, ran = 0;

	failed = ktest_run_table(ktests_late, ARRAY_SIZE(ktests_late), &ran);
	if (ran)
		printk("ktest: %d of %d late tests passed\n", ran - failed, ran);
	return failed;
}

#endif /* CONFIG_KTEST */
