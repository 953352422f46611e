// SPDX-License-Identifier: MIT
/*
 * The hart: its riscv,isa string from the device tree (which multi-letter extensions it
 * has, riscv_isa_extension()) and the M-mode ID registers the SBI reads for us, for the
 * banner.
 */
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/sbi.h>
#include <asm/setup.h>

static char cpu_desc[448]; /* the ISA string may be over 300 characters */
static char isa_desc[384]; /* our hart's riscv,isa string, escaped for the banner */
/*
 * The multi-letter extensions riscv_isa_extension() answers for, and whether our hart's
 * riscv,isa string names each: found in the whole string at boot, however long it is
 * (QEMU 10's is over 300 characters).
 */
static const char *const riscv_isa_ext_names[] = { "sstc" };
static bool riscv_isa_ext_present[ARRAY_SIZE(riscv_isa_ext_names)];

/*
 * AT_HWCAP on riscv (Linux's uapi asm/hwcap.h, COMPAT_HWCAP_ISA_*): bit n says the
 * single-letter extension 'a' + n. Only those of our hart's riscv,isa string that Linux
 * reports and user mode may use: I, M, A, C, and F and D, which sstatus.FS gives every program
 * (process.c); as Linux, F and D only together (the switch saves D's 64-bit registers). Not V:
 * sstatus.VS stays Off. QEMU virt's hart gives 0x112d, as qemu-riscv64 does.
 */
#define HWCAP_ISA(letter) (1UL << ((letter) - 'a'))
#define HWCAP_ISA_USER                                                                        \
	(HWCAP_ISA('i') | HWCAP_ISA('m') | HWCAP_ISA('a') | HWCAP_ISA('f') | HWCAP_ISA('d') | \
	 HWCAP_ISA('c'))
static unsigned long elf_hwcap;

/* The single-letter extensions of "rv64imafdc_...": after the "rv64", up to the first '_'. */
static unsigned long isa_string_hwcap(const char *isa)
{
	unsigned long hwcap = 0;

	if (strncmp(isa, "rv64", 4))
		return 0;
	for (const char *p = isa + 4; *p && *p != '_'; p++)
		if (*p >= 'a' && *p <= 'z')
			hwcap |= HWCAP_ISA(*p) & HWCAP_ISA_USER;
	if ((hwcap & (HWCAP_ISA('f') | HWCAP_ISA('d'))) != (HWCAP_ISA('f') | HWCAP_ISA('d')))
		hwcap &= ~(HWCAP_ISA('f') | HWCAP_ISA('d'));
	return hwcap;
}

/*
 * "rv64imafdch_zicsr_zifencei_..._sstc": the single-letter extensions follow "rv64", the
 * multi-letter ones come after, each behind an underscore (Unprivileged ISA 20191213,
 * chapter 27 "ISA Extension Naming Conventions"). True if name is one of the latter.
 */
static bool isa_string_has(const char *isa, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strchr(isa, '_'); p; p = strchr(p + 1, '_'))
		if (!strncmp(p + 1, name, n) && (p[1 + n] == '_' || p[1 + n] == '\0'))
			return true;
	return false;
}

/*
 * The ISA string of our own hart from /cpus/cpu@<hartid> (unit address in hex), and the
 * M-mode ID registers, which S-mode cannot read itself: the SBI base extension reads them
 * for us (SBI v0.2 and later). QEMU reports mvendorid 0 and its own version in marchid and
 * mimpid (0x70216 = 7.2.22).
 */
__stackleak_frame_exempt void identify_cpu(const void *fdt)
{
	char path[32];
	struct sbiret spec, vendor, arch, imp;
	const char *isa;

	snprintf(path, sizeof(path), "/cpus/cpu@%lx", boot_hartid);
	isa = fdt_getprop_string(fdt, fdt_path_offset(fdt, path), "riscv,isa");
	for (size_t i = 0; isa && i < ARRAY_SIZE(riscv_isa_ext_names); i++)
		riscv_isa_ext_present[i] = isa_string_has(isa, riscv_isa_ext_names[i]);
	elf_hwcap = isa ? isa_string_hwcap(isa) : 0;
	/* The banner shows it: escaped, as the machine's name. */
	isa = fdt_getprop_escaped(fdt, fdt_path_offset(fdt, path), "riscv,isa", isa_desc,
				  sizeof(isa_desc));

	spec = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0);
	if (spec.error != SBI_SUCCESS) {
		snprintf(cpu_desc, sizeof(cpu_desc), "%s (hart %lu)", isa ? isa : "rv64",
			 boot_hartid);
	} else {
		vendor = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MVENDORID, 0, 0);
		arch = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MARCHID, 0, 0);
		imp = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MIMPID, 0, 0);
		snprintf(cpu_desc, sizeof(cpu_desc),
			 "%s (hart %lu, mvendorid 0x%lx marchid 0x%lx mimpid 0x%lx)",
			 isa ? isa : "rv64", boot_hartid, vendor.value, arch.value, imp.value);
	}
	boot_info.cpu = cpu_desc;
}

/* Does our hart have the multi-letter extension name (one of riscv_isa_ext_names)? */
bool riscv_isa_extension(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(riscv_isa_ext_names); i++)
		if (!strcmp(name, riscv_isa_ext_names[i]))
			return riscv_isa_ext_present[i];
	panic("riscv: riscv_isa_extension(\"%s\"): add it to riscv_isa_ext_names", name);
}

bool riscv_has_fpu(void)
{
	return elf_hwcap & HWCAP_ISA('d');
}

unsigned long arch_elf_hwcap(void)
{
	return elf_hwcap;
}

/* Linux's riscv has no AT_HWCAP2 bits. */
unsigned long arch_elf_hwcap2(void)
{
	return 0;
}

/* Linux's riscv gives no AT_PLATFORM (ELF_PLATFORM is NULL), nor does qemu-riscv64. */
const char *arch_elf_platform(void)
{
	return NULL;
}
