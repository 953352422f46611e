/* SPDX-License-Identifier: MIT */
/*
 * The lowcore: the first 8 KiB of every s390 CPU's storage (the "prefix area").
 *
 * There is no vector base register on s390. An interruption makes the CPU
 * store the current PSW into an "old PSW" slot here, store a few words that say
 * why (the interruption code, a fault address, ...), and load the "new PSW"
 * of that class from here. The hardware saves no general register at all.
 *
 * Every CPU has a lowcore of its own. Its prefix register says where: the
 * CPU's real addresses 0-8191 are the absolute addresses prefix..prefix+8191
 * (and the other way round). The boot CPU runs with prefix 0, where QEMU
 * starts it; smp.c gives every other CPU a lowcore page pair of its own with
 * SIGP SET PREFIX before it starts. So the kernel reaches these slots with
 * "base register 0", i.e. a plain displacement: `stg %r1,0x1d8` stores to
 * real address 0x1d8, this CPU's own slot, no matter what any register
 * holds. entry.S relies on that before it has a free register, and it is
 * what makes everything below per CPU without a single extra instruction.
 *
 * Offsets of assigned storage locations: z/Architecture Principles of
 * Operation (SA22-7832), chapter 3, "Assigned Storage Locations".
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_LOWCORE_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_LOWCORE_H

/* Interruption parameters the CPU stores before loading a new PSW. */
#define LC_EXT_PARAMS	       0x080 /* u32 external-interruption parameter */
#define LC_EXT_CPU_ADDR	       0x084 /* u16 CPU address, u16 external code */
#define LC_SVC_ILC	       0x088 /* u16 ILC, u16 svc number */
#define LC_PGM_ILC	       0x08c /* u16 ILC, u16 program-interruption code */
#define LC_DATA_EXC_CODE       0x090 /* u32 data-exception code (DXC), program code 0x07 */
#define LC_TRANS_EXC_CODE      0x0a8 /* u64 translation-exception identification (TEID) */
#define LC_SUBCHANNEL_ID       0x0b8 /* u32 subsystem-identification word (I/O) */
#define LC_IO_INT_PARM	       0x0bc /* u32 I/O-interruption parameter */
#define LC_IO_INT_WORD	       0x0c0 /* u32 I/O-interruption-identification word */
#define LC_MCCK_CODE	       0x0e8 /* u64 machine-check-interruption code */
#define LC_BREAKING_EVENT_ADDR 0x110 /* u64 address of the last taken branch */

/* Old PSWs: where the CPU was when the interruption came (16 bytes each). */
#define LC_RESTART_OLD_PSW 0x120
#define LC_EXT_OLD_PSW	   0x130
#define LC_SVC_OLD_PSW	   0x140
#define LC_PGM_OLD_PSW	   0x150
#define LC_MCCK_OLD_PSW	   0x160
#define LC_IO_OLD_PSW	   0x170

/* New PSWs: where the CPU goes for each interruption class (head.S fills them). */
#define LC_RESTART_NEW_PSW 0x1a0
#define LC_EXT_NEW_PSW	   0x1b0
#define LC_SVC_NEW_PSW	   0x1c0
#define LC_PGM_NEW_PSW	   0x1d0
#define LC_MCCK_NEW_PSW	   0x1e0
#define LC_IO_NEW_PSW	   0x1f0

/*
 * 0x200 up to 0x11af is assigned to nothing: the hardware never stores there,
 * so software lays it out (Linux puts its save areas at 0x200 too). It lies
 * above 511, outside low-address protection (CR0 bit 35 guards 0-511, see
 * traps.c), so entry.S may store here while that protection is on.
 *
 * One 16-register save area per entry path, so that a restart interruption
 * arriving inside the program-check entry does not overwrite its registers.
 */
#define LC_SAVE_AREA_SYNC    0x200 /* program check, SVC */
#define LC_SAVE_AREA_ASYNC   0x280 /* external, I/O */
#define LC_SAVE_AREA_MCCK    0x300 /* machine check */
#define LC_SAVE_AREA_RESTART 0x380 /* restart */
#define LC_RETURN_PSW	     0x400 /* the PSW restore_all loads (entry.S) */
#define LC_KERNEL_STACK	     0x410 /* stack top for traps from user mode */
#define LC_PGM_ENTRY_BUSY    0x418 /* byte: 1 while program_check_entry runs */
#define LC_CPU_INFO	     0x420 /* this CPU's struct cpu_info (asm/smp.h) */
#define LC_ERASE_STACK	     0x428 /* %r15 for the stackleak erase (entry.S) */
#define LC_RESTART_STACK     0x430 /* stack top for a restart in kernel mode */
#define LC_CREGS	     0x440 /* CR0-CR15 secondary_entry loads (head.S) */

/* The lowcore spans two 4 KiB pages (PoP 3, "Prefixing"). */
#define LC_SIZE 0x2000

#endif
