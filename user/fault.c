// SPDX-License-Identifier: MIT
/*
 * fault <mode>: does one forbidden thing. The kernel must kill this task with
 * the right signal and carry on; init checks which signal it was.
 */
#include "lib/ulib.h"

/* user/lib/arch/<arch>/faults.S */
void do_privileged_instruction(void);
void do_undefined_instruction(void);
void do_breakpoint(void);
/* An integer divide by zero; returns the quotient where the arch does not trap. */
long do_divide_by_zero(void);
/* A load from an address that is not a multiple of its size; returns the value. */
unsigned long do_misaligned_access(const void *p);
/* Sets the trace flag where user mode can (x86 popf with TF); returns where it cannot. */
void do_single_step(void);
/* getpid with the stack pointer set to sp for the syscall; returns its result. */
long do_syscall_hostile_sp(unsigned long sp);

static volatile unsigned long sink;
/*
 * In .data by name: never written, the array would otherwise be promoted to a constant and
 * placed in .rodata (clang does), which shares the executable text segment (user/user.lds.S).
 */
static u32 data_code[4] __section(".data");

/* Each frame holds 1 KiB that is written, so the user stack really runs out. */
static __noinline unsigned long recurse(unsigned long n)
{
	volatile u8 buf[1024];

	if (n > (1UL << 40)) /* never: the stack runs out long before */
		return 0;
	buf[0] = (u8)n;
	buf[sizeof(buf) - 1] = (u8)n;
	return recurse(n + 1) + buf[0] + buf[sizeof(buf) - 1];
}

/*
 * A page of its own (16 KiB covers the largest page size) that the kernel takes down to
 * read-only or to no access (kernel/lkdtm.c's PROTECT_USER_* fixtures) right after this
 * task used it: the access that follows must fault, so the TLB entry the first access left
 * must be gone. In .data, so that it is a page of the image, mapped from the start.
 */
static volatile u8 protect_area[16384] __aligned(16384) __section(".data");

static void access_after_protect(const char *fixture, bool write)
{
	long ret;

	protect_area[0] = 1; /* a writable TLB entry for the page */
	ret = lkdtm(fixture, (unsigned long)protect_area);
	if (ret) {
		printf("fault: lkdtm %s gave %ld\n", fixture, ret);
		return;
	}
	if (write)
		protect_area[0] = 2;
	else
		sink = protect_area[0];
}

/* The kernel must not care where the user's stack pointer points. */
static int hostile_sp(const struct kernel_stats *st)
{
	const unsigned long sps[] = {
		0, 1, ~0UL, report_stack(), st->kernel_text, (unsigned long)&sink + 3,
	};
	long pid = getpid();

	for (unsigned int i = 0; i < ARRAY_SIZE(sps); i++) {
		long r = do_syscall_hostile_sp(sps[i]);

		if (r != pid) {
			printf("fault: hostile-sp: getpid with sp 0x%lx gave %ld, want %ld\n",
			       sps[i], r, pid);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct kernel_stats st;
	const char *mode = argc > 1 ? argv[1] : "";
	volatile unsigned long *kstack = (volatile unsigned long *)report_stack();
	u32 stack_code[4] = { 0 };

	get_kernel_stats(&st);
	printf("fault: %s\n", mode);
	if (!strcmp(mode, "read-kernel"))
		sink = *kstack;
	else if (!strcmp(mode, "write-kernel"))
		*kstack = 0x5a5a5a5a;
	else if (!strcmp(mode, "exec-kernel"))
		((void (*)(void))st.kernel_text)();
	else if (!strcmp(mode, "read-null"))
		sink = *(volatile unsigned long *)sink; /* sink is 0 */
	else if (!strcmp(mode, "write-text"))
		*(volatile u32 *)(unsigned long)main = 0;
	else if (!strcmp(mode, "exec-stack"))
		((void (*)(void))(unsigned long)stack_code)();
	else if (!strcmp(mode, "privileged"))
		do_privileged_instruction();
	else if (!strcmp(mode, "undefined"))
		do_undefined_instruction();
	else if (!strcmp(mode, "breakpoint"))
		do_breakpoint();
	else if (!strcmp(mode, "exec-data"))
		((void (*)(void))(unsigned long)data_code)();
	else if (!strcmp(mode, "stack-overflow"))
		sink = recurse(0);
	else if (!strcmp(mode, "hostile-sp"))
		return hostile_sp(&st);
	else if (!strcmp(mode, "divide"))
		sink = (unsigned long)do_divide_by_zero();
	else if (!strcmp(mode, "misaligned"))
		sink = do_misaligned_access((const u8 *)&stack_code + 1);
	else if (!strcmp(mode, "single-step"))
		do_single_step();
	else if (!strcmp(mode, "write-protected"))
		access_after_protect("PROTECT_USER_RO", true);
	else if (!strcmp(mode, "read-protnone"))
		access_after_protect("PROTECT_USER_NONE", false);
	else
		return 2;
	/* Modes that do not trap on this arch (arch_fault_cases' 0) end here. */
	for (unsigned int i = 0; i < arch_nr_fault_cases; i++)
		if (!strcmp(mode, arch_fault_cases[i].mode) && arch_fault_cases[i].sig == 0)
			return 0;
	printf("fault: %s: survived, which is wrong\n", mode);
	return 1;
}
