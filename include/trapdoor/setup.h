/* SPDX-License-Identifier: MIT */
/* What the architecture found at boot, for the banner and later for memory setup. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SETUP_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SETUP_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * machine, cpu, bootloader and firmware are printed as they are (the banner, uname): a
 * string the arch copies from firmware (a device tree's model, compatible, ...) is
 * escaped first (string_escape(), fdt_getprop_escaped()), so a newline in it cannot
 * forge a line of the test protocol.
 */
struct boot_info {
	const char *machine; /* e.g. "QEMU virt" — from the device tree where there is one */
	const char *cpu;     /* e.g. "cortex-a72 (MIDR 0x410fd083)" */
	u64 mem_start;	     /* physical RAM the kernel may use */
	u64 mem_size;
	const char *cmdline; /* boot options from the firmware, "" if none */
	/* Bytes of the firmware's command line that did not fit the arch's copy (0: none). */
	size_t cmdline_dropped;
	/*
	 * Physical ranges inside RAM that the page allocator must not hand out
	 * (a device tree, firmware data) beyond the kernel image itself.
	 */
	struct {
		u64 start, size;
	} reserved[4];
	unsigned int nr_reserved;
	/*
	 * Who started us, as far as the arch can tell (docs/boot.md): the bootloader's name and
	 * version (NULL: QEMU loaded the kernel itself), and the firmware below it that
	 * identifies itself (NULL: none that we can see).
	 */
	const char *bootloader;
	const char *firmware;
};

extern struct boot_info boot_info;

/* UTS_MACHINE is set by the build from arch/<arch>/Makefile.arch: "aarch64", ... */
#define ARCH_NAME UTS_MACHINE

void start_kernel(void) __noreturn;

/*
 * Prints the machine-readable last line "EXIT: status=N", then powers off
 * (kernel/reboot.c). ktest_failures, the in-kernel tests that failed, turn
 * a passing status into a failing one, whatever user space reports.
 */
__noreturn void kernel_poweroff(int status);
extern int ktest_failures;

/* Exit statuses the runner understands (tools/run-qemu). */
#define EXIT_ALL_PASSED	  0
#define EXIT_TESTS_FAILED 1
#define EXIT_OOPS	  2

#endif
