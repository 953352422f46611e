// SPDX-License-Identifier: MIT
/* In-kernel tests, group boot: what arch_setup() found, and the ABI's stack alignment. */
#include <trapdoor/arch.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

static bool printable(const char *s)
{
	for (; s && *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

static void test_boot_info(void)
{
	KTEST_EXPECT(boot_info.mem_size >= (16ULL << 20), "memory size %llu",
		     (unsigned long long)boot_info.mem_size);
	KTEST_EXPECT(strcmp(boot_info.machine, "unknown") != 0, "machine not described");
	/* What the banner and uname show is printable: firmware strings arrive escaped. */
	KTEST_EXPECT(printable(boot_info.machine) && printable(boot_info.cpu) &&
			 printable(boot_info.bootloader) && printable(boot_info.firmware),
		     "a boot_info string holds a control or non-ASCII byte");
}

/* The stack is KSTACK_ALIGN-aligned inside any C function (the ABI's promise). */
static void test_stack_alignment(void)
{
	unsigned long sp = current_stack_pointer();

	KTEST_EXPECT((sp & (KSTACK_ALIGN - 1)) == 0, "stack pointer 0x%lx is not %d-byte aligned",
		     sp, KSTACK_ALIGN);
}

const struct ktest ktests_boot[] = { { "boot.info", test_boot_info },
				     { "boot.stack_alignment", test_stack_alignment },
				     { NULL, NULL } };

#endif /* CONFIG_KTEST */
