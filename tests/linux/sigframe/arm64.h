/* SPDX-License-Identifier: MIT */
/*
 * arm64's view of the frame (tests/linux/signal.c includes it): what a
 * handler sees in its ucontext, checked the same way under qemu-user and
 * trapdoor.
 *
 *	regs	x9-x15 hold markers at a tkill() from inline asm: the handler
 *		finds them, x8 = the call's number, pc just after the svc,
 *		PSTATE = EL0t, the frame 16-byte aligned.
 *	fp	v16 holds a marker at the same kind of tkill(): the handler
 *		finds it in the FPSIMD record, writes another value there, and
 *		rt_sigreturn loads that one into v16.
 *	fault	a load from address 8: the SIGSEGV handler sees si_addr 8 and
 *		moves the saved pc over the load, and the program goes on.
 *
 * The records in uc_mcontext.__reserved are walked by magic: qemu-user
 * writes an SVE record beside the FPSIMD one, trapdoor none.
 */
#include <stdint.h>

#define ARM64_FPSIMD_MAGIC 0x46508001u
#define ARM64_SVE_MAGIC	   0x53564501u
#define ARM64_X_MARKER(n)  (0x5eed0000aa000000ull + (n))
#define ARM64_V16_LO	   0x7e57f0f000000016ull
#define ARM64_V16_HI	   0x7e57f0f000010016ull
#define ARM64_V16_NEW_LO   0x1234567800000016ull
#define ARM64_V16_NEW_HI   0x8765432100000016ull

struct arm64_record {
	uint32_t magic;
	uint32_t size;
};

/* An SVE record: its header, then (if the task's SVE state is live) Z0-Z31 of vl bytes each. */
struct arm64_sve_record {
	struct arm64_record head;
	uint16_t vl;
	uint16_t flags;
	uint16_t reserved[2];
};

struct arm64_fpsimd_record {
	struct arm64_record head;
	uint32_t fpsr;
	uint32_t fpcr;
	__uint128_t vregs[32];
};

/* The record of a frame with this magic, or NULL. */
static struct arm64_record *arm64_record(ucontext_t *uc, uint32_t magic)
{
	unsigned char *base = uc->uc_mcontext.__reserved;
	size_t offset = 0;

	while (offset + sizeof(struct arm64_record) <= sizeof(uc->uc_mcontext.__reserved)) {
		struct arm64_record *r = (struct arm64_record *)(base + offset);

		if (r->magic == 0 || r->size == 0)
			return NULL;
		if (r->magic == magic)
			return r;
		offset += r->size;
	}
	return NULL;
}

static volatile int arm64_regs_ok, arm64_pc_ok, arm64_state_ok, arm64_mask_ok, arm64_fp_seen;
static volatile int arm64_fault_pc_ok, arm64_fault_addr_ok, arm64_fault_code_ok;
extern const char arm64_after_svc[], arm64_load[];

static void arm64_regs_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	mcontext_t *mc = &uc->uc_mcontext;
	int ok = sig == SIGUSR1 && si->si_signo == SIGUSR1 && mc->regs[8] == SYS_tkill &&
		 mc->regs[0] == 0; /* tkill()'s result */

	for (int n = 9; n <= 15; n++)
		ok &= mc->regs[n] == ARM64_X_MARKER(n);
	arm64_regs_ok = ok;
	arm64_pc_ok = mc->pc == (uintptr_t)arm64_after_svc;
	arm64_state_ok = (mc->pstate & 0x1f) == 0 /* EL0t, AArch64 */ &&
			 ((uintptr_t)uc & 15) == 0 && (mc->sp & 15) == 0;
	arm64_mask_ok =
	    sigismember(&uc->uc_sigmask, SIGUSR2) && !sigismember(&uc->uc_sigmask, SIGUSR1);
}

/*
 * Where a frame has the SVE registers (qemu-user's, with SVE), rt_sigreturn
 * takes v16 from Z16's low 128 bits instead: both get the new value.
 */
static void arm64_fp_handler(int sig, siginfo_t *si, void *ctx)
{
	struct arm64_fpsimd_record *fp =
	    (struct arm64_fpsimd_record *)arm64_record(ctx, ARM64_FPSIMD_MAGIC);
	struct arm64_sve_record *sve =
	    (struct arm64_sve_record *)arm64_record(ctx, ARM64_SVE_MAGIC);
	__uint128_t v16 = ((__uint128_t)ARM64_V16_NEW_HI << 64) | ARM64_V16_NEW_LO;

	(void)sig;
	(void)si;
	if (!fp || fp->head.size != sizeof(*fp))
		return;
	arm64_fp_seen = fp->vregs[16] == (((__uint128_t)ARM64_V16_HI << 64) | ARM64_V16_LO);
	fp->vregs[16] = v16;
	if (sve && sve->head.size > sizeof(*sve))
		memcpy((unsigned char *)sve + sizeof(*sve) + 16u * sve->vl, &v16, sizeof(v16));
}

static void arm64_fault_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	arm64_fault_pc_ok = uc->uc_mcontext.pc == (uintptr_t)arm64_load;
	arm64_fault_addr_ok = (uintptr_t)si->si_addr == 8;
	arm64_fault_code_ok = si->si_code == SEGV_MAPERR;
	uc->uc_mcontext.pc += 4; /* over the load */
}

static void arch_sigframe_checks(void)
{
	long tid = syscall(SYS_gettid);
	uint64_t lo, hi, x10 = 1;
	sigset_t block;

	/* x9-x15 at a tkill() to ourselves, SIGUSR2 blocked: the handler reads them from the frame. */
	set_siginfo_handler(SIGUSR1, arm64_regs_handler, 0);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	__asm__ __volatile__(
	    "mov x0, %0\n\t"
	    "mov x1, %1\n\t"
	    "mov x8, %2\n\t"
	    "mov x9, %3\n\tadd x10, x9, #1\n\tadd x11, x9, #2\n\tadd x12, x9, #3\n\t"
	    "add x13, x9, #4\n\tadd x14, x9, #5\n\tadd x15, x9, #6\n\t"
	    "svc #0\n"
	    ".globl arm64_after_svc\n"
	    "arm64_after_svc:"
	    :
	    : "r"(tid), "r"((long)SIGUSR1), "r"((long)SYS_tkill), "r"(ARM64_X_MARKER(9))
	    : "x0", "x1", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15", "memory");
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	check("arm64: uc_mcontext has x8-x15 as they were, x0 the syscall's result", arm64_regs_ok);
	check("arm64: uc_mcontext's pc is just after the svc", arm64_pc_ok);
	check("arm64: PSTATE is EL0t, the frame and sp 16-byte aligned", arm64_state_ok);
	check("arm64: uc_sigmask is the mask as it was", arm64_mask_ok);

	/* v16 at a tkill(): the handler reads it from the FPSIMD record and replaces it. */
	set_siginfo_handler(SIGUSR1, arm64_fp_handler, 0);
	__asm__ __volatile__("fmov d16, %2\n\t"
			     "mov v16.d[1], %3\n\t"
			     "mov x0, %4\n\t"
			     "mov x1, %5\n\t"
			     "mov x8, %6\n\t"
			     "svc #0\n\t"
			     "fmov %0, d16\n\t"
			     "mov %1, v16.d[1]"
			     : "=&r"(lo), "=&r"(hi)
			     : "r"(ARM64_V16_LO), "r"(ARM64_V16_HI), "r"(tid), "r"((long)SIGUSR1),
			       "r"((long)SYS_tkill)
			     : "x0", "x1", "x8", "v16", "memory");
	set_handler(SIGUSR1, SIG_DFL, 0, NULL);
	check("arm64: the FPSIMD record has v16 as it was", arm64_fp_seen);
	check("arm64: v16 the handler changed in the frame comes back changed",
	      lo == ARM64_V16_NEW_LO && hi == ARM64_V16_NEW_HI);

	/* A load from address 8: the handler moves the saved pc over it (x10 keeps its 1). */
	set_siginfo_handler(SIGSEGV, arm64_fault_handler, 0);
	__asm__ __volatile__("mov x9, #8\n"
			     ".globl arm64_load\n"
			     "arm64_load:\n\t"
			     "ldr %0, [x9]"
			     : "+r"(x10)
			     :
			     : "x9", "memory");
	set_handler(SIGSEGV, SIG_DFL, 0, NULL);
	check("arm64: a page fault's handler sees pc at the load", arm64_fault_pc_ok);
	check("arm64: si_addr is the fault's address", arm64_fault_addr_ok);
	check("arm64: si_code SEGV_MAPERR", arm64_fault_code_ok);
	check("arm64: the handler's new pc skips the load", x10 == 1);
}
