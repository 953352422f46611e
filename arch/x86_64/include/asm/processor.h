/* SPDX-License-Identifier: MIT */
/*
 * The CPU itself: a task's saved kernel context, and single instructions C
 * needs (stack pointer, ud2, pause, cpuid, control registers). The THREAD_*
 * offsets are also read by entry.S.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_H

/*
 * Byte offsets into struct thread_struct for arch_switch_to() in entry.S.
 * thread is the first member of struct task_struct, so they are offsets into
 * the task as well (traps.c checks that).
 */
#define THREAD_RSP    0
#define THREAD_RIP    8
#define THREAD_SP0    16
#define THREAD_RBX    24
#define THREAD_RBP    32
#define THREAD_R12    40
#define THREAD_R13    48
#define THREAD_R14    56
#define THREAD_R15    64
#define THREAD_FSBASE 72
#define THREAD_GSBASE 80
#define THREAD_FPU    96
#define THREAD_SIZEOF 608

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * The x87, MMX and SSE state as FXSAVE stores it and FXRSTOR loads it: 512
 * bytes, 16-byte aligned (SDM Vol. 1 §10.5.1, Table 10-2). Linux's struct
 * fxregs_state. twd is the abridged tag word: one bit per x87 register, 0 for
 * empty.
 */
struct fxregs_state {
	u16 cwd;	   /* x87 control word */
	u16 swd;	   /* x87 status word */
	u16 twd;	   /* abridged tag word */
	u16 fop;	   /* last x87 opcode */
	u64 rip;	   /* last x87 instruction pointer */
	u64 rdp;	   /* last x87 data pointer */
	u32 mxcsr;	   /* SSE control and status */
	u32 mxcsr_mask;	   /* which MXCSR bits this CPU has (FXSAVE writes it) */
	u32 st_space[32];  /* st0-st7 (mm0-mm7), 16 bytes each */
	u32 xmm_space[64]; /* xmm0-xmm15, 16 bytes each */
	u32 padding[24];
} __aligned(16);

BUILD_BUG_ON(sizeof(struct fxregs_state) != 512);

/* Linux's initial x87 control word and MXCSR: every exception masked, round to nearest. */
#define X87_FCW_DEFAULT 0x037f
#define MXCSR_DEFAULT	0x1f80

/*
 * What arch_switch_to() keeps of a task that is not running: what the SysV
 * psABI says a called function must preserve (§3.2.1: rbx, rbp, r12-r15 and
 * rsp) and where to resume (schedule(), which called arch_switch_to(), saved
 * everything else itself), and the user state that pt_regs does not carry:
 * the FS and GS bases and the x87/SSE registers. Those two belong to user
 * mode alone (the kernel never uses fs, its gs base is the per-CPU one, and
 * it is built without floating point) and are switched on every switch. The
 * user's general registers are in the pt_regs at the top of the task's
 * kernel stack.
 */
struct thread_struct {
	unsigned long rsp; /* kernel RSP as arch_switch_to()'s caller will see it */
	unsigned long rip; /* where to resume: back in schedule(), or ret_from_fork */
	unsigned long sp0; /* top of the kernel stack: TSS.RSP0 while this task runs */
	unsigned long rbx;
	unsigned long rbp;
	unsigned long r12;
	unsigned long r13;
	unsigned long r14;
	unsigned long r15;
	unsigned long fsbase;	 /* the user's FS base (MSR_FS_BASE) while not running */
	unsigned long gsbase;	 /* the user's GS base (MSR_KERNEL_GS_BASE in the kernel) */
	struct fxregs_state fpu; /* the user's x87/SSE registers while not running */
};

BUILD_BUG_ON(offsetof(struct thread_struct, rsp) != THREAD_RSP);
BUILD_BUG_ON(offsetof(struct thread_struct, rip) != THREAD_RIP);
BUILD_BUG_ON(offsetof(struct thread_struct, sp0) != THREAD_SP0);
BUILD_BUG_ON(offsetof(struct thread_struct, rbx) != THREAD_RBX);
BUILD_BUG_ON(offsetof(struct thread_struct, rbp) != THREAD_RBP);
BUILD_BUG_ON(offsetof(struct thread_struct, r12) != THREAD_R12);
BUILD_BUG_ON(offsetof(struct thread_struct, r13) != THREAD_R13);
BUILD_BUG_ON(offsetof(struct thread_struct, r14) != THREAD_R14);
BUILD_BUG_ON(offsetof(struct thread_struct, r15) != THREAD_R15);
BUILD_BUG_ON(offsetof(struct thread_struct, fsbase) != THREAD_FSBASE);
BUILD_BUG_ON(offsetof(struct thread_struct, gsbase) != THREAD_GSBASE);
BUILD_BUG_ON(offsetof(struct thread_struct, fpu) != THREAD_FPU);
BUILD_BUG_ON(sizeof(struct thread_struct) != THREAD_SIZEOF);

/* entry.S: where a new task's first arch_switch_to() lands; leaves for user mode. */
void ret_from_fork(void);
/* entry.S: the instruction after arch_cpu_idle()'s hlt, where its wake-up tick returns. */
extern char arch_cpu_idle_wakeup[];

/*
 * The stack pointer here, rounded down to 16 bytes. In the middle of an
 * x86_64 function RSP is 16-byte aligned or off by 8, depending on whether
 * the compiler built a frame there (the psABI only promises RSP % 16 == 0
 * just before each call instruction): the rounding gives the value RSP has
 * at this function's call sites, the alignment the other five architectures
 * keep at all times. Inline, one move and one AND: a call here would cost
 * its own frame on every syscall (kernel/syscall.c). The rounding only ever
 * moves it down, by at most 8 bytes: the depth stackleak_track_stack()
 * records (kernel/stackleak.c) is then deeper, so the erase covers more.
 */
static __always_inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("movq %%rsp, %0" : "=r"(sp));
	return sp & ~15UL;
}

/*
 * ud2 (0f 0b) is the opcode reserved to raise #UD on every x86 CPU, present
 * and future (SDM Vol. 2B, UD—Undefined Instruction). panic() and BROKEN=undef use
 * it to enter entry.S with the caller's registers.
 */
static __always_inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__("ud2" : : : "memory");
}

/* "pause": a spin-wait hint (SDM Vol. 2B); saves power, frees a hyperthread. */
static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" : : : "memory");
}

/* Stops the CPU until the next interrupt; with IF clear, for good. */
static inline void native_halt(void)
{
	__asm__ __volatile__("hlt" : : : "memory");
}

/* CPUID leaf/subleaf -> eax, ebx, ecx, edx (SDM Vol. 2A, CPUID). */
static inline void cpuid_count(u32 leaf, u32 subleaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*eax), "=b"(*ebx), "=c"(*ecx), "=d"(*edx)
			     : "a"(leaf), "c"(subleaf));
}

static inline void cpuid(u32 leaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	cpuid_count(leaf, 0, eax, ebx, ecx, edx);
}

#define DEFINE_READ_CR(n)                                                \
	static inline unsigned long read_cr##n(void)                     \
	{                                                                \
		unsigned long val;                                       \
		__asm__ __volatile__("movq %%cr" #n ", %0" : "=r"(val)); \
		return val;                                              \
	}
DEFINE_READ_CR(0)
DEFINE_READ_CR(2)
DEFINE_READ_CR(3)
DEFINE_READ_CR(4)
#undef DEFINE_READ_CR

/* "memory": the compiler must not move page-table stores across a CR3 write. */
#define DEFINE_WRITE_CR(n)                                                        \
	static inline void write_cr##n(unsigned long val)                         \
	{                                                                         \
		__asm__ __volatile__("movq %0, %%cr" #n : : "r"(val) : "memory"); \
	}
DEFINE_WRITE_CR(0)
DEFINE_WRITE_CR(3)
DEFINE_WRITE_CR(4)
#undef DEFINE_WRITE_CR

/* The x87/SSE registers to and from *fx (SDM Vol. 2A FXSAVE, FXRSTOR; 64-bit form). */
static inline void fxsave(struct fxregs_state *fx)
{
	__asm__ __volatile__("fxsaveq %0" : "=m"(*fx));
}

static inline void fxrstor(const struct fxregs_state *fx)
{
	__asm__ __volatile__("fxrstorq %0" : : "m"(*fx));
}

#endif /* !__ASSEMBLY__ */

#endif
