/* SPDX-License-Identifier: MIT */
/*
 * loongarch64's own handler checks, for tests/linux/signal.c: what a handler finds in its
 * ucontext's uc_mcontext (musl's names: __pc, __gregs[] for r0-r31, then the context records
 * from __extcontext: a 16-byte header, magic and size, before each record, magic 0 at the end;
 * the FPU record holds f0-f31, fcc and fcsr), and what rt_sigreturn takes back from it. Each
 * prints a PASS or FAIL line only, so qemu-user and trapdoor print the same.
 *   registers  s2, fs0 and the rounding mode as set just before a kill() of ourselves are in
 *              the frame; s3 and fs1 that the handler writes into the frame are in the
 *              registers after it
 *   fault      a load from address 8: SIGSEGV with si_addr 8 and the saved pc at the load;
 *              the handler moves the pc past it and the program goes on
 */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define LA_MARK_S2	0x5332533253325332UL
#define LA_MARK_S3	0x5333533353335333UL
#define LA_MARK_FS0	0x400921fb54442d18UL /* pi */
#define LA_MARK_FS1	0x4005bf0a8b145769UL /* e */
#define LA_FCSR_RM_RZ	(1U << 8)	     /* FCSR0.RM = 1: round towards zero */
#define LA_FPU_MAGIC	0x46505501	     /* the FPU record's header */
#define LA_FPU_FCSR_OFF (32 * 8 + 8)	     /* fcsr after f0-f31 and fcc */

static volatile int la_s2_seen, la_fs0_seen, la_rm_seen, la_fpu_found;
static volatile unsigned long la_fault_pc;
static void *volatile la_fault_addr;

/* The FPU record's f0, the records walked from the first as the kernel writes them. */
static unsigned char *la_fpu_record(mcontext_t *mc)
{
	unsigned char *p = (unsigned char *)mc->__extcontext;

	for (;;) {
		unsigned int magic, size;

		memcpy(&magic, p, sizeof(magic));
		memcpy(&size, p + 4, sizeof(size));
		if (magic == 0 || size == 0)
			return NULL;
		if (magic == LA_FPU_MAGIC)
			return p + 16;
		p += size;
	}
}

static void la_usr1_handler(int sig, siginfo_t *info, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;
	unsigned char *fpu = la_fpu_record(mc);
	unsigned long long f;
	unsigned int fcsr;

	(void)sig;
	(void)info;
	la_s2_seen = mc->__gregs[25] == LA_MARK_S2;
	mc->__gregs[26] = LA_MARK_S3; /* s3 */
	la_fpu_found = fpu != NULL;
	if (!fpu)
		return;
	memcpy(&f, fpu + 24 * 8, sizeof(f)); /* fs0 is f24 */
	la_fs0_seen = f == LA_MARK_FS0;
	memcpy(&fcsr, fpu + LA_FPU_FCSR_OFF, sizeof(fcsr));
	la_rm_seen = (fcsr & (3U << 8)) == LA_FCSR_RM_RZ;
	fcsr &= ~(3U << 8); /* back to round to nearest */
	memcpy(fpu + LA_FPU_FCSR_OFF, &fcsr, sizeof(fcsr));
	f = LA_MARK_FS1;
	memcpy(fpu + 25 * 8, &f, sizeof(f)); /* fs1 is f25 */
}

static void la_segv_handler(int sig, siginfo_t *info, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;

	(void)sig;
	la_fault_addr = info->si_addr;
	la_fault_pc = mc->__pc;
	mc->__pc += 4; /* past the load */
}

static void arch_sigframe_checks(void)
{
	struct sigaction sa = { 0 };
	unsigned long s3, fs1, fcsr, insn, sink;
	long pid = getpid();

	sa.sa_sigaction = la_usr1_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	/* The kill() of ourselves delivers SIGUSR1 on its way back, with these in the registers. */
	__asm__ volatile("move	$s2, %[s2]\n\t"
			 "movgr2fr.d $fs0, %[fs0]\n\t"
			 "move	$s3, $zero\n\t"
			 "movgr2fr.d $fs1, $zero\n\t"
			 "movgr2fcsr $fcsr0, %[rz]\n\t"
			 "move	$a0, %[pid]\n\t"
			 "li.w	$a1, %[sig]\n\t"
			 "li.w	$a7, %[nr]\n\t"
			 "syscall 0\n\t"
			 "move	%[s3], $s3\n\t"
			 "movfr2gr.d %[fs1], $fs1\n\t"
			 "movfcsr2gr %[fcsr], $fcsr0"
			 : [s3] "=&r"(s3), [fs1] "=&r"(fs1), [fcsr] "=&r"(fcsr)
			 : [s2] "r"(LA_MARK_S2), [fs0] "r"(LA_MARK_FS0), [pid] "r"(pid),
			   [rz] "r"(LA_FCSR_RM_RZ), [sig] "i"(SIGUSR1), [nr] "i"(SYS_kill)
			 : "$s2", "$s3", "$fs0", "$fs1", "$a0", "$a1", "$a7", "memory");
	check("loongarch: s2 in uc_mcontext.__gregs[25]", la_s2_seen);
	check("loongarch: an FPU record after uc_mcontext", la_fpu_found);
	check("loongarch: fs0 (f24) in the FPU record", la_fs0_seen);
	check("loongarch: the rounding mode in the FPU record's fcsr", la_rm_seen);
	check("loongarch: s3 from the frame after rt_sigreturn", s3 == LA_MARK_S3);
	check("loongarch: fs1 from the frame after rt_sigreturn", fs1 == LA_MARK_FS1);
	check("loongarch: fcsr from the frame after rt_sigreturn", fcsr == 0);

	sa.sa_sigaction = la_segv_handler;
	sigaction(SIGSEGV, &sa, NULL);
	__asm__ volatile("la.pcrel %[insn], 1f\n"
			 "1:\tld.d	%[sink], $zero, 8"
			 : [insn] "=&r"(insn), [sink] "=r"(sink)
			 :
			 : "memory");
	(void)sink;
	check("loongarch: SIGSEGV's si_addr is the load's address", la_fault_addr == (void *)8);
	check("loongarch: SIGSEGV's saved pc is the load", la_fault_pc == insn);
	sa.sa_handler = SIG_DFL;
	sa.sa_flags = 0;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
}
