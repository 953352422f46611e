// SPDX-License-Identifier: MIT
/*
 * predict: the attack lab. For each kernel-stack offset source, observe this
 * task's own offsets through report_stack(), build the best predictor for
 * that source, and count how often it guesses the next offset right (chance
 * is 1 in 64). docs/attacks.md explains each predictor and the results.
 *
 *   predict		the table: mode, samples the attack needed, prediction
 *			rate for this task and for another task, cost per
 *			syscall (ns, and the worst call but four of NR_COST),
 *			the cost of chacha-task with 8, 12 and 20 rounds, and
 *			whether a state learnt before execve predicts after it
 *   predict -t		the same attacks as PASS/FAIL tests (init runs this)
 *   predict exec-victim P1 P2	the image exec_attack() starts: P1 P2 are the
 *			predictions, one character each ('0' + offset / 16)
 *
 * The predictors:
 *   off		always 0.
 *   counter		offset = ror32(offset, 5) ^ counter at the previous exit:
 *			solve the 32-bit offset word from the last 7 leaks and
 *			this task's own counter reads (user_counter()), with the
 *			kernel's exit taken to read the clock d ticks after ours;
 *			d is the one that predicted best on the training samples.
 *   prng-task, prng-cpu  LFSR113 is linear over GF(2): each leak is 6 linear
 *			equations in the 113 bits of state (lib/gf2.c); once
 *			they have rank 113 the state is known and so is every
 *			later offset.
 *   crng16, crng8, chacha-task  the same LFSR113 attempt, which finds no
 *			state (the equations contradict) and guesses at chance.
 * "Other task": the attacker predicts, then forks a victim whose offsets
 * are compared (the exit status carries the score back: there is no other
 * channel). With prng-cpu the victim draws from the same per-cpu stream.
 *
 * And one attack on where counter and crng16 keep the next offset
 * (kstack.store=, docs/kstack-offset.md "The migration bug"): a syscall
 * that begins on CPU 0 with offset A and ends on CPU 1 (user/lib/migrate.c)
 * leaves A in CPU 0 when the offset is kept per CPU. The attacker reads A,
 * comes back to CPU 0 in user mode and predicts that CPU 0's next syscall
 * begins with A again. It needs two CPUs.
 *
 * Everything between observations is syscall-free: every syscall draws an
 * offset, so a printf in the middle would move the stream.
 */
#include <trapdoor/bitops.h>
#include <trapdoor/gf2.h>
#include <trapdoor/prandom.h>

#include "lib/ulib.h"

#define NR_SLOTS	64  /* offsets 0, 16, ..., 1008 */
#define LEARN_MAX	40  /* leaks the LFSR113 attack may use */
#define CONFIRM		4   /* leaks checked after rank 113: 24 bits, 2^-24 by luck */
#define NR_OWN		256 /* predictions of this task's next offsets */
#define NR_ALIGN	8   /* victim leaks used to find the stream position */
#define MAX_SHIFT	16  /* syscalls the victim may be ahead of the prediction */
#define NR_OTHER	200 /* victim offsets predicted (an exit status holds 255) */
#define NR_PRED		(NR_ALIGN + NR_OTHER + MAX_SHIFT)
#define COUNTER_TRAIN	128  /* counter leaks that choose d */
#define COUNTER_WINDOW	7    /* leaks that pin all 32 bits of the word (5 new each) */
#define COUNTER_D_STEPS 4096 /* values of d tried, at most */
#define NR_COST		2048 /* getpid calls timed per mode */
#define COST_SKIP	4    /* the tail is the 5th slowest: interrupts land in a few */
#define NR_MIGRATE	64   /* migration rounds per store */

/*
 * At chance, hits ~ Binomial(n, 1/64). P(hits >= 17 of 256) = 8.2e-7 and
 * P(hits >= 15 of 200) = 7.8e-7 (exact sums, docs/attacks.md): a test that
 * fails above these fails by luck about once in a million boots, and never
 * with a fixed crng.seed=, which fixes the streams.
 */
#define CHANCE_MAX_OWN	 16
#define CHANCE_MAX_OTHER 14

static const char *const mode_names[NR_KSTACK_MODES] = KSTACK_MODE_NAMES;

struct row {
	int mode;
	int samples;		 /* leaks the attack needed; -1: it found nothing */
	unsigned int own, own_n; /* hits / predictions, this task */
	int other;		 /* hits of NR_OTHER, the victim; -1: not tried */
	u64 ns, tail_ns;	 /* mean and tail cost of a getpid */
};

static unsigned long base; /* report_stack() with offset 0 in this task */
static struct lfsr113_model model;
static struct gf2_system sys;
static u8 pred[NR_PRED];
static u64 cnt_before[COUNTER_TRAIN + NR_OWN];
static u8 leak[COUNTER_TRAIN + NR_OWN];

static long set_mode(long mode)
{
	return trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
}

/* Mode off for one report_stack(): every syscall of a task starts at the same depth. */
static void measure_base(int mode)
{
	set_mode(KSTACK_MODE_OFF);
	base = report_stack();
	set_mode(mode);
}

/* This syscall's offset in units of 16 bytes: SP = base - offset, exactly. */
static unsigned int leak_one(void)
{
	return (unsigned int)((base - report_stack()) >> 4) & (NR_SLOTS - 1);
}

static unsigned int pred_lfsr(struct rnd_state *st)
{
	return (prandom_u32_state(st) >> 4) & (NR_SLOTS - 1);
}

/*
 * The GF(2) attack on the next leaks. Returns the samples it took to reach
 * rank 113 if CONFIRM more leaks agreed, else -1; *st is the state it
 * recovered (or a guess fitting the consistent equations), as of now.
 */
static int lfsr_learn(struct rnd_state *st)
{
	int n = 0, needed = -1, confirmed = 0;
	bool contradiction = false;
	struct gf2_vec v, x;

	lfsr113_model_init(&model);
	gf2_system_init(&sys, LFSR113_STATE_BITS);
	while (n < LEARN_MAX && !contradiction && confirmed < CONFIRM) {
		unsigned int o = leak_one();

		n++;
		lfsr113_model_step(&model);
		for (unsigned int j = 0; j < 6; j++) {
			lfsr113_model_output_bit(&model, 4 + j, &v);
			if (gf2_system_add(&sys, &v, (o >> j) & 1) == GF2_INCONSISTENT)
				contradiction = true;
		}
		if (sys.rank == 113 && !contradiction) {
			if (needed < 0)
				needed = n;
			else
				confirmed++;
		}
	}
	gf2_system_solve(&sys, &x);
	lfsr113_state_from_vec(st, &x);
	for (int i = 0; i < n; i++)
		prandom_u32_state(st);
	return confirmed == CONFIRM ? needed : -1;
}

/*
 * The victim's side: this task's offsets against pred[], predictions the
 * attacker made before this task ran. It finds where in them its own stream
 * starts (its first NR_ALIGN leaks: fork, exec and the parent's wait4 take
 * draws too), then scores the next NR_OTHER. Returns the hits.
 */
static int victim_hits(int mode)
{
	static u8 obs[NR_ALIGN + NR_OTHER];
	unsigned int best = 0, best_match = 0, hits = 0;

	measure_base(mode);
	for (unsigned int i = 0; i < ARRAY_SIZE(obs); i++)
		obs[i] = (u8)leak_one();
	for (unsigned int s = 0; s <= MAX_SHIFT; s++) {
		unsigned int match = 0;

		for (unsigned int i = 0; i < NR_ALIGN; i++)
			match += obs[i] == pred[s + i];
		if (match > best_match) {
			best_match = match;
			best = s;
		}
	}
	for (unsigned int i = NR_ALIGN; i < ARRAY_SIZE(obs); i++)
		hits += obs[i] == pred[best + i];
	return (int)hits;
}

/* A forked victim, with pred[] in its copy of memory; the exit status carries its score. */
static int victim_score(int mode)
{
	long pid = fork();
	int status = 0;

	if (pid == 0)
		exit(victim_hits(mode));
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void attack_lfsr(struct row *r)
{
	struct rnd_state st;
	measure_base(r->mode);
	r->samples = lfsr_learn(&st);
	r->own_n = NR_OWN;
	for (unsigned int i = 0; i < NR_OWN; i++)
		r->own += pred_lfsr(&st) == leak_one();
	/* The same state, on: what the victim should see next if it shares it. */
	for (unsigned int i = 0; i < NR_PRED; i++)
		pred[i] = (u8)pred_lfsr(&st);
	r->other = victim_score(r->mode);
}

static void attack_off(struct row *r)
{
	measure_base(r->mode);
	r->samples = 1;
	r->own_n = NR_OWN;
	for (unsigned int i = 0; i < NR_OWN; i++)
		r->own += leak_one() == 0;
	memset(pred, 0, sizeof(pred));
	r->other = victim_score(r->mode);
}

/*
 * counter: leak j's offset is bits 9..4 of K_j, and K_{j+1} = ror32(K_j, 5)
 * ^ c_j, c_j the clock at syscall j's exit, guessed as cnt_before[j] + d.
 * So K_j = ror32(K_m, 5 (j - m)) ^ C_j with C_j known: each leak j >= m
 * gives six bits of K_m, five of them new, and seven leaks give all 32. The
 * prediction for leak n + 1 solves K_m, m = n - 6, and steps it on.
 */
static unsigned int counter_predict(unsigned int n, u64 d)
{
	unsigned int m = n + 1 - COUNTER_WINDOW;
	u32 c[COUNTER_WINDOW + 1], k = 0;

	c[0] = 0;
	for (unsigned int t = 0; t < COUNTER_WINDOW; t++)
		c[t + 1] = ror32(c[t], 5) ^ (u32)(cnt_before[m + t] + d);
	for (unsigned int t = 0; t < COUNTER_WINDOW; t++) {
		/* Bits 9..4 of K_j are the leak; bit b of K_j is bit b + 5t of K_m. */
		u32 known = ((u32)leak[m + t] << 4) ^ (c[t] & 0x3f0);

		for (unsigned int b = 4; b < 10; b++) {
			unsigned int at = (b + 5 * t) & 31;

			k = (k & ~(1U << at)) | (((known >> b) & 1) << at);
		}
	}
	return ((ror32(k, (5 * COUNTER_WINDOW) & 31) ^ c[COUNTER_WINDOW]) >> 4) & (NR_SLOTS - 1);
}

/* Training hits with delay d; better than *best: d becomes *best_d. */
static void counter_try(u64 d, unsigned int *best, u64 *best_d)
{
	unsigned int hits = 0;

	for (unsigned int i = COUNTER_WINDOW - 1; i + 1 < COUNTER_TRAIN; i++)
		hits += counter_predict(i, d) == leak[i + 1];
	if (hits > *best) {
		*best = hits;
		*best_d = d;
	}
}

static void attack_counter(struct row *r)
{
	const unsigned int n = COUNTER_TRAIN + NR_OWN;
	u64 span = U64_MAX, best_d = 0, step;
	unsigned int best = 0;

	measure_base(r->mode);
	for (unsigned int i = 0; i < n; i++) {
		cnt_before[i] = user_counter();
		leak[i] = (u8)leak_one();
	}
	/*
	 * The kernel reads the clock before our next read: d is less than the
	 * shortest round trip. Every tick is tried (a fast clock in steps).
	 */
	for (unsigned int i = 0; i + 1 < COUNTER_TRAIN; i++)
		if (cnt_before[i + 1] - cnt_before[i] < span)
			span = cnt_before[i + 1] - cnt_before[i];
	step = span / COUNTER_D_STEPS + 1;
	for (u64 d = 0; d < span; d += step)
		counter_try(d, &best, &best_d);
	r->samples = COUNTER_TRAIN;
	r->own_n = NR_OWN;
	for (unsigned int i = COUNTER_TRAIN - 1; i + 1 < n; i++)
		r->own += counter_predict(i, best_d) == leak[i + 1];
	r->other = -1; /* the victim's clock reads are not the attacker's */
}

/* Hits of the migration attack, per kstack.store= value. */
struct migrate_score {
	int hits[2], rounds[2]; /* [KSTACK_STORE_TASK], [KSTACK_STORE_CPU] */
};

static bool two_cpus; /* CPUs 0 and 1 were in this task's mask at start */

/*
 * The victim of the migration attack: it waits on CPU 1, blocked in read().
 * Each byte from the attacker wakes it there; it moves itself to CPU 0 (the
 * sched_setaffinity() ends on CPU 1, it arrives on CPU 0 in user mode),
 * makes one syscall there, the first to begin on CPU 0 since the
 * attacker's, and sends back that syscall's offset (0xff: not on CPU 0).
 */
static __noreturn void migrate_victim(int rfd, int wfd, unsigned long vbase)
{
	unsigned long cpu0 = 1, cpu1 = 2;
	char c;

	while (read(rfd, &c, 1) == 1) {
		unsigned long sp;
		u8 off;

		sched_setaffinity(0, sizeof(cpu0), &cpu0);
		sp = report_stack();
		off = migrate_this_cpu() == 0 ? (u8)(((vbase - sp) >> 4) & (NR_SLOTS - 1)) : 0xff;
		sched_setaffinity(0, sizeof(cpu1), &cpu1);
		write(wfd, &off, 1);
	}
	exit(0);
}

/*
 * The victim, forked with the offset off to measure its base, pinned to
 * CPU 1, then switched to mode (the switch is its own: the parent's
 * does not reach it); *to and *from are the pipes to it. Returns its pid,
 * or -1.
 */
static long start_victim(long mode, int *to, int *from)
{
	int down[2], up[2];
	unsigned long cpu1 = 2;
	long pid;
	u8 ready;

	if (pipe2(down, 0) < 0)
		return -1;
	if (pipe2(up, 0) < 0) {
		close(down[0]);
		close(down[1]);
		return -1;
	}
	set_mode(KSTACK_MODE_OFF);
	pid = fork();
	if (pid == 0) {
		unsigned long vbase = report_stack();

		set_mode(mode);
		close(down[1]);
		close(up[0]);
		sched_setaffinity(0, sizeof(cpu1), &cpu1);
		write(up[1], "r", 1);
		migrate_victim(down[0], up[1], vbase);
	}
	close(down[0]);
	close(up[1]);
	if (pid < 0 || read(up[0], &ready, 1) != 1)
		pid = -1;
	set_mode(mode);
	*to = down[1];
	*from = up[0];
	return pid;
}

/*
 * Each round: A is the offset of a syscall that began on CPU 0 and ended on
 * CPU 1 (user/lib/migrate.c); the prediction, made on CPU 1 before the next
 * syscall begins on CPU 0, is A. The next syscall on CPU 0 is this task's
 * own, after it moved back (own), or, with victim, the victim's, woken on
 * CPU 1 while this task waits there. Rounds that did not migrate as planned
 * are not counted. Returns -1 if the rounds could not start.
 */
static int attack_migrate(long mode, bool victim, struct migrate_score *sc)
{
	unsigned long cpu0 = 1;

	for (long store = KSTACK_STORE_TASK; store <= KSTACK_STORE_CPU; store++) {
		struct migrate_rig rig;
		int to = -1, from = -1;
		long vpid = 0;

		sc->hits[store] = sc->rounds[store] = 0;
		if (migrate_start(&rig, store, mode) < 0)
			return -1;
		if (victim && (vpid = start_victim(mode, &to, &from)) < 0) {
			migrate_stop(&rig);
			return -1;
		}
		/* NR_MIGRATE rounds that migrated; H can be late on a busy host: up to 4x tries. */
		for (int i = 0; i < 4 * NR_MIGRATE && sc->rounds[store] < NR_MIGRATE; i++) {
			long a, b, prediction;
			u8 off = 0xff;

			if (migrate_away(&rig, &a) < 0)
				continue;
			prediction = a;
			if (!victim) {
				if (migrate_back(&rig, &b) < 0)
					continue;
			} else {
				/* Both syscalls begin and end here, on CPU 1. */
				if (write(to, "v", 1) != 1 || read(from, &off, 1) != 1)
					break;
				sched_setaffinity(0, sizeof(cpu0), &cpu0);
				if (off == 0xff)
					continue;
				b = off;
			}
			sc->rounds[store]++;
			sc->hits[store] += b == prediction;
		}
		if (victim) {
			close(to);
			close(from);
			waitpid((int)vpid, NULL, 0);
		}
		migrate_stop(&rig);
	}
	return 0;
}

static u64 ts_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/*
 * The cost: NR_COST getpid calls, each between two user_counter() reads.
 * The mean is from CLOCK_MONOTONIC over the whole loop (so it includes the
 * loop and the reads, the same in every mode); the tail is the fifth
 * slowest single call, in counter ticks converted with the loop's own rate.
 * Stackleak is off meanwhile: its erase costs more the deeper the offset
 * went, which would add the offsets' own noise to every source's figure.
 */
static void measure_cost(struct row *r)
{
	u64 slow[COST_SKIP + 1] = { 0 }, t0, t1, c0, c1;
	long stackleak = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, 0);

	set_mode(r->mode);
	for (int i = 0; i < 128; i++)
		getpid();
	t0 = ts_ns();
	c0 = user_counter();
	for (int i = 0; i < NR_COST; i++) {
		u64 a = user_counter(), b;

		getpid();
		b = user_counter() - a;
		for (int k = COST_SKIP; k >= 0 && b > slow[k]; k--) {
			if (k < COST_SKIP)
				slow[k + 1] = slow[k];
			slow[k] = b;
		}
	}
	c1 = user_counter();
	t1 = ts_ns();
	if (stackleak >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, stackleak);
	r->ns = (t1 - t0) / NR_COST;
	r->tail_ns = c1 > c0 ? slow[COST_SKIP] * (t1 - t0) / (c1 - c0) : 0;
}

/*
 * exec: learn this task's prng-task state, predict the next NR_PRED
 * offsets and exec this program with them in argv. The new image scores
 * them as the victim does; the kernel must have given it a fresh state.
 */
static int exec_attack(void)
{
	/* Two halves, each a short argument. */
	static char arg[2][NR_PRED / 2 + 1];
	const char *argv[] = { "predict", "exec-victim", arg[0], arg[1], NULL };
	struct rnd_state st;
	long pid;
	int status = 0;

	pid = fork();
	if (pid == 0) {
		measure_base(KSTACK_MODE_PRNG_TASK);
		if (lfsr_learn(&st) < 0)
			exit(255);
		for (unsigned int i = 0; i < NR_PRED; i++)
			arg[i / (NR_PRED / 2)][i % (NR_PRED / 2)] = (char)('0' + pred_lfsr(&st));
		execve("/bin/predict", argv, NULL);
		exit(254);
	}
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int exec_victim(char **arg)
{
	if (strlen(arg[0]) != NR_PRED / 2 || strlen(arg[1]) != NR_PRED / 2)
		return 253;
	for (unsigned int i = 0; i < NR_PRED; i++)
		pred[i] = (u8)(arg[i / (NR_PRED / 2)][i % (NR_PRED / 2)] - '0');
	/* This image is the victim: a fork would reseed and prove nothing. */
	return victim_hits(KSTACK_MODE_PRNG_TASK);
}

static void run_attack(struct row *r)
{
	switch (r->mode) {
	case KSTACK_MODE_OFF:
		attack_off(r);
		break;
	case KSTACK_MODE_COUNTER:
		attack_counter(r);
		break;
	default:
		attack_lfsr(r);
		break;
	}
}

static void pct(char *buf, size_t len, unsigned int hits, unsigned int n)
{
	unsigned int permille = n ? (hits * 1000 + n / 2) / n : 0;

	snprintf(buf, len, "%u.%u%%", permille / 10, permille % 10);
}

static void print_row(const char *name, const struct row *r, bool attacked)
{
	char own[16] = "", other[16] = "-", samples[16] = "-";

	if (attacked) {
		pct(own, sizeof(own), r->own, r->own_n);
		if (r->other >= 0)
			pct(other, sizeof(other), (unsigned int)r->other, NR_OTHER);
		if (r->samples >= 0)
			snprintf(samples, sizeof(samples), "%d", r->samples);
	} else {
		samples[0] = '\0';
		other[0] = '\0';
	}
	printf("%-15s %7s %8s %10s %8llu %8llu\n", name, samples, own, other,
	       (unsigned long long)r->ns, (unsigned long long)r->tail_ns);
}

static int run_table(void)
{
	static struct row rows[NR_KSTACK_MODES], rounds[3];
	static const int nr_rounds[3] = { 8, 12, 20 };
	long mode = set_mode(-1),
	     old_rounds = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, -1);
	struct migrate_score mig[2]; /* [victim] */
	bool mig_ok[2] = { false, false };
	struct new_utsname u;
	int exec_hits;

	for (int m = 0; m < NR_KSTACK_MODES; m++) {
		rows[m].mode = m;
		run_attack(&rows[m]);
		measure_cost(&rows[m]);
	}
	for (int i = 0; i < 3; i++) {
		rounds[i].mode = KSTACK_MODE_CHACHA_TASK;
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, nr_rounds[i]);
		measure_cost(&rounds[i]);
	}
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, old_rounds);
	exec_hits = exec_attack();
	/* crng16 only: counter's rows would be the same (nothing is solved), at twice the time. */
	for (int v = 0; v < 2 && two_cpus; v++)
		mig_ok[v] = attack_migrate(KSTACK_MODE_CRNG16, v, &mig[v]) == 0;
	set_mode(mode);

	uname(&u);
	printf("predict: %s, guessing the next kernel-stack offset (chance 1.6%%)\n", u.machine);
	printf("%-15s %7s %8s %10s %8s %8s\n", "mode", "samples", "own", "other task", "ns/call",
	       "tail ns");
	for (int m = 0; m < NR_KSTACK_MODES; m++)
		print_row(mode_names[m], &rows[m], true);
	for (int i = 0; i < 3; i++) {
		char name[24];

		snprintf(name, sizeof(name), "  chacha%d", nr_rounds[i]);
		print_row(name, &rounds[i], false);
	}
	for (long store = KSTACK_STORE_TASK; store <= KSTACK_STORE_CPU; store++) {
		char name[24], own[16] = "no SMP", other[16] = "no SMP";

		snprintf(name, sizeof(name), "crng16/%s",
			 store == KSTACK_STORE_CPU ? "cpu" : "task");
		if (mig_ok[0])
			pct(own, sizeof(own), (unsigned int)mig[0].hits[store],
			    (unsigned int)mig[0].rounds[store]);
		if (mig_ok[1])
			pct(other, sizeof(other), (unsigned int)mig[1].hits[store],
			    (unsigned int)mig[1].rounds[store]);
		printf("%-15s %7s %8s %10s\n", name, "1", own, other);
	}
	printf("own: %d predictions after the samples; other: %d of a forked victim's\n", NR_OWN,
	       NR_OTHER);
	printf("exec: a prng-task state predicted before execve matched %d of %d after it\n",
	       exec_hits, NR_OTHER);
	printf("crng16/STORE: the migration attack, kstack.store=STORE: a syscall that ends\n"
	       "on CPU 1 predicts CPU 0's next (own, or a victim's), %d rounds each%s\n",
	       NR_MIGRATE, two_cpus ? "" : " (needs CPUs 0 and 1: make run SMP=2)");
	printf("ns/call: a getpid and the loop, stackleak off; tail: the %dth slowest of %d\n",
	       COST_SKIP + 1, NR_COST);
	return 0;
}


/* The figures behind a test, printed after it: with one crng.seed= every boot prints the same. */
static void print_figures(const struct row *r)
{
	printf("predict: %s: state after %d samples, own %u of %u, other %d of %d\n",
	       mode_names[r->mode], r->samples, r->own, r->own_n, r->other, NR_OTHER);
}

static void print_migrate(long mode, bool victim, const struct migrate_score *sc)
{
	printf("predict: migration, %s: a syscall begins on CPU 0 with offset A, ends on CPU 1;\n"
	       "         predicted: %s next syscall on CPU 0 begins with A\n",
	       mode_names[mode], victim ? "a victim task's" : "this task's");
	for (long store = KSTACK_STORE_TASK; store <= KSTACK_STORE_CPU; store++)
		printf("  kstack.store=%-4s  %3d of %3d predicted\n",
		       store == KSTACK_STORE_CPU ? "cpu" : "task", sc->hits[store],
		       sc->rounds[store]);
}

/*
 * Per CPU, CPU 0 keeps A for its next syscall: at least 90 %. Per task, 1
 * in 64 by chance: more than 8 of 64 has probability below 1e-6. Every round
 * must have migrated as planned (up to four tries each), or the rates say less.
 */
static void test_migrate(long mode, bool victim)
{
	const char *form = victim ? "user.predict.migrate.victim" : "user.predict.migrate.own";
	struct migrate_score sc;
	char name[64];
	int ok;

	if (!two_cpus) {
		printf("SKIP: %s: one CPU, no migration to attack\n", form);
		return;
	}
	ok = attack_migrate(mode, victim, &sc);
	print_migrate(mode, victim, &sc);
	snprintf(name, sizeof(name), "%s.rounds", form);
	CHECK(name, ok == 0 && sc.rounds[0] == NR_MIGRATE && sc.rounds[1] == NR_MIGRATE,
	      "task %d, cpu %d of %d rounds migrated as planned in %d tries", sc.rounds[0],
	      sc.rounds[1], NR_MIGRATE, 4 * NR_MIGRATE);
	snprintf(name, sizeof(name), "%s.store_cpu", form);
	CHECK(name, sc.rounds[1] && sc.hits[1] * 10 >= sc.rounds[1] * 9,
	      "%d of %d predicted, want at least 90%%", sc.hits[1], sc.rounds[1]);
	snprintf(name, sizeof(name), "%s.store_task_at_chance", form);
	CHECK(name, sc.rounds[0] && sc.hits[0] * 64 <= sc.rounds[0] * 8,
	      "%d of %d predicted, want at most 8 in 64", sc.hits[0], sc.rounds[0]);
}

static int run_tests(void)
{
	long mode = set_mode(-1);
	struct row r;
	int exec_hits;

	r = (struct row){ .mode = KSTACK_MODE_PRNG_TASK };
	run_attack(&r);
	print_figures(&r);
	CHECK("user.predict.prng-task.own",
	      r.samples > 0 && r.samples + CONFIRM <= 30 && r.own * 100 >= r.own_n * 99,
	      "state after %d samples, %u of %u predicted", r.samples, r.own, r.own_n);
	CHECK("user.predict.prng-task.other_task_at_chance",
	      r.other >= 0 && r.other <= CHANCE_MAX_OTHER, "%d of %d", r.other, NR_OTHER);

	r = (struct row){ .mode = KSTACK_MODE_PRNG_CPU };
	run_attack(&r);
	print_figures(&r);
	CHECK("user.predict.prng-cpu.own",
	      r.samples > 0 && r.samples + CONFIRM <= 30 && r.own * 100 >= r.own_n * 99,
	      "state after %d samples, %u of %u predicted", r.samples, r.own, r.own_n);
	CHECK("user.predict.prng-cpu.other_task", r.other * 100 >= NR_OTHER * 99,
	      "%d of %d of the victim's offsets predicted", r.other, NR_OTHER);

	for (int m = 0; m < NR_KSTACK_MODES; m++) {
		char name[64];

		if (m != KSTACK_MODE_CRNG16 && m != KSTACK_MODE_CRNG8 &&
		    m != KSTACK_MODE_CHACHA_TASK && m != KSTACK_MODE_CHACHA_SPREAD)
			continue;
		r = (struct row){ .mode = m };
		run_attack(&r);
		print_figures(&r);
		snprintf(name, sizeof(name), "user.predict.%s.at_chance", mode_names[m]);
		CHECK(name,
		      r.samples < 0 && r.own <= CHANCE_MAX_OWN && r.other >= 0 &&
			  r.other <= CHANCE_MAX_OTHER,
		      "LFSR113 fit after %d samples, own %u of %u, other %d of %d", r.samples,
		      r.own, r.own_n, r.other, NR_OTHER);
	}

	exec_hits = exec_attack();
	printf("predict: execve: %d of %d\n", exec_hits, NR_OTHER);
	CHECK("user.predict.exec_reseeds", exec_hits >= 0 && exec_hits <= CHANCE_MAX_OTHER,
	      "a state learnt before execve predicted %d of %d after it", exec_hits, NR_OTHER);

	/* Last of the attacks: how many syscalls the rounds make depends on timing. */
	test_migrate(KSTACK_MODE_CRNG16, false);
	test_migrate(KSTACK_MODE_CRNG16, true);

	{
		long rounds = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, -1);
		long bad = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, 10);
		long set = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, 8);
		long now = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, rounds);

		CHECK("user.predict.chacha_rounds_switch",
		      rounds == 20 && bad == -EINVAL && set == 20 && now == 8,
		      "read %ld, 10 gave %ld, 8 replaced %ld, back from %ld", rounds, bad, set,
		      now);
	}

	set_mode(mode);
	CHECK("user.predict.mode_restored", set_mode(-1) == mode, "mode %ld", set_mode(-1));
	return test_failures;
}

int main(int argc, char **argv)
{
	unsigned long cpu0 = 1, mask = 0;

	if (argc == 4 && strcmp(argv[1], "exec-victim") == 0)
		return exec_victim(argv + 2);
	/*
	 * On CPU 0, with every victim (they inherit it): prng-cpu's stream is
	 * the CPU's, and an attacker on another CPU than its victim would
	 * watch another stream. Attacks on per-CPU state start by sharing the
	 * CPU (a real attacker pins itself the same way).
	 */
	two_cpus = sched_getaffinity(0, sizeof(mask), &mask) > 0 && (mask & 3) == 3;
	sched_setaffinity(0, sizeof(cpu0), &cpu0);
	if (argc > 1 && strcmp(argv[1], "-t") == 0)
		return run_tests();
	if (argc > 1) {
		printf("usage: predict [-t]\n");
		return 2;
	}
	return run_table();
}
