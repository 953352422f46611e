/* SPDX-License-Identifier: MIT */
/*
 * The PVH boot ABI (Xen docs/misc/pvh.pandoc, xen/include/public/arch-x86/
 * hvm/start_info.h), which QEMU implements for ELF kernels: the loader finds
 * the 32-bit entry in an ELF note, enters it in protected mode with paging
 * off, and passes the physical address of struct hvm_start_info in ebx.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PVH_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PVH_H

/* ELF note name "Xen", type XEN_ELFNOTE_PHYS32_ENTRY: desc = 32-bit entry address. */
#define XEN_ELFNOTE_PHYS32_ENTRY 18

#define XEN_HVM_START_MAGIC_VALUE 0x336ec578 /* "xEn3" with the 0x80 bit of 'E' set */

/* hvm_memmap_table_entry.type: the E820 types (ACPI spec §15, "E820 Address Range Types") */
#define XEN_HVM_MEMMAP_TYPE_RAM	     1
#define XEN_HVM_MEMMAP_TYPE_RESERVED 2
#define XEN_HVM_MEMMAP_TYPE_ACPI     3
#define XEN_HVM_MEMMAP_TYPE_NVS	     4
#define XEN_HVM_MEMMAP_TYPE_UNUSABLE 5
#define XEN_HVM_MEMMAP_TYPE_DISABLED 6
#define XEN_HVM_MEMMAP_TYPE_PMEM     7

#ifndef __ASSEMBLY__
#include <trapdoor/types.h>

/* Every address field is physical; 0 means "not present". */
struct hvm_start_info {
	u32 magic;
	u32 version; /* 0: fields up to rsdp_paddr; 1: also the memory map */
	u32 flags;
	u32 nr_modules;
	u64 modlist_paddr;
	u64 cmdline_paddr; /* NUL-terminated; QEMU -append */
	u64 rsdp_paddr;	   /* ACPI root pointer */
	/* version >= 1 */
	u64 memmap_paddr; /* array of struct hvm_memmap_table_entry */
	u32 memmap_entries;
	u32 reserved;
};

struct hvm_memmap_table_entry {
	u64 addr;
	u64 size;
	u32 type; /* XEN_HVM_MEMMAP_TYPE_* */
	u32 reserved;
};

#endif /* __ASSEMBLY__ */
#endif
