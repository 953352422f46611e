// SPDX-License-Identifier: MIT
/*
 * The x86_64 registers a user program can write that pt_regs' general set
 * does not carry (user/regstate.c checks that none crosses into another
 * program):
 *	- the data segment selectors ds, es, fs and gs. A mov to one of them is
 *	  legal at CPL 3 for a null selector (0-3) or any descriptor of DPL 3,
 *	  here __USER_DS (0x1b) and the readable __USER_CS (0x23) (SDM Vol. 2A
 *	  MOV, "Move to/from Segment Registers");
 *	- the FS and GS bases, through arch_prctl() (the thread pointer);
 *	- xmm0-xmm15, each as two 64-bit halves;
 *	- MXCSR and the x87 control word. A new program starts with Linux's
 *	  values, 0x1f80 and 0x037f, not 0: these two read as their difference
 *	  (XOR) from those, so that a new program reads 0 in every register.
 * cs, ss and RFLAGS are in pt_regs. The x87/MMX data registers share one
 * save area with xmm and MXCSR (FXSAVE), which the kernel switches whole.
 *
 * Not in the list, because user mode cannot write them; each attempt is an
 * invalid opcode (#UD) and the task dies with SIGILL:
 *	- wrfsbase/wrgsbase: CR4.FSGSBASE stays clear;
 *	- the AVX registers (ymm upper halves) and XCR0: CR4.OSXSAVE stays clear;
 *	- PKRU: wrpkru needs CR4.PKE, which stays clear.
 */
#include "lib/ulib.h"
#include <asm/prctl.h>

#define NR_SEGMENT_REGS 4
#define NR_BASE_REGS	2
#define NR_XMM		16
#define NR_USER_REGS	(NR_SEGMENT_REGS + NR_BASE_REGS + 2 * NR_XMM + 2)
#define REG_FS_BASE	NR_SEGMENT_REGS
#define REG_GS_BASE	(REG_FS_BASE + 1)
#define REG_XMM		(REG_GS_BASE + 1)
#define REG_MXCSR	(REG_XMM + 2 * NR_XMM)
#define REG_FCW		(REG_MXCSR + 1)

/* A new program's MXCSR and x87 control word (Linux's). */
#define MXCSR_INIT 0x1f80
#define FCW_INIT   0x037f

const unsigned int user_regs_nr = NR_USER_REGS;

#define XMM_NAMES(n) "xmm" #n ".lo", "xmm" #n ".hi"

const char *const user_regs_names[NR_USER_REGS] = {
	"ds",	       "es",	      "fs",	     "gs",	    "fs_base",	   "gs_base",
	XMM_NAMES(0),  XMM_NAMES(1),  XMM_NAMES(2),  XMM_NAMES(3),  XMM_NAMES(4),  XMM_NAMES(5),
	XMM_NAMES(6),  XMM_NAMES(7),  XMM_NAMES(8),  XMM_NAMES(9),  XMM_NAMES(10), XMM_NAMES(11),
	XMM_NAMES(12), XMM_NAMES(13), XMM_NAMES(14), XMM_NAMES(15), "mxcsr",	   "fcw",
};

#define XMM_MARKERS(n) 0x786d6d0000000000UL | (n) << 8, 0x686900000000ff00UL | (n)

/* A different loadable value in each, so that a swap between two shows too. */
const unsigned long user_regs_marker[NR_USER_REGS] = {
	0x1b,		/* ds: __USER_DS, the user data segment */
	0x23,		/* es: __USER_CS, readable code: legal in a data segment register */
	0x03,		/* fs: a null selector with RPL 3 */
	0x1b,		/* gs: __USER_DS again; differs from fs */
	0x7f0012345000, /* fs_base: canonical, below Linux's TASK_SIZE_MAX */
	0x7f0054321000, /* gs_base */
	XMM_MARKERS(0),
	XMM_MARKERS(1),
	XMM_MARKERS(2),
	XMM_MARKERS(3),
	XMM_MARKERS(4),
	XMM_MARKERS(5),
	XMM_MARKERS(6),
	XMM_MARKERS(7),
	XMM_MARKERS(8),
	XMM_MARKERS(9),
	XMM_MARKERS(10),
	XMM_MARKERS(11),
	XMM_MARKERS(12),
	XMM_MARKERS(13),
	XMM_MARKERS(14),
	XMM_MARKERS(15),
	0x6000, /* mxcsr: rounding toward zero, every exception still masked */
	0x0d00, /* fcw: rounding toward zero, double precision, exceptions masked */
};

static long arch_prctl(int code, unsigned long addr)
{
	return syscall2(__NR_arch_prctl, code, addr);
}

/* xmm0-15 to and from 16 pairs of words: movdqu needs no alignment. */
static void xmm_store(u64 *v)
{
	__asm__ __volatile__("movdqu %%xmm0, 0(%0)\n\tmovdqu %%xmm1, 16(%0)\n\t"
			     "movdqu %%xmm2, 32(%0)\n\tmovdqu %%xmm3, 48(%0)\n\t"
			     "movdqu %%xmm4, 64(%0)\n\tmovdqu %%xmm5, 80(%0)\n\t"
			     "movdqu %%xmm6, 96(%0)\n\tmovdqu %%xmm7, 112(%0)\n\t"
			     "movdqu %%xmm8, 128(%0)\n\tmovdqu %%xmm9, 144(%0)\n\t"
			     "movdqu %%xmm10, 160(%0)\n\tmovdqu %%xmm11, 176(%0)\n\t"
			     "movdqu %%xmm12, 192(%0)\n\tmovdqu %%xmm13, 208(%0)\n\t"
			     "movdqu %%xmm14, 224(%0)\n\tmovdqu %%xmm15, 240(%0)"
			     :
			     : "r"(v)
			     : "memory");
}

static void xmm_load(const u64 *v)
{
	__asm__ __volatile__("movdqu 0(%0), %%xmm0\n\tmovdqu 16(%0), %%xmm1\n\t"
			     "movdqu 32(%0), %%xmm2\n\tmovdqu 48(%0), %%xmm3\n\t"
			     "movdqu 64(%0), %%xmm4\n\tmovdqu 80(%0), %%xmm5\n\t"
			     "movdqu 96(%0), %%xmm6\n\tmovdqu 112(%0), %%xmm7\n\t"
			     "movdqu 128(%0), %%xmm8\n\tmovdqu 144(%0), %%xmm9\n\t"
			     "movdqu 160(%0), %%xmm10\n\tmovdqu 176(%0), %%xmm11\n\t"
			     "movdqu 192(%0), %%xmm12\n\tmovdqu 208(%0), %%xmm13\n\t"
			     "movdqu 224(%0), %%xmm14\n\tmovdqu 240(%0), %%xmm15"
			     :
			     : "r"(v)
			     : "memory");
}

/* The selectors first: a selector load also sets its base, which arch_prctl() then replaces. */
void user_regs_write(const unsigned long *values)
{
	u32 mxcsr = (u32)values[REG_MXCSR] ^ MXCSR_INIT;
	u16 fcw = (u16)(values[REG_FCW] ^ FCW_INIT);

	__asm__ __volatile__("movw %w0, %%ds" : : "r"(values[0]));
	__asm__ __volatile__("movw %w0, %%es" : : "r"(values[1]));
	__asm__ __volatile__("movw %w0, %%fs" : : "r"(values[2]));
	__asm__ __volatile__("movw %w0, %%gs" : : "r"(values[3]));
	arch_prctl(ARCH_SET_FS, values[REG_FS_BASE]);
	arch_prctl(ARCH_SET_GS, values[REG_GS_BASE]);
	xmm_load((const u64 *)&values[REG_XMM]);
	__asm__ __volatile__("ldmxcsr %0" : : "m"(mxcsr));
	__asm__ __volatile__("fldcw %0" : : "m"(fcw));
}

void user_regs_read(unsigned long *values)
{
	u32 mxcsr;
	u16 v, fcw;

	__asm__ __volatile__("movw %%ds, %0" : "=r"(v));
	values[0] = v;
	__asm__ __volatile__("movw %%es, %0" : "=r"(v));
	values[1] = v;
	__asm__ __volatile__("movw %%fs, %0" : "=r"(v));
	values[2] = v;
	__asm__ __volatile__("movw %%gs, %0" : "=r"(v));
	values[3] = v;
	xmm_store((u64 *)&values[REG_XMM]);
	__asm__ __volatile__("stmxcsr %0" : "=m"(mxcsr));
	__asm__ __volatile__("fnstcw %0" : "=m"(fcw));
	values[REG_MXCSR] = mxcsr ^ MXCSR_INIT;
	values[REG_FCW] = fcw ^ FCW_INIT;
	if (arch_prctl(ARCH_GET_FS, (unsigned long)&values[REG_FS_BASE]))
		values[REG_FS_BASE] = ~0UL;
	if (arch_prctl(ARCH_GET_GS, (unsigned long)&values[REG_GS_BASE]))
		values[REG_GS_BASE] = ~0UL;
}

/*
 * arch_prctl()'s errors, as Linux x86_64 gives them: a GET to a pointer the
 * task cannot write is -EFAULT, an unknown code -EINVAL, a base at or above
 * TASK_SIZE_MAX (0x7ffffffff000; non-canonical ones included) -EPERM, and the
 * highest base below it is taken. Each SET that fails leaves the base alone.
 */
int user_regs_calls(void)
{
	static const struct {
		const char *name;
		int code;
		unsigned long addr;
		long want;
	} cases[] = {
		{ "get_fs_null", ARCH_GET_FS, 0, -EFAULT },
		{ "get_gs_null", ARCH_GET_GS, 0, -EFAULT },
		{ "get_fs_unmapped", ARCH_GET_FS, 8, -EFAULT },
		{ "bad_code", 0x9999, 0, -EINVAL },
		{ "set_fs_noncanonical", ARCH_SET_FS, 0x800000000000UL, -EPERM },
		{ "set_gs_kernel", ARCH_SET_GS, 0xffff800000000000UL, -EPERM },
		{ "set_fs_task_size_max", ARCH_SET_FS, 0x7ffffffff000UL, -EPERM },
		{ "set_fs_highest", ARCH_SET_FS, 0x7fffffffefffUL, 0 },
	};
	unsigned long fs = 1;
	int bad = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		char name[64];
		long r = arch_prctl(cases[i].code, cases[i].addr);

		snprintf(name, sizeof(name), "user.regstate.arch_prctl.%s", cases[i].name);
		test_result(name, r == cases[i].want, "returns %ld, want %ld", r, cases[i].want);
		bad += r != cases[i].want;
	}
	arch_prctl(ARCH_GET_FS, (unsigned long)&fs);
	test_result("user.regstate.arch_prctl.get_fs_reads_back", fs == 0x7fffffffefffUL,
		    "reads 0x%lx, want 0x7fffffffefff", fs);
	bad += fs != 0x7fffffffefffUL;
	arch_prctl(ARCH_SET_FS, 0);
	return bad;
}
