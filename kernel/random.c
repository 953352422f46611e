// SPDX-License-Identifier: MIT
/*
 * The CRNG, after Linux's drivers/char/random.c (Jason A. Donenfeld's 5.18+
 * design). docs/random.md walks through it; in one paragraph:
 *
 * Entropy is hashed into the input pool, a running BLAKE2s state. When enough
 * has been credited, extract_entropy() turns the pool into a 32-byte ChaCha20
 * key for base_crng and bumps its generation. Each CPU keeps its own key,
 * re-derived from base_crng whenever the generation moved. Every request runs
 * "fast key erasure": one ChaCha20 block with the current key, whose first 32
 * bytes immediately replace that key and whose other 32 bytes (plus further
 * blocks) are the output, so a key that is later stolen cannot reproduce
 * anything already handed out. get_random_u8/u16/u32/u64() serve from a
 * per-cpu 96-byte batch and only run ChaCha20 when the batch is used up or
 * the generation changed.
 *
 * Locking, as in Linux: input_pool.lock guards the pool, base_crng.lock the
 * base key and its generation; neither is ever taken inside the other. What
 * is per CPU (crngs[], batched_entropy[]) needs no lock: the kernel runs
 * with interrupts masked and is never preempted, which is what Linux's
 * local_lock gives it. The CRNG is reached without the kernel lock (the
 * kstack offset's crng16 and crng8 modes draw in do_syscall() before any
 * lock), so these locks are its own. The statistics are atomic counters.
 *
 * This file is also built into the host tests, so it uses nothing but the
 * freestanding headers and three hooks of include/trapdoor/arch.h: the
 * arch's seed instruction (arch_get_random_seed_longs()) and its cycle
 * counter (arch_get_cycles(), arch_cycles_per_sec()). The host tests link
 * stubs of them (tests/host/arch_stubs.c).
 */
#include <trapdoor/arch.h>
#include <trapdoor/blake2s.h>
#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>
#include <trapdoor/random.h>
#include <trapdoor/smp.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/string.h>
#include <trapdoor/types.h>

/* Which CPU we run on; per-cpu data is indexed by it. (Linux: raw_cpu_ptr()) */
static inline unsigned int crng_this_cpu(void)
{
	return smp_processor_id();
}

static enum crng_state crng_init = CRNG_EMPTY;
static bool deterministic;
static bool trust_cpu = true;
static bool trust_bootloader = true;
static struct crng_stats stats;
/* A statistic, from any CPU. */
#define stat_add(field, n) __atomic_fetch_add(&stats.field, (n), __ATOMIC_RELAXED)

/*
 * The input pool: everything ever mixed in, hashed. Starts as an unkeyed
 * 32-byte BLAKE2s (the same as blake2s_init()); after each extraction it is
 * re-keyed with a key derived from its own output.
 */
static struct {
	struct blake2s_state hash;
	unsigned int init_bits;	  /* credited before READY, capped at POOL_BITS */
	unsigned int reseed_bits; /* credited since the last reseed, once READY */
	spinlock_t lock;
} input_pool = {
	.lock = __SPIN_LOCK_UNLOCKED("input_pool.lock"),
	.hash.h = { BLAKE2S_IV0 ^ BLAKE2S_PARAM0(BLAKE2S_HASH_SIZE, 0), BLAKE2S_IV1, BLAKE2S_IV2,
		    BLAKE2S_IV3, BLAKE2S_IV4, BLAKE2S_IV5, BLAKE2S_IV6, BLAKE2S_IV7 },
	.hash.outlen = BLAKE2S_HASH_SIZE,
};

/*
 * Generation 0 means "never keyed": base_crng's generation is 0 until the
 * first reseed and skips 0 when it wraps, so zero-initialised per-cpu crngs
 * and batches always see a mismatch. (Linux starts the per-cpu copies at
 * ULONG_MAX and skips that value instead.)
 */
static struct {
	u8 key[CHACHA_KEY_SIZE];
	unsigned long generation;
	u64 birth; /* the cycle counter at the last reseed (Linux: jiffies) */
	spinlock_t lock;
} base_crng = { .lock = __SPIN_LOCK_UNLOCKED("base_crng.lock") };

/*
 * Linux's reseed schedule, in seconds where Linux counts jiffies: the first
 * timed reseed a second after READY, then every uptime/2 seconds, and from
 * two minutes of uptime on every 60 s (CRNG_RESEED_START_INTERVAL,
 * CRNG_RESEED_INTERVAL). Uptime counts from random_init().
 */
#define CRNG_RESEED_START_INTERVAL 1
#define CRNG_RESEED_INTERVAL	   60

static u64 boot_cycles;
static bool early_boot = true;

struct crng {
	u8 key[CHACHA_KEY_SIZE];
	unsigned long generation;
	/* Linux: local_lock_t lock; */
};
static struct crng crngs[NR_CPUS];

struct batched_entropy {
	u8 entropy[CRNG_BATCH_BYTES] __aligned(8);
	unsigned long generation;
	unsigned int position; /* bytes handed out */
			       /* Linux: local_lock_t lock; */
};
static struct batched_entropy batched_entropy[NR_CPUS][NR_CRNG_WIDTHS];

static void put_le64(u8 *p, u64 v)
{
	for (int i = 0; i < 8; i++, v >>= 8)
		p[i] = (u8)v;
}

/* Linux's random_get_entropy(): the cycle counter. */
static u64 random_get_entropy(void)
{
	return arch_get_cycles();
}

/* The cycle counter's frequency; 0 means no timed reseeds. */
static u64 random_cycles_per_sec(void)
{
	return arch_cycles_per_sec();
}

/* The arch's seed instruction, at most 64 words per call. */
static size_t get_arch_seed_longs(unsigned long *v, size_t max_longs)
{
	return arch_get_random_seed_longs(v, max_longs > 64 ? 64 : (unsigned int)max_longs);
}

static void _mix_pool_bytes(const void *buf, size_t len)
{
	blake2s_update(&input_pool.hash, buf, len);
}

static void mix_pool_bytes(enum random_source src, const void *buf, size_t len)
{
	spin_lock(&input_pool.lock);
	_mix_pool_bytes(buf, len);
	spin_unlock(&input_pool.lock);
	stat_add(bytes_mixed[src], len);
}

/*
 * Fill 32 bytes from the CPU's seed source, falling back to the cycle counter
 * per long, as Linux does; zeros in deterministic mode so that nothing outside
 * the seed reaches the output.
 */
static void fill_arch_seed(u8 out[32])
{
	unsigned long v[32 / sizeof(long)];
	size_t i = 0, n;

	if (deterministic) {
		memset(out, 0, 32);
		return;
	}
	while (i < ARRAY_SIZE(v)) {
		n = get_arch_seed_longs(&v[i], ARRAY_SIZE(v) - i);
		if (n) {
			i += n;
			continue;
		}
		v[i++] = (unsigned long)random_get_entropy();
	}
	memcpy(out, v, sizeof(v));
	memzero_explicit(v, sizeof(v));
}

/*
 * HKDF-like extraction (Linux's extract_entropy()):
 *	seed     = final hash of the pool
 *	next_key = BLAKE2s(key = seed, RDSEED || 0)   -- becomes the pool's new key
 *	output_i = BLAKE2s(key = seed, RDSEED || i)   -- 32 bytes each, i = 1, 2, ...
 * The pool is re-keyed before any output is used, so the output cannot be
 * traced back through the pool. Counters are 64-bit little-endian: Linux's
 * size_t on a 64-bit little-endian machine, the same bytes on every arch.
 */
static void extract_entropy(void *buf, size_t len)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	u8 seed[BLAKE2S_HASH_SIZE], next_key[BLAKE2S_HASH_SIZE];
	u8 block[32 + 8]; /* RDSEED output || counter */
	u8 *out = buf;
	u64 counter = 0;

	fill_arch_seed(block);

	spin_lock(&input_pool.lock);
	blake2s_final(&input_pool.hash, seed);
	put_le64(block + 32, counter);
	blake2s(next_key, block, seed, sizeof(next_key), sizeof(block), sizeof(seed));
	blake2s_init_key(&input_pool.hash, BLAKE2S_HASH_SIZE, next_key, sizeof(next_key));
	spin_unlock(&input_pool.lock);
	memzero_explicit(next_key, sizeof(next_key));

	while (len) {
		size_t n = len < BLAKE2S_HASH_SIZE ? len : BLAKE2S_HASH_SIZE;

		put_le64(block + 32, ++counter);
		blake2s(out, block, seed, n, sizeof(block), sizeof(seed));
		out += n;
		len -= n;
	}

	memzero_explicit(seed, sizeof(seed));
	memzero_explicit(block, sizeof(block));
	stat_add(extracts, 1);
}

static void _crng_reseed(void)
{
	u8 key[CHACHA_KEY_SIZE];
	unsigned long next_gen;

	extract_entropy(key, sizeof(key));

	spin_lock(&base_crng.lock);
	memcpy(base_crng.key, key, sizeof(base_crng.key));
	next_gen = base_crng.generation + 1;
	if (next_gen == 0)
		next_gen++;
	WRITE_ONCE(base_crng.generation, next_gen);
	base_crng.birth = random_get_entropy();
	WRITE_ONCE(crng_init, CRNG_READY);
	spin_unlock(&base_crng.lock);
	__atomic_store_n(&input_pool.reseed_bits, 0, __ATOMIC_RELAXED);

	memzero_explicit(key, sizeof(key));
	stat_add(reseeds, 1);
}

/*
 * Linux's crng_has_old_seed(): is the base key older than the interval of
 * the schedule above? Asked before every use of the key once READY
 * (crng_make_state()), so the reseed happens on the first request after
 * the interval ends, as in Linux. Never in deterministic mode: the output
 * must depend on the seed and the calls only, not on when they came.
 */
static bool crng_has_old_seed(void)
{
	u64 hz = random_cycles_per_sec(), now, interval = CRNG_RESEED_INTERVAL;

	if (!hz || deterministic)
		return false;
	now = random_get_entropy();
	if (unlikely(early_boot)) {
		u64 uptime = (now - boot_cycles) / hz;

		if (uptime >= CRNG_RESEED_INTERVAL * 2)
			early_boot = false;
		else
			interval = uptime / 2 > CRNG_RESEED_START_INTERVAL ?
				       uptime / 2 :
				       CRNG_RESEED_START_INTERVAL;
	}
	return now - READ_ONCE(base_crng.birth) > interval * hz;
}

/*
 * Linux counts credit only until READY and from then on reseeds on the
 * schedule above. trapdoor also reseeds as soon as another full pool's
 * worth (256 bits) has been credited: new entropy enters the key in one
 * lump ("catastrophic reseeding"), never a few guessable bits at a time.
 * The kernel may also call crng_reseed().
 */
static void credit_init_bits(enum random_source src, size_t bits)
{
	unsigned int orig, add;

	unsigned int now;
	u8 key[CHACHA_KEY_SIZE];

	if (!bits)
		return;
	add = bits < RANDOM_POOL_BITS ? (unsigned int)bits : RANDOM_POOL_BITS;
	stat_add(bits_credited[src], add);

	/* The counts under the pool's lock; what they call for after it (extraction takes it). */
	spin_lock(&input_pool.lock);
	if (crng_ready()) {
		input_pool.reseed_bits += add;
		now = input_pool.reseed_bits;
		spin_unlock(&input_pool.lock);
		if (now >= RANDOM_POOL_READY_BITS)
			_crng_reseed();
		return;
	}
	orig = input_pool.init_bits;
	now = orig + add < RANDOM_POOL_BITS ? orig + add : RANDOM_POOL_BITS;
	input_pool.init_bits = now;
	spin_unlock(&input_pool.lock);

	if (now >= RANDOM_POOL_READY_BITS) {
		_crng_reseed(); /* sets CRNG_READY */
	} else if (orig < RANDOM_POOL_EARLY_BITS && now >= RANDOM_POOL_EARLY_BITS) {
		extract_entropy(key, sizeof(key));
		spin_lock(&base_crng.lock);
		memcpy(base_crng.key, key, sizeof(key));
		WRITE_ONCE(crng_init, CRNG_EARLY);
		spin_unlock(&base_crng.lock);
		memzero_explicit(key, sizeof(key));
	}
}

/*
 * One ChaCha20 block with @key; its first half becomes the new key at once,
 * up to 32 bytes of its second half go to @random_data, and @chacha_state is
 * left at block counter 1 of the *old* key for the caller to generate more.
 * The caller must wipe chacha_state when done.
 */
static void crng_fast_key_erasure(u8 key[CHACHA_KEY_SIZE], u32 chacha_state[CHACHA_STATE_WORDS],
				  u8 *random_data, size_t random_data_len)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	static const u8 zero_iv[CHACHA_IV_SIZE];
	u8 first_block[CHACHA_BLOCK_SIZE];

	chacha_init(chacha_state, key, zero_iv);
	chacha20_block(chacha_state, first_block);
	memcpy(key, first_block, CHACHA_KEY_SIZE);
	memcpy(random_data, first_block + CHACHA_KEY_SIZE, random_data_len);
	memzero_explicit(first_block, sizeof(first_block));
}

static void crng_make_state(u32 chacha_state[CHACHA_STATE_WORDS], u8 *random_data,
			    size_t random_data_len)
{
	struct crng *crng;

	/* Not READY: use base_crng directly, re-extracting the pool while EMPTY. */
	if (!crng_ready()) {
		u8 key[CHACHA_KEY_SIZE];
		bool empty = READ_ONCE(crng_init) == CRNG_EMPTY;

		/* The extraction takes the pool's lock: before base_crng's, never inside it. */
		if (empty)
			extract_entropy(key, sizeof(key));
		spin_lock(&base_crng.lock);
		/* Re-checked with the lock, as Linux does: a reseed may have come in between. */
		if (!crng_ready()) {
			if (empty && READ_ONCE(crng_init) == CRNG_EMPTY)
				memcpy(base_crng.key, key, sizeof(key));
			crng_fast_key_erasure(base_crng.key, chacha_state, random_data,
					      random_data_len);
			spin_unlock(&base_crng.lock);
			memzero_explicit(key, sizeof(key));
			return;
		}
		spin_unlock(&base_crng.lock);
		memzero_explicit(key, sizeof(key));
	}

	/* The base key is older than the schedule allows: reseed, which bumps the generation. */
	if (unlikely(crng_has_old_seed())) {
		_crng_reseed();
		stat_add(timed_reseeds, 1);
	}

	/* Linux: local_lock_irqsave(&crngs.lock); here the masked interrupts are that lock. */
	crng = &crngs[crng_this_cpu()];

	/* Someone reseeded: take a fresh key for this CPU from base_crng (erasing that one too). */
	if (unlikely(crng->generation != READ_ONCE(base_crng.generation))) {
		spin_lock(&base_crng.lock);
		crng_fast_key_erasure(base_crng.key, chacha_state, crng->key, sizeof(crng->key));
		crng->generation = base_crng.generation;
		spin_unlock(&base_crng.lock);
		stat_add(crng_refreshes, 1);
	}

	crng_fast_key_erasure(crng->key, chacha_state, random_data, random_data_len);
}

void get_random_bytes(void *buf, size_t len)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	u32 chacha_state[CHACHA_STATE_WORDS];
	u8 tmp[CHACHA_BLOCK_SIZE];
	u8 *out = buf;
	size_t first;

	if (!len)
		return;

	first = len < 32 ? len : 32;
	crng_make_state(chacha_state, out, first);
	out += first;
	len -= first;

	/* The rest: blocks 1, 2, ... of the key that was just erased. */
	while (len) {
		if (len < CHACHA_BLOCK_SIZE) {
			chacha20_block(chacha_state, tmp);
			memcpy(out, tmp, len);
			memzero_explicit(tmp, sizeof(tmp));
			break;
		}
		chacha20_block(chacha_state, out);
		out += CHACHA_BLOCK_SIZE;
		len -= CHACHA_BLOCK_SIZE;
	}

	memzero_explicit(chacha_state, sizeof(chacha_state));
}

/*
 * The batched path behind get_random_uN(). The fast path is a compare, a
 * copy and a clear; the slow path (one fast key erasure + one more block)
 * runs when the batch is used up or base_crng's generation moved.
 * Handed-out bytes are zeroed so a later memory leak cannot replay them.
 */
static __always_inline void get_batched(unsigned int width, void *out, size_t size)
{
	struct batched_entropy *batch;
	unsigned long next_gen;
	u8 *dst = out, *src;

	/* Before READY a batch would outlive the reseed that matters most; Linux skips it too. */
	if (!crng_ready()) {
		stat_add(unbatched[width], 1);
		get_random_bytes(out, size);
		return;
	}

	/* Linux: local_lock_irqsave(&batched_entropy_uN.lock) */
	batch = &batched_entropy[crng_this_cpu()][width];

	next_gen = READ_ONCE(base_crng.generation);
	if (unlikely(batch->position + size > sizeof(batch->entropy) ||
		     batch->generation != next_gen)) {
		get_random_bytes(batch->entropy, sizeof(batch->entropy));
		batch->position = 0;
		batch->generation = next_gen;
		stat_add(refills[width], 1);
	}

	/*
	 * A byte loop, not memcpy/memset: size is a constant 1, 2, 4 or 8 here,
	 * so this compiles to one load and one store, where -ffreestanding
	 * would otherwise leave two out-of-line calls on the fast path.
	 */
	src = batch->entropy + batch->position;
	for (size_t i = 0; i < size; i++) {
		dst[i] = src[i];
		src[i] = 0;
	}
	batch->position += (unsigned int)size;
}

/* Multi-byte values are decoded little-endian: the same numbers on every arch. */
u8 get_random_u8(void)
{
	u8 v;

	get_batched(CRNG_U8, &v, sizeof(v));
	return v;
}

u16 get_random_u16(void)
{
	u8 b[2];

	get_batched(CRNG_U16, b, sizeof(b));
	return (u16)(b[0] | b[1] << 8);
}

u32 get_random_u32(void)
{
	u8 b[4];

	get_batched(CRNG_U32, b, sizeof(b));
	return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

u64 get_random_u64(void)
{
	u8 b[8];
	u64 v = 0;

	get_batched(CRNG_U64, b, sizeof(b));
	for (int i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

bool crng_ready(void)
{
	return likely(READ_ONCE(crng_init) == CRNG_READY);
}

enum crng_state crng_init_state(void)
{
	return READ_ONCE(crng_init);
}

bool crng_reseed(void)
{
	if (!crng_ready())
		return false;
	_crng_reseed();
	return true;
}

/* ---- entropy input ---- */

/* In deterministic mode nothing but the seed may reach the pool. */
static bool input_ignored(void)
{
	if (deterministic)
		stat_add(inputs_ignored, 1);
	return deterministic;
}

/* Mixed, never credited: device serial numbers, MAC addresses, the DTB. */
void add_device_randomness(const void *buf, size_t len)
{
	u64 entropy;

	if (input_ignored())
		return;
	entropy = random_get_entropy();
	/* Linux: spin_lock_irqsave(&input_pool.lock) */
	_mix_pool_bytes(&entropy, sizeof(entropy));
	mix_pool_bytes(RANDOM_SRC_DEVICE, buf, len);
}

/* Linux's version also sleeps the hwrng thread until the next reseed; we have no threads. */
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy_bits)
{
	if (input_ignored())
		return;
	mix_pool_bytes(RANDOM_SRC_HWGEN, buf, len);
	credit_init_bits(RANDOM_SRC_HWGEN, entropy_bits);
}

/* A seed the firmware passed us: full credit if we trust the bootloader (Linux's default). */
void add_bootloader_randomness(const void *buf, size_t len)
{
	if (input_ignored())
		return;
	mix_pool_bytes(RANDOM_SRC_BOOTLOADER, buf, len);
	if (trust_bootloader)
		credit_init_bits(RANDOM_SRC_BOOTLOADER, len * 8);
}

__stackleak_frame_exempt void random_init(const char *command_line)
{
	unsigned long v[BLAKE2S_BLOCK_SIZE / sizeof(long)];
	size_t arch_bits = sizeof(v) * 8, i = 0, n;
	u64 now;

	if (input_ignored())
		return;
	/* Uptime for the reseed schedule counts from here. */
	boot_cycles = random_get_entropy();
	early_boot = true;

	/* A block's worth from the seed instruction; each long it cannot give costs credit. */
	while (i < ARRAY_SIZE(v)) {
		n = get_arch_seed_longs(&v[i], ARRAY_SIZE(v) - i);
		if (n) {
			mix_pool_bytes(RANDOM_SRC_ARCH, &v[i], n * sizeof(long));
			i += n;
			continue;
		}
		v[i] = (unsigned long)random_get_entropy();
		mix_pool_bytes(RANDOM_SRC_DEVICE, &v[i], sizeof(long));
		arch_bits -= sizeof(long) * 8;
		i++;
	}
	memzero_explicit(v, sizeof(v));

	now = random_get_entropy();
	mix_pool_bytes(RANDOM_SRC_DEVICE, &now, sizeof(now));
	if (command_line)
		mix_pool_bytes(RANDOM_SRC_DEVICE, command_line, strlen(command_line));

	/* The bootloader may already have made us READY: then fold this in at once. */
	if (crng_ready())
		_crng_reseed();
	else if (trust_cpu)
		credit_init_bits(RANDOM_SRC_ARCH, arch_bits);
}

void random_set_trust_cpu(bool trust)
{
	trust_cpu = trust;
}

void random_set_trust_bootloader(bool trust)
{
	trust_bootloader = trust;
}

/* ---- test mode, statistics ---- */

void random_reset(void)
{
	blake2s_init(&input_pool.hash, BLAKE2S_HASH_SIZE);
	input_pool.init_bits = 0;
	input_pool.reseed_bits = 0;
	memzero_explicit(&base_crng, sizeof(base_crng));
	memzero_explicit(crngs, sizeof(crngs));
	memzero_explicit(batched_entropy, sizeof(batched_entropy));
	memset(&stats, 0, sizeof(stats));
	crng_init = CRNG_EMPTY;
	deterministic = false;
	boot_cycles = 0;
	early_boot = true;
}

void crng_set_deterministic_seed(const void *seed, size_t len)
{
	random_reset();
	deterministic = true;
	mix_pool_bytes(RANDOM_SRC_SEED, seed, len);
	credit_init_bits(RANDOM_SRC_SEED, RANDOM_POOL_READY_BITS);
}

void crng_get_stats(struct crng_stats *out)
{
	*out = stats;
	out->init_bits = input_pool.init_bits;
	out->generation = base_crng.generation;
	out->state = crng_init;
	out->deterministic = deterministic;
}

const char *random_source_name(enum random_source src)
{
	static const char *const names[NR_RANDOM_SOURCES] = {
		[RANDOM_SRC_DEVICE] = "device",		[RANDOM_SRC_HWGEN] = "hwrng",
		[RANDOM_SRC_BOOTLOADER] = "bootloader", [RANDOM_SRC_ARCH] = "cpu",
		[RANDOM_SRC_SEED] = "crng.seed",
	};

	return (unsigned int)src < NR_RANDOM_SOURCES ? names[src] : "?";
}

void crng_peek_keys(u8 base_key[CHACHA_KEY_SIZE], u8 cpu_key[CHACHA_KEY_SIZE])
{
	memcpy(base_key, base_crng.key, CHACHA_KEY_SIZE);
	memcpy(cpu_key, crngs[crng_this_cpu()].key, CHACHA_KEY_SIZE);
}
