// SPDX-License-Identifier: MIT
/*
 * Boot entropy on s390x: what the CPU and the machine offer the CRNG
 * (kernel/random.c).
 *
 * The CPU: PERFORM RANDOM NUMBER OPERATION (PRNO), function TRNG ("true
 * random number generator", code 114), part of the message-security-assist
 * extension 7 and reached through the instruction MSA 5 introduced (facility
 * 57). It fills a buffer with conditioned random bytes; Linux uses it for
 * arch_get_random_seed_longs() and trusts it like RDSEED
 * (arch/s390/include/asm/archrandom.h). QEMU's TCG implements it with the
 * host's getrandom() (target/s390x/tcg/crypto_helper.c), and its default CPU
 * model has it.
 *
 * The machine: nothing like a device tree's rng-seed. STORE SYSTEM
 * INFORMATION 3.2.2 describes the virtual machine we run in (its name, its
 * UUID): Linux mixes it in uncredited (setup_randomness(),
 * arch/s390/kernel/setup.c), to make two guests differ. So do we. A
 * virtio-rng-ccw device would be a real firmware source, but it takes a
 * channel-subsystem driver; not today.
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <asm/facility.h>
#include <asm/setup.h>

/* PRNO function codes in r0 (PoP 7, "PERFORM RANDOM NUMBER OPERATION"). */
#define PRNO_FC_QUERY	 0   /* store the 128-bit mask of installed functions */
#define PRNO_FC_TRNG	 114 /* fill the operands with true random bytes */
#define PRNO_QUERY_BYTES 16  /* the query's parameter block */

/* STSI 3.2.2: the virtual-machine configuration, one 4 KiB block (PoP 10, "STSI"). */
#define STSI_FC_VM   3
#define STSI_SEL1_VM 2
#define STSI_SEL2_VM 2
#define SYSIB_SIZE   4096

/*
 * At most this many longs per call: the TRNG is slow on real machines (it
 * waits for noise), and the CRNG asks for 8 at a time and loops for more.
 */
#define TRNG_MAX_LONGS 16

static bool have_trng;
static u8 sysib_322[SYSIB_SIZE] __aligned(SYSIB_SIZE); /* STSI wants a 4 KiB-aligned page */

/*
 * PRNO is an RRE instruction, opcode 0xb93c; the assembler has no mnemonic
 * for it before z14, so .insn spells it. R1 and R2 name even/odd register
 * pairs (address, length) and must be even: 2 and 4 here, bound below.
 *
 * Query: r0 = 0, r1 = the address of a 16-byte block where bit n (from the
 * left) says whether function n is installed.
 */
static bool prno_installed(unsigned int fc)
{
	u8 mask[PRNO_QUERY_BYTES] __aligned(8) = { 0 };
	register unsigned long r0 __asm__("0") = PRNO_FC_QUERY;
	register unsigned long r1 __asm__("1") = (unsigned long)mask;

	__asm__ __volatile__(".insn	rre,0xb93c0000,2,4" : : "d"(r0), "d"(r1) : "cc", "memory");
	return (mask[fc / 8] >> (7 - fc % 8)) & 1;
}

/*
 * TRNG: r0 = 114; the R1 pair receives raw (unconditioned) noise, the R2
 * pair conditioned random bytes, each pair an address and a length that the
 * CPU advances as it stores. Like Linux we want only the conditioned kind,
 * so the first pair has length 0. Condition code 3 means "partial
 * completion, call again": the registers already say where to go on.
 */
static void prno_trng(void *buf, unsigned long len)
{
	register unsigned long fc __asm__("0") = PRNO_FC_TRNG;
	register unsigned long raw_addr __asm__("2") = 0;
	register unsigned long raw_len __asm__("3") = 0;
	register unsigned long out_addr __asm__("4") = (unsigned long)buf;
	register unsigned long out_len __asm__("5") = len;

	__asm__ __volatile__("0:	.insn	rre,0xb93c0000,2,4\n\t" /* PRNO 2,4 */
			     "jo	0b"				/* CC 3: not done yet */
			     : "+d"(raw_addr), "+d"(raw_len), "+d"(out_addr), "+d"(out_len)
			     : "d"(fc)
			     : "cc", "memory");
}

unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	if (!have_trng)
		return 0;
	if (max_longs > TRNG_MAX_LONGS)
		max_longs = TRNG_MAX_LONGS;
	prno_trng(v, max_longs * sizeof(*v));
	return max_longs;
}

/* The machine's description, mixed in and credited nothing: it is not secret. */
__stackleak_frame_exempt void arch_boot_entropy(void)
{
	if (stsi(sysib_322, STSI_FC_VM, STSI_SEL1_VM, STSI_SEL2_VM) != 0) {
		printk("random:  STSI 3.2.2 (VM description): not available\n");
		return;
	}
	add_device_randomness(sysib_322, sizeof(sysib_322));
	printk("random:  STSI 3.2.2 (VM description): %u bytes, uncredited\n",
	       (unsigned int)sizeof(sysib_322));
}

/*
 * Called by arch_setup(), before start_kernel() feeds the CRNG (random_boot()
 * in kernel/main.c: random_register_arch_ops(), arch_boot_entropy(),
 * random_init(), which reads arch_get_random_seed_longs()).
 */
void s390_entropy_init(void)
{
	/* PRNO exists only with MSA 5; without it the query itself is an operation exception. */
	have_trng = test_facility(FACILITY_MSA5) && prno_installed(PRNO_FC_TRNG);
	printk("random:  PRNO TRNG (MSA 5, function 114): %s\n", have_trng ? "present" : "absent");
}
