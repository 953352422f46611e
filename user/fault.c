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

static volatile unsigned long sink;

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
		sink = *(volatile unsigned long *)sink;	/* sink is 0 */
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
	else
		return 2;
	printf("fault: %s: survived, which is wrong\n", mode);
	return 1;
}
