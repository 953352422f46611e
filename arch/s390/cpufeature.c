// SPDX-License-Identifier: MIT
/*
 * What the machine and the CPU say they are: STORE SYSTEM INFORMATION (the machine, and
 * for entropy.c the hypervisor's levels) and STORE CPU ID, for the banner.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/facility.h>
#include <asm/sclp.h>
#include <asm/setup.h>

/* STSI function code 1, selectors 1.1: the basic-machine configuration (PoP 10, "STSI"). */
#define STSI_FC_BASIC_MACHINE 1
#define STSI_SEL1_MACHINE     1
#define STSI_SEL2_MACHINE     1
#define STSI_FC_SHIFT	      28 /* function code in bits 32-35 of r0 */

/* SYSIB 1.1.1, the block STSI 1.1.1 stores: EBCDIC text fields (PoP 10, "SYSIB 1.1.1"). */
struct sysib_111 {
	u8 reserved0[32];
	char manufacturer[16]; /* 32 */
	char type[4];	       /* 48 */
	u8 reserved1[12];
	char model_capacity[16]; /* 64 */
	char sequence[16];	 /* 80 */
	char plant[4];		 /* 96 */
	char model[16];		 /* 100 */
	u8 reserved2[SCCB_SIZE - 116];
};

/*
 * STIDP's CPU ID (PoP 10, "STORE CPU ID"): bits 0-7 version code, 8-31 CPU
 * identification number, 32-47 machine type, 48-63 format.
 */
#define CPUID_TYPE_SHIFT 16 /* bits 32-47: machine type, 4 BCD digits */
#define CPUID_TYPE_MASK	 0xffff


static struct sysib_111 sysib __aligned(SCCB_SIZE); /* STSI wants a 4 KiB-aligned page */
static char machine_name[96];
static char cpu_name[96];

/* STSI stores EBCDIC text; enough of the code page for names (IBM CP037). */
static char ebcdic_to_ascii(u8 c)
{
	if (c >= 0xc1 && c <= 0xc9)
		return 'A' + (c - 0xc1);
	if (c >= 0xd1 && c <= 0xd9)
		return 'J' + (c - 0xd1);
	if (c >= 0xe2 && c <= 0xe9)
		return 'S' + (c - 0xe2);
	if (c >= 0x81 && c <= 0x89)
		return 'a' + (c - 0x81);
	if (c >= 0x91 && c <= 0x99)
		return 'j' + (c - 0x91);
	if (c >= 0xa2 && c <= 0xa9)
		return 's' + (c - 0xa2);
	if (c >= 0xf0 && c <= 0xf9)
		return '0' + (c - 0xf0);
	if (c == 0x4b)
		return '.';
	if (c == 0x60)
		return '-';
	return ' ';
}

/* Converts an EBCDIC field into dst (NUL-terminated), dropping trailing blanks. */
static void ebcdic_field(char *dst, const char *src, size_t n)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		dst[i] = ebcdic_to_ascii((u8)src[i]);
		if (dst[i] != ' ')
			len = i + 1;
	}
	dst[len] = '\0';
}

/* STORE SYSTEM INFORMATION; returns the condition code (0: stored). */
int stsi(void *sysib_page, unsigned int fc, unsigned int sel1, unsigned int sel2)
{
	register unsigned long r0 __asm__("0") = (unsigned long)fc << STSI_FC_SHIFT | sel1;
	register unsigned long r1 __asm__("1") = sel2;
	int cc;

	__asm__ __volatile__("stsi	%[sysib]\n\t"
			     "ipm	%[cc]\n\t"
			     "srl	%[cc],28"
			     : [cc] "=d"(cc), "+d"(r0), "+d"(r1), [sysib] "=Q"(*(u8 *)sysib_page)
			     :
			     : "cc", "memory");
	return cc;
}

void describe_machine(void)
{
	char manufacturer[17], type[5], model[17];

	if (stsi(&sysib, STSI_FC_BASIC_MACHINE, STSI_SEL1_MACHINE, STSI_SEL2_MACHINE) != 0) {
		boot_info.machine = "s390-ccw-virtio (STSI 1.1.1 unavailable)";
		return;
	}
	ebcdic_field(manufacturer, sysib.manufacturer, sizeof(sysib.manufacturer));
	ebcdic_field(type, sysib.type, sizeof(sysib.type));
	ebcdic_field(model, sysib.model, sizeof(sysib.model));
	/* QEMU fills manufacturer and type ("QEMU", "8561") and leaves the model blank. */
	snprintf(machine_name, sizeof(machine_name), "%s %s%s%s (s390-ccw-virtio)", manufacturer,
		 type, model[0] ? " model " : "", model);
	boot_info.machine = machine_name;
}

__stackleak_frame_exempt void identify_cpu(bool iep)
{
	u64 cpuid;

	__asm__ __volatile__("stidp	%0" : "=Q"(cpuid));
	/* The machine type is BCD: printed in hex, 0x8561 reads "8561" (a z15). */
	snprintf(
	    cpu_name, sizeof(cpu_name), "z/Architecture, machine type %04x (CPU ID 0x%016llx), %s",
	    (unsigned int)(cpuid >> CPUID_TYPE_SHIFT) & CPUID_TYPE_MASK, (unsigned long long)cpuid,
	    iep ? "IEP (no-execute pages)" : "no IEP: user data pages are executable");
	boot_info.cpu = cpu_name;
}

/*
 * Linux's AT_HWCAP bits for s390 (HWCAP_S390_*, its asm/elf.h), as its
 * setup_hwcaps() sets them from the facility list: only what user mode may
 * use here. Never VXRS and its extensions (CR0 keeps the vector facility off),
 * TE or GS (their CR0 controls are off too), HPAGE (no huge user pages), or
 * NNPA (vector registers).
 */
#define HWCAP_S390_ESAN3     (1UL << 0)
#define HWCAP_S390_ZARCH     (1UL << 1)
#define HWCAP_S390_STFLE     (1UL << 2)
#define HWCAP_S390_MSA	     (1UL << 3)
#define HWCAP_S390_LDISP     (1UL << 4)
#define HWCAP_S390_EIMM	     (1UL << 5)
#define HWCAP_S390_DFP	     (1UL << 6)
#define HWCAP_S390_ETF3EH    (1UL << 8)
#define HWCAP_S390_HIGH_GPRS (1UL << 9)
#define HWCAP_S390_SORT	     (1UL << 17)
#define HWCAP_S390_DFLT	     (1UL << 18)

unsigned long arch_elf_hwcap(void)
{
	/* The N3 instructions, z/Architecture mode, extended immediate, 64-bit GPRs: always. */
	unsigned long hwcap =
	    HWCAP_S390_ESAN3 | HWCAP_S390_ZARCH | HWCAP_S390_EIMM | HWCAP_S390_HIGH_GPRS;

	if (test_facility(7)) /* store facility list extended */
		hwcap |= HWCAP_S390_STFLE;
	if (test_facility(17)) /* message-security assist */
		hwcap |= HWCAP_S390_MSA;
	if (test_facility(19)) /* long displacement */
		hwcap |= HWCAP_S390_LDISP;
	if (test_facility(22) && test_facility(30)) /* extended translation 3 and its enhancement */
		hwcap |= HWCAP_S390_ETF3EH;
	if (test_facility(42) && test_facility(44)) /* DFP, PERFORM FLOATING-POINT OPERATION */
		hwcap |= HWCAP_S390_DFP;
	if (test_facility(150)) /* enhanced sort */
		hwcap |= HWCAP_S390_SORT;
	if (test_facility(151)) /* deflate conversion */
		hwcap |= HWCAP_S390_DFLT;
	return hwcap;
}

unsigned long arch_elf_hwcap2(void)
{
	return 0; /* s390 Linux has no AT_HWCAP2 */
}

/*
 * AT_PLATFORM: Linux's setup_elf_platform() names the machine by the type
 * STORE CPU ID gives, and calls any type it does not know "z900".
 */
const char *arch_elf_platform(void)
{
	static const struct {
		unsigned int type;
		const char *name;
	} platforms[] = {
		{ 0x2064, "z900" }, { 0x2066, "z900" },	  { 0x2084, "z990" },
		{ 0x2086, "z990" }, { 0x2094, "z9-109" }, { 0x2096, "z9-109" },
		{ 0x2097, "z10" },  { 0x2098, "z10" },	  { 0x2817, "z196" },
		{ 0x2818, "z196" }, { 0x2827, "zEC12" },  { 0x2828, "zEC12" },
		{ 0x2964, "z13" },  { 0x2965, "z13" },	  { 0x3906, "z14" },
		{ 0x3907, "z14" },  { 0x8561, "z15" },	  { 0x8562, "z15" },
		{ 0x3931, "z16" },  { 0x3932, "z16" },
	};
	u64 cpuid;
	unsigned int type;

	__asm__ __volatile__("stidp	%0" : "=Q"(cpuid));
	type = (unsigned int)(cpuid >> CPUID_TYPE_SHIFT) & CPUID_TYPE_MASK;
	for (unsigned int i = 0; i < ARRAY_SIZE(platforms); i++)
		if (platforms[i].type == type)
			return platforms[i].name;
	return "z900";
}
