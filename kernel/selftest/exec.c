// SPDX-License-Identifier: MIT
/* In-kernel tests, group exec: the ELF loader's checks. */
#include <trapdoor/exec.h>
#include <trapdoor/string.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/* The loader takes only ELF64 executables for this architecture. */
static void test_elf_check_rejects_foreign(void)
{
	static u8 hdr[64] __aligned(8);
	const struct user_program *init = NULL;

	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (!strcmp(user_programs[i].name, "init"))
			init = &user_programs[i];
	KTEST_EXPECT(init != NULL, "no embedded init program");
	if (!init)
		return;
	KTEST_EXPECT(elf_check_header(init->start, (size_t)(init->end - init->start)) == 0,
		     "init's own header is refused");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[18] ^= 0x01; /* e_machine: one bit off, in either byte order */
	hdr[19] ^= 0x01;
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "another machine was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[5] ^= 0x03; /* EI_DATA: the other byte order */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "the other byte order was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[4] = 1; /* EI_CLASS: ELFCLASS32 */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "a 32-bit ELF was accepted");
	KTEST_EXPECT(elf_check_header(init->start, 16) < 0, "a truncated header was accepted");
}

const struct ktest ktests_exec[] = {
	{ "exec.elf_check_rejects_foreign", test_elf_check_rejects_foreign }, { NULL, NULL }
};

#endif /* CONFIG_KTEST */
