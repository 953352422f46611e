// SPDX-License-Identifier: MIT
/*
 * User address spaces on the ppc64 hash MMU. Source for every field below: Power ISA v3.0B
 * Book III, "Storage Control" (segmentation, the hashed page table, storage protection),
 * and LoPAR for the hcalls a PAPR guest uses instead of writing the table itself.
 *
 * The kernel never translates: every interrupt turns the MMU off (MSR[IR] = MSR[DR] = 0)
 * and the kernel works on real addresses. So there is no kernel mapping to build, and
 * nothing to switch on a system call (docs/design.md, "Performance principles"). Only
 * user mode (MSR[PR] = 1, which forces IR = DR = 1) translates, in two steps:
 *
 *   effective address --SLB--> virtual address --HPT--> real address
 *
 * 1. The SLB (segment lookaside buffer; 32 entries on POWER9, loaded with slbmte) maps an
 *    effective segment to a virtual segment id (VSID). We use one 1 TiB segment, effective
 *    addresses 0 to 1 TiB, and give each address space its own VSID: switching address
 *    spaces is replacing that one SLB entry (arch_switch_mm).
 * 2. The HPT (hashed page table) maps virtual pages to real pages. There is one for the
 *    whole partition and the hypervisor owns it: we ask it to add an entry (H_ENTER) or
 *    take one out (H_REMOVE). An entry lives in one of two groups of 8, found by hashing
 *    the VSID with the page number (the primary group) or its complement (the secondary
 *    one, used when the primary group is full).
 *
 * The VSID is part of every virtual address, so the entries of all live address spaces
 * sit in the HPT side by side without ever matching each other's accesses, and a TLB entry
 * of one can never serve another: the VSID is what other architectures call an ASID.
 *
 * Why a 1 TiB segment rather than the classic 256 MiB one: it covers the whole user range,
 * [USER_BASE, TASK_SIZE) of asm/page.h, and address 0 as well. The numbers of the kernel's
 * real addresses are user effective addresses too, and mean only what the task's own HPT
 * entries map there: a user access to one is to the task's own page or a data or
 * instruction storage interrupt, whose DSISR says whether it was a load or a store.
 * Outside any segment it would be a segment interrupt, which leaves DSISR undefined.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <uapi/errno.h>
#include <asm/hcall.h>
#include <asm/mmu.h>
#include <asm/paca.h>

_Static_assert(ARCH_MM_MAX_HPTES >= MAX_USER_PAGES, "one HPT entry per user page");

/* --- segments (Book III, "Segment Lookaside Buffer") --- */

#define SID_SHIFT_1T	40 /* a 1 TiB segment: EA bits 24:63 are the offset */
#define SEGMENT_SIZE_1T (1UL << SID_SHIFT_1T)
#define VSID_MAX_1T	((1UL << 38) - 1) /* RS bits 2:39 */

/* slbmte RB: the effective segment (0 for EA 0 to 1 TiB), valid, and the SLB slot. */
#define SLB_ESID_V	  0x08000000UL /* bit 36 */
#define SLB_USER_SLOT	  0	       /* the one entry we ever use */
/* slbmte RS: segment size, VSID, protection keys, no-execute, page size. */
#define SLB_VSID_B_1T	  (1UL << 62) /* bits 0:1 = 0b01: 1 TiB segment */
#define SLB_VSID_SHIFT_1T 24	      /* the VSID field ends at bit 39 */
#define SLB_VSID_KP	  0x400UL     /* bit 53: the key is 1 in problem state */
/* slbie RB: which segment to forget (ESID 0) and its size (bits 37:38 = B). */
#define SLBIE_B_1T	  (1UL << 25)

/* --- the hashed page table (Book III, "Hashed Page Table") --- */

#define HPTES_PER_GROUP	    8		   /* a group (PTEG) is 8 entries ... */
#define HPTE_BYTES	    16		   /* ... of two doublewords each */
#define HPT_GROUP_SHIFT_MIN 11		   /* architected HPT sizes: 2^18 ... */
#define HPT_GROUP_SHIFT_MAX 39		   /* ... 2^46 bytes, i.e. 2^11 ... 2^39 groups */
#define HPT_HASH_BITS_MASK  0x7fffffffffUL /* the hash has 39 bits */
#define HPT_HASH_VSID_SHIFT 25		   /* a 1 TiB segment folds its VSID in twice */

/* Doubleword 0 ("V"): which virtual page the entry translates. */
#define HPTE_V_1TB_SEG	     (1UL << 62) /* B = 0b01: the page is in a 1 TiB segment */
#define HPTE_V_AVA_VA_SHIFT  23		 /* AVA = the virtual address >> 23 ... */
#define HPTE_V_AVPN_SHIFT    7		 /* ... stored in bits 2:56 */
#define HPTE_V_VSID_SHIFT_1T 24		 /* where the VSID lands in it, for 1 TiB */
#define HPTE_V_SECONDARY     0x2UL	 /* H: the entry is in its secondary group */
#define HPTE_V_VALID	     0x1UL

/* Doubleword 1 ("R"): where it goes and what is allowed. */
#define HPTE_R_RPN	  0x0ffffffffffff000UL /* real page number */
#define HPTE_R_R	  0x100UL	       /* referenced */
#define HPTE_R_C	  0x080UL	       /* changed */
#define HPTE_R_M	  0x010UL	       /* WIMG = 0010: coherent RAM, what PAPR wants */
#define HPTE_R_N	  0x004UL	       /* no-execute */
/*
 * PP, with the key 1 that user mode has (SLB_VSID_KP): 00 no access, 01 read-only,
 * 10 read/write, 11 read-only. (Key 0, the supervisor's, would allow everything for
 * 00-10; the kernel never translates, so it never matters.)
 */
#define HPTE_R_PP_USER_RW 0x2UL
#define HPTE_R_PP_USER_RO 0x1UL

/*
 * No 64-bit PowerPC has cache blocks smaller than 32 bytes (POWER9: 128), so stepping by
 * 32 never skips a block.
 */
#define CACHE_BLOCK_MIN 32

/*
 * VSIDs are not handed out as 1, 2, 3, ...: the hash takes a group from the low bits of
 * (VSID ^ page number), and every task's pages sit at the same page numbers (text at
 * USER_TEXT_BASE, the stack below USER_STACK_TOP). Consecutive VSIDs would put all tasks' text
 * pages into a handful of neighbouring groups, which fill up (H_ENTER: H_PTEG_FULL, in
 * both the primary and the secondary group) after a dozen address spaces. So, as Linux
 * does (arch/powerpc/include/asm/book3s/64/mmu-hash.h, vsid_scramble), each address space
 * gets a serial "proto-VSID" and its VSID is proto * VSID_MULTIPLIER_1T mod VSID_MODULUS_1T:
 * a multiplicative scramble whose low bits differ from one address space to the next
 * (the multiplier is odd, 4313 mod 2^14), spreading their entries over the whole table.
 * The multiplier is a prime that divides neither factor of the modulus 2^37 - 1 (223 and
 * 616318177), so the map is one-to-one on 1 .. modulus - 1 and never yields 0: a VSID is
 * still never reused and never 0, the "no user segment" value below.
 */
#define VSID_MULTIPLIER_1T 12538073UL	     /* Linux's, a 24-bit prime */
#define VSID_MODULUS_1T	   ((1UL << 37) - 1) /* within VSID_MAX_1T */

static unsigned long hpt_group_mask;  /* number of groups in the HPT, minus one */
static unsigned long last_proto_vsid; /* proto-VSIDs are handed out once: 1, 2, 3, ... */
/* The VSID in this CPU's SLB now (0: no user segment) is per CPU: its paca's live_vsid. */

_Static_assert(VSID_MODULUS_1T <= VSID_MAX_1T, "scrambled VSIDs must fit the SLB's field");
_Static_assert(TASK_SIZE <= SEGMENT_SIZE_1T, "the user range is the one user segment");

/* The primary hash of a page of a 1 TiB segment; the secondary hash is its complement. */
static unsigned long hpt_hash(unsigned long vsid, unsigned long ea)
{
	unsigned long page = (ea & (SEGMENT_SIZE_1T - 1)) >> PAGE_SHIFT;

	return (vsid ^ (vsid << HPT_HASH_VSID_SHIFT) ^ page) & HPT_HASH_BITS_MASK;
}

/*
 * The virtual address is VSID || segment offset (78 bits); the entry keeps its top 55,
 * the AVA, enough to tell apart every page that hashes into the same group.
 */
static unsigned long hpte_v(unsigned long vsid, unsigned long ea)
{
	unsigned long ava = vsid << (SID_SHIFT_1T - HPTE_V_AVA_VA_SHIFT) |
			    (ea & (SEGMENT_SIZE_1T - 1)) >> HPTE_V_AVA_VA_SHIFT;

	return HPTE_V_1TB_SEG | ava << HPTE_V_AVPN_SHIFT | HPTE_V_VALID;
}

/*
 * The real page, user read-only or read/write, no-execute unless PROT_EXEC. Referenced
 * and changed are preset: we keep no page statistics, so the MMU never has to update them.
 */
static unsigned long hpte_r(unsigned long pa, unsigned int prot)
{
	unsigned long r = (pa & HPTE_R_RPN) | HPTE_R_R | HPTE_R_C | HPTE_R_M;

	r |= prot & PROT_WRITE ? HPTE_R_PP_USER_RW : HPTE_R_PP_USER_RO;
	if (!(prot & PROT_EXEC))
		r |= HPTE_R_N;
	return r;
}

/* Forget the user segment: slbie also drops what the CPU cached from it (the ERAT). */
static void slb_flush_user(void)
{
	__asm__ __volatile__("slbie %0" : : "r"(SLBIE_B_1T) : "memory");
}

void hash_mmu_init(void)
{
	unsigned long ret[HCALL_RET_MAX], shift;
	long rc;

	/*
	 * POWER9 guests start in radix mode, without an HPT: ask for hash mode. H_FUNCTION
	 * means a CPU before ISA 3.0, where hash is all there is.
	 */
	rc = hcall(H_REGISTER_PROC_TBL, NULL, PROC_TABLE_NEW | PROC_TABLE_HPT_SLB, 0, 0, 0);
	if (rc != H_SUCCESS && rc != H_FUNCTION)
		panic("powerpc: H_REGISTER_PROC_TBL (hash MMU) failed: %ld", rc);

	/*
	 * The hash picks a group modulo the HPT's size, which only the hypervisor knows. PAPR
	 * sizes are powers of two and H_READ refuses an index past the end (H_PARAMETER):
	 * probe 2, 4, 8, ... groups.
	 */
	for (shift = 1; shift <= HPT_GROUP_SHIFT_MAX; shift++)
		if (hcall(H_READ, ret, 0, (1UL << shift) * HPTES_PER_GROUP, 0, 0) != H_SUCCESS)
			break;
	if (shift < HPT_GROUP_SHIFT_MIN || shift > HPT_GROUP_SHIFT_MAX)
		panic("powerpc: no usable hashed page table (%lu groups?)", 1UL << shift);
	hpt_group_mask = (1UL << shift) - 1;

	hash_mmu_init_secondary(); /* whatever the firmware left in the SLB */
	printk("powerpc: hash MMU, HPT of %lu KiB, one 1 TiB user segment per task\n",
	       (hpt_group_mask + 1) * HPTES_PER_GROUP * HPTE_BYTES / 1024);
}

/*
 * The SLB is per CPU (the HPT is not): each CPU starts with no user segment. slbia
 * (IH = 0) drops every SLB entry but entry 0 and the translations cached from them;
 * slbie the user segment, in entry 0 or not.
 */
void hash_mmu_init_secondary(void)
{
	__asm__ __volatile__("slbia" : : : "memory");
	slb_flush_user();
	__asm__ __volatile__("isync" : : : "memory");
	local_paca->live_vsid = 0;
}

/* proto < VSID_MODULUS_1T, and the product fits 64 bits: 2^37 * 2^24 = 2^61. */
static unsigned long vsid_scramble(unsigned long proto)
{
	return proto * VSID_MULTIPLIER_1T % VSID_MODULUS_1T;
}

int arch_mm_init(struct mm_struct *mm)
{
	/*
	 * Never reused, so no stale translation, in any CPU's SLB or TLB, can ever match a
	 * new address space. Atomic: two CPUs may create address spaces at once.
	 */
	unsigned long proto = __atomic_add_fetch(&last_proto_vsid, 1, __ATOMIC_RELAXED);

	if (proto >= VSID_MODULUS_1T)
		return -ENOMEM;
	mm->arch.vsid = vsid_scramble(proto);
	mm->arch.nr_hptes = 0;
	mm->arch.icache_dirty = false;
	return 0;
}

int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	struct arch_mm *am = &mm->arch;
	unsigned long hash = hpt_hash(am->vsid, va), v = hpte_v(am->vsid, va);
	unsigned long r = hpte_r(pa, prot), ret[HCALL_RET_MAX];
	long rc;

	if (va >= SEGMENT_SIZE_1T)
		return -EINVAL;
	if (am->nr_hptes == ARCH_MM_MAX_HPTES)
		return -ENOMEM;
	/* Flags 0: the hypervisor picks a free entry in the group and says which (r4). */
	rc = hcall(H_ENTER, ret, 0, (hash & hpt_group_mask) * HPTES_PER_GROUP, v, r);
	if (rc == H_PTEG_FULL)
		rc = hcall(H_ENTER, ret, 0, (~hash & hpt_group_mask) * HPTES_PER_GROUP,
			   v | HPTE_V_SECONDARY, r);
	if (rc != H_SUCCESS)
		return -ENOMEM;
	/* A new entry needs no TLB flush: nothing can have cached a page that was unmapped. */
	am->hptes[am->nr_hptes++] = ret[0];
	/* Its contents come next (exec's loader, fork's copy): sync before mm runs. */
	if (prot & PROT_EXEC)
		am->icache_dirty = true;
	return 0;
}

/*
 * The loader (or fork) wrote the program's code with ordinary stores, which may still sit
 * in the data cache, while the instruction cache may hold whatever those pages contained
 * before. Book II, "Instruction Storage": write each block back (dcbst), wait (sync),
 * invalidate it in the instruction cache (icbi), then discard prefetched instructions
 * (isync).
 */
static void sync_icache_user(struct mm_struct *mm)
{
	for (unsigned int i = 0; i < mm->nr_pages; i++) {
		unsigned long start = (unsigned long)phys_to_virt(mm->pages[i].pa), p;

		if (!(mm->pages[i].prot & PROT_EXEC))
			continue;
		for (p = start; p < start + PAGE_SIZE; p += CACHE_BLOCK_MIN)
			__asm__ __volatile__("dcbst 0, %0" : : "r"(p) : "memory");
		__asm__ __volatile__("sync" : : : "memory");
		for (p = start; p < start + PAGE_SIZE; p += CACHE_BLOCK_MIN)
			__asm__ __volatile__("icbi 0, %0" : : "r"(p) : "memory");
	}
	__asm__ __volatile__("isync" : : : "memory");
	mm->arch.icache_dirty = false;
}

/*
 * The one user segment of this CPU's SLB now translates through mm's VSID, or nothing
 * (mm == NULL). slbie first: slbmte must not replace a valid entry whose cached
 * translations are still live. The entries of other address spaces stay in the HPT and in
 * the TLB, harmless: their VSIDs are no longer in this CPU's SLB. isync: the next
 * instruction already sees the new SLB.
 */
void arch_switch_mm(struct mm_struct *mm)
{
	struct paca_struct *p = local_paca;
	unsigned long vsid = mm ? mm->arch.vsid : 0;
	unsigned long rs = SLB_VSID_B_1T | vsid << SLB_VSID_SHIFT_1T | SLB_VSID_KP;

	/*
	 * Code written since mm last ran (a new program, a fork's copy) must reach the
	 * instruction cache before the first fetch. Every path into a new image switches
	 * to it first: spawn and fork through schedule(), execve directly.
	 */
	if (mm && mm->arch.icache_dirty)
		sync_icache_user(mm);
	if (vsid == p->live_vsid)
		return;
	slb_flush_user();
	if (mm)
		__asm__ __volatile__("slbmte %0, %1"
				     :
				     : "r"(rs), "r"(SLB_ESID_V | SLB_USER_SLOT)
				     : "memory");
	__asm__ __volatile__("isync" : : : "memory");
	p->live_vsid = vsid;
}

/*
 * Take mm's entries out of the HPT; H_REMOVE also invalidates their TLB copies, on every
 * CPU (the hypervisor broadcasts it, as tlbie does: QEMU flushes every vCPU's TLB). There
 * are no page-table pages to free: the HPT is the hypervisor's. Another CPU that last ran
 * mm may still have its VSID in its SLB: harmless, since no HPT entry carries that VSID any
 * more and none ever will (VSIDs are never reused), and its next arch_switch_mm() replaces
 * it. This CPU drops it now.
 */
void arch_mm_destroy(struct mm_struct *mm)
{
	struct arch_mm *am = &mm->arch;
	unsigned long ret[HCALL_RET_MAX];

	if (am->vsid == local_paca->live_vsid)
		arch_switch_mm(NULL);
	for (unsigned int i = 0; i < am->nr_hptes; i++) {
		long rc = hcall(H_REMOVE, ret, 0, am->hptes[i], 0, 0);

		/* H_REMOVE hands back the entry it removed (r4): it must have been ours. */
		BUG_ON(rc != H_SUCCESS ||
		       (ret[0] & ~HPTE_V_1TB_SEG) >> HPTE_V_VSID_SHIFT_1T != am->vsid);
	}
	am->nr_hptes = 0;
}

/*
 * The kernel runs untranslated (real mode, MSR[IR] = MSR[DR] = 0): no page of it has an
 * HPT entry whose protection could be changed, and real-mode accesses are not checked
 * against any. So no W^X and no stack guard pages here (docs/hardening-powerpc.md).
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot)
{
	return -ENOSYS;
}

int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot)
{
	const struct user_page *p = mm_find_page(mm, va);

	if (!p)
		return -ENOENT;
	*pa = p->pa;
	*prot = p->prot;
	return 0;
}

int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	(void)mm;
	(void)va;
	(void)prot;
	return -ENOSYS;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	(void)mm;
	(void)va;
	return 0;
}
