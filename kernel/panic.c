// SPDX-License-Identifier: MIT
/* The two ways the kernel stops on an error: die() after a trap, panic() from C. */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>

static bool panic_in_progress;
static bool die_in_progress;

__noreturn void die(const char *reason, struct pt_regs *regs)
{
	if (die_in_progress) {
		/* A trap while dumping: the dump itself is broken. Stop quietly. */
		printk("Oops: nested trap while dying: %s\n", reason);
		kernel_poweroff(EXIT_OOPS);
	}
	die_in_progress = true;
	/* The other CPUs stop where they are: this dump is the last thing printed. */
	smp_send_stop();

	if (panic_in_progress)
		printk("Registers at panic():\n");
	else
		printk("Oops: %s\n", reason);
	printk("---[ register dump ]---\n");
	arch_show_regs(regs);
	printk("---[ end register dump ]---\n");
	kernel_poweroff(EXIT_OOPS);
}

__noreturn void panic(const char *fmt, ...)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	va_list ap;

	smp_send_stop();
	printk("Kernel panic: ");
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	printk("\n");
	if (!panic_in_progress) {
		panic_in_progress = true;
		/* Trap on purpose: die() then shows the registers of this caller. */
		arch_undefined_instruction();
	}
	kernel_poweroff(EXIT_OOPS);
}
