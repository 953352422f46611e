/* SPDX-License-Identifier: MIT */
/*
 * struct sigcontext: the machine state in a powerpc64 signal frame (the
 * ucontext's uc_mcontext, asm/ucontext.h), as Linux lays it out
 * (arch/powerpc/include/uapi/asm/sigcontext.h, 64-bit): every field, its
 * size and its offset are Linux's, so a handler built against Linux's
 * headers reads the same bytes here.
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

#define ELF_NGREG  48 /* gp_regs: user_pt_regs below, then 4 unused doublewords */
#define ELF_NFPREG 33 /* fp_regs: f0-f31, then the FPSCR */
#define ELF_NVRREG 34 /* vr0-vr31, VSCR, VRSAVE: what v_regs would point at */

typedef unsigned long elf_greg_t;
typedef elf_greg_t elf_gregset_t[ELF_NGREG];
typedef double elf_fpreg_t;
typedef elf_fpreg_t elf_fpregset_t[ELF_NFPREG];

/* One vector register (AltiVec), for the type of v_regs. */
typedef struct {
	unsigned int u[4];
} __attribute__((aligned(16))) elf_vrreg_t;

/*
 * The first 44 doublewords of gp_regs by name: Linux's struct user_pt_regs
 * (its uapi asm/ptrace.h, whose PT_NIP, PT_MSR, ... are these fields' indices).
 */
struct user_pt_regs {
	unsigned long gpr[32];	 /* r0-r31 */
	unsigned long nip;	 /* the pc to return to */
	unsigned long msr;	 /* the machine state; rt_sigreturn takes only its LE bit */
	unsigned long orig_gpr3; /* a syscall's first argument, as it was at entry */
	unsigned long ctr;
	unsigned long link;
	unsigned long xer;
	unsigned long ccr;
	unsigned long softe; /* interrupts soft-enabled: always 1 in a frame */
	unsigned long trap;  /* the interrupt vector the kernel was entered by */
	unsigned long dar;
	unsigned long dsisr;
	unsigned long result; /* the syscall result, for a restart */
};

struct sigcontext {
	unsigned long _unused[4];
	int signal; /* the signal number */
	int _pad0;
	unsigned long handler;	   /* sa_handler as given (ELFv1: a function descriptor) */
	unsigned long oldmask;	   /* unused by rt frames */
	struct user_pt_regs *regs; /* points at gp_regs */
	elf_gregset_t gp_regs;	   /* struct user_pt_regs, then padding */
	elf_fpregset_t fp_regs;	   /* f0-f31, FPSCR */
	elf_vrreg_t *v_regs;	   /* NULL: no vector state (AltiVec is off) */
	long vmx_reserve[ELF_NVRREG + ELF_NVRREG + 1 + 32]; /* room for VMX and VSX state */
};

_Static_assert(sizeof(struct user_pt_regs) == 44 * 8, "Linux's user_pt_regs: 44 doublewords");
_Static_assert(__builtin_offsetof(struct sigcontext, gp_regs) == 64, "sigcontext.gp_regs");
_Static_assert(__builtin_offsetof(struct sigcontext, fp_regs) == 448, "sigcontext.fp_regs");
_Static_assert(__builtin_offsetof(struct sigcontext, v_regs) == 712, "sigcontext.v_regs");
_Static_assert(__builtin_offsetof(struct sigcontext, vmx_reserve) == 720, "sigcontext.vmx_reserve");
_Static_assert(sizeof(struct sigcontext) == 1528, "Linux's ppc64 sigcontext: 1528 bytes");

#endif
