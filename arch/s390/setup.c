// SPDX-License-Identifier: MIT
/*
 * arch_setup() for s390x: console, traps, then what the machine is.
 *
 * s390 firmware passes no device tree or boot block. The kernel asks instead:
 *   - memory size: SCLP Read SCP Info (number of storage increments times the
 *     increment size; firmware.c),
 *   - machine: STORE SYSTEM INFORMATION 1.1.1 (manufacturer, type, model;
 *     cpufeature.c),
 *   - CPU: STORE CPU ID (version, identification number, machine type;
 *     cpufeature.c).
 * The one thing QEMU does pass is the command line, written into our image
 * at 0x10480 as into a Linux kernel's (head.S, asm/setup.h).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/sclp.h>
#include <asm/setup.h>
#include <asm/smp.h>

/* The command line the kernel keeps: what fits of the one QEMU wrote. */
static char command_line[COMMAND_LINE_SIZE];

/*
 * QEMU wrote -append into the parameter area's 64384-byte buffer (head.S),
 * NUL-terminated; a longer line it does not write at all (a newer QEMU
 * refuses to start), which leaves it "". Keep what fits of it, and say how
 * much did not: the banner prints boot_info.cmdline_dropped.
 */
static void copy_command_line(void)
{
	size_t len;

	boot_command_line[sizeof(boot_command_line) - 1] = '\0'; /* whatever QEMU did */
	len = strlen(boot_command_line);
	strscpy(command_line, boot_command_line, sizeof(command_line));
	if (len >= sizeof(command_line))
		boot_info.cmdline_dropped = len - (sizeof(command_line) - 1);
	boot_info.cmdline = command_line;
}

__stackleak_frame_exempt void arch_setup(void)
{
	bool iep;

	arch_console_init();   /* first: everything after this may print */
	arch_trap_init();      /* head.S set the new PSWs; this protects the lowcore */
	iep = arch_mm_setup(); /* user address spaces: DAT tables, no-execute */

	/*
	 * Real memory starts at 0 (the lowcore is part of it) and is
	 * contiguous. Above the kernel image there is nothing to reserve: QEMU
	 * loads only our ELF (no firmware, device tree or initrd with an ELF
	 * -kernel), and the lowcore and SCCBs lie inside or below the image.
	 */
	boot_info.mem_start = 0;
	boot_info.mem_size = sclp_memory_size();
	boot_info.nr_reserved = 0;
	describe_machine();
	identify_cpu(iep);
	copy_command_line();
	s390_entropy_init(); /* is there a TRNG? (entropy.c) */
}

/*
 * Load a disabled-wait PSW: the CPU stops with every interruption masked, and
 * QEMU ends the run (see WAIT_ADDR_* in asm/ptrace.h): status 0 waits at the
 * quiesce address, QEMU exits 0; anything else waits at 0xdead00NN, a guest
 * crash, QEMU exits 1. The exact status is in the "EXIT:" line before this.
 * QEMU acts on a disabled wait only once no other CPU is operating, so the
 * others are put in the stopped state first (smp.c), whichever CPU gets here.
 */
__noreturn void arch_poweroff(int status)
{
	static struct psw wait_psw __aligned(8); /* lpswe: doubleword aligned */

	s390_stop_other_cpus();
	wait_psw.mask = PSW_DISABLED_WAIT_MASK;
	if (status == 0)
		wait_psw.addr = WAIT_ADDR_QUIESCE;
	else
		wait_psw.addr = WAIT_ADDR_FAILURE | (status & WAIT_STATUS_MASK);
	__asm__ __volatile__("lpswe	%0" : : "Q"(wait_psw) : "memory");
	__builtin_unreachable();
}
