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
 * The HPT is a cache, as in Linux's hash MMU: each address space keeps its own page table
 * (below, "the software page table"), the one record of what it maps, and an HPT entry is
 * made from it only when user mode touches the page and finds none (a data or instruction
 * storage interrupt: hash_page(), which traps.c calls first). So an address space may map
 * as many pages as its tables hold; the HPT's size bounds only how many are cached at
 * once, and a full group just loses an entry, which faults back in when next used.
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
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <asm/hcall.h>
#include <asm/mmu.h>
#include <asm/paca.h>

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

/*
 * The software page table: four levels of 512 eight-byte entries (4 KiB tables from
 * alloc_page(), made on first use), indexed by effective-address bits 47:39, 38:30, 29:21
 * and 20:12, like x86_64's. Only software reads it, so the leaf format is ours: the real
 * page, the access user mode has, and where its HPT entry is, if it has one (Linux's
 * _PAGE_HASHPTE and slot bits): the group (primary or secondary hash) and the slot in it.
 * A directory entry is the real address of the next table, 0 for none.
 */
#define SPT_LEVELS     4
#define SPT_INDEX_BITS 9
#define SPT_ENTRIES    (1 << SPT_INDEX_BITS)

#define SPTE_PRESENT	0x001UL /* a page is mapped here; its prot may be 0 */
#define SPTE_READ	0x002UL
#define SPTE_WRITE	0x004UL
#define SPTE_EXEC	0x008UL
#define SPTE_HASHPTE	0x010UL /* an HPT entry was made for it ... */
#define SPTE_SECONDARY	0x020UL /* ... in the secondary group ... */
#define SPTE_SLOT_SHIFT 6	/* ... in this slot (it may have been evicted since) */
#define SPTE_SLOT_MASK	(0x7UL << SPTE_SLOT_SHIFT)
#define SPTE_PAGE	(~(PAGE_SIZE - 1))

/* H_REMOVE flag (LoPAR): remove only if the entry still translates the page we name (AVPN). */
#define H_AVPN		(1UL << (63 - 32))
#define HPTE_V_AVPN_CMP (~0x7fUL) /* the bits H_AVPN compares: all but H and V */

BUILD_BUG_ON(TASK_SIZE > SEGMENT_SIZE_1T); /* one segment: arch_switch_mm() */
BUILD_BUG_ON(PAGE_SHIFT + SPT_LEVELS * SPT_INDEX_BITS < SID_SHIFT_1T);

static unsigned int spt_index(unsigned long va, int level)
{
	return (va >> (PAGE_SHIFT + level * SPT_INDEX_BITS)) & (SPT_ENTRIES - 1);
}

/* The leaf entry of user page va; missing tables are made if alloc, else NULL. */
static unsigned long *spt_entry(struct mm_struct *mm, unsigned long va, bool alloc)
{
	unsigned long *table = mm->arch.pgd;

	for (int level = SPT_LEVELS - 1; level > 0; level--) {
		unsigned long *entry = &table[spt_index(va, level)];

		if (!*entry) {
			void *next = alloc ? alloc_page() : NULL;

			if (!next)
				return NULL;
			*entry = virt_to_phys(next);
		}
		table = phys_to_virt(*entry);
	}
	return &table[spt_index(va, 0)];
}

static unsigned long spte_prot_bits(unsigned int prot)
{
	return (prot & PROT_READ ? SPTE_READ : 0) | (prot & PROT_WRITE ? SPTE_WRITE : 0) |
	       (prot & PROT_EXEC ? SPTE_EXEC : 0);
}

static unsigned int spte_prot(unsigned long spte)
{
	return (spte & SPTE_READ ? PROT_READ : 0) | (spte & SPTE_WRITE ? PROT_WRITE : 0) |
	       (spte & SPTE_EXEC ? PROT_EXEC : 0);
}

static bool user_page_ok(unsigned long va)
{
	return !(va & (PAGE_SIZE - 1)) && va >= USER_BASE && va < TASK_SIZE;
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
	mm->arch.pgd = alloc_page(); /* zeroed: nothing mapped */
	if (!mm->arch.pgd)
		return -ENOMEM;
	mm->arch.vsid = vsid_scramble(proto);
	mm->arch.elfv1 = false; /* until arch_elf_entry() reads the image's e_flags */
	return 0;
}

/*
 * Only the software page table changes: the HPT entry is made when user mode first
 * touches the page (hash_page()). A page that was not mapped has no HPT entry, so there
 * is nothing to flush.
 */
int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot)
{
	unsigned long *spte;

	if (!user_page_ok(va) || pa & (PAGE_SIZE - 1))
		return -EINVAL;
	spte = spt_entry(mm, va, true);
	if (!spte)
		return -ENOMEM;
	if (*spte & SPTE_PRESENT)
		return -EBUSY;
	*spte = (pa & SPTE_PAGE) | spte_prot_bits(prot) | SPTE_PRESENT;
	return 0;
}

/* The HPT index page va's entry was given: its group (primary or secondary hash), its slot. */
static unsigned long spte_hpt_index(const struct mm_struct *mm, unsigned long va,
				    unsigned long spte)
{
	unsigned long hash = hpt_hash(mm->arch.vsid, va);

	if (spte & SPTE_SECONDARY)
		hash = ~hash;
	return (hash & hpt_group_mask) * HPTES_PER_GROUP +
	       ((spte & SPTE_SLOT_MASK) >> SPTE_SLOT_SHIFT);
}

/*
 * Takes page va's HPT entry out, if it still has one: H_REMOVE with H_AVPN removes the
 * entry only if it still translates this very page (another may have taken the slot after
 * an eviction, hash_page()). The hypervisor invalidates the entry's TLB copies on every
 * CPU before it returns: the ptesync; tlbie; eieio; tlbsync; ptesync sequence the owner of
 * a hashed page table runs (Book III, "Page Table Update Synchronization Requirements"),
 * which a PAPR guest may not run itself.
 */
static void hpte_invalidate(struct mm_struct *mm, unsigned long va, unsigned long *spte)
{
	unsigned long ret[HCALL_RET_MAX];

	if (!(*spte & SPTE_HASHPTE))
		return;
	hcall(H_REMOVE, ret, H_AVPN, spte_hpt_index(mm, va, *spte),
	      hpte_v(mm->arch.vsid, va) & HPTE_V_AVPN_CMP, 0);
	*spte &= ~(SPTE_HASHPTE | SPTE_SECONDARY | SPTE_SLOT_MASK);
}

/*
 * The loader (or fork) wrote the program's code with ordinary stores, which may still sit
 * in the data cache, while the instruction cache may hold whatever the page contained
 * before. Book II, "Instruction Storage": write each block back (dcbst), wait (sync),
 * invalidate it in the instruction cache (icbi), then discard prefetched instructions
 * (isync). Done for a page whenever it gets an executable HPT entry (hash_page()): before
 * that, user mode cannot fetch from it.
 */
static void sync_icache_page(unsigned long pa)
{
	unsigned long start = (unsigned long)phys_to_virt(pa), p;

	for (p = start; p < start + PAGE_SIZE; p += CACHE_BLOCK_MIN)
		__asm__ __volatile__("dcbst 0, %0" : : "r"(p) : "memory");
	__asm__ __volatile__("sync" : : : "memory");
	for (p = start; p < start + PAGE_SIZE; p += CACHE_BLOCK_MIN)
		__asm__ __volatile__("icbi 0, %0" : : "r"(p) : "memory");
	__asm__ __volatile__("isync" : : : "memory");
}

/* The slot evicted next when both groups of a page are full: round robin. */
static unsigned int hpte_evict_next;

/*
 * hash_page() runs in the trap path, without kernel_lock: this lock keeps it from making
 * a second HPT entry for a page, or one from a software entry that protect or unmap is
 * changing, were two CPUs ever to run one address space at once.
 */
static DEFINE_SPINLOCK(hash_lock);

/*
 * A user data or instruction storage interrupt at ea (access: what it needs). If current's
 * software page table maps the page with that access allowed, make its HPT entry and
 * return true: the access is retried and now succeeds. Otherwise false: a real page
 * fault, for do_user_page_fault(). An old entry of the page (with a stale permission,
 * say) goes first. When the primary and the secondary group are both full, an entry of
 * the primary group is evicted (any address space's: its owner faults it back in).
 */
bool hash_page(unsigned long ea, unsigned int access)
{
	struct mm_struct *mm = current->mm;
	unsigned long va = ea & ~(PAGE_SIZE - 1), *spte, hash, v, r, group, ret[HCALL_RET_MAX];
	unsigned int prot;
	long rc;

	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	if (!mm || va < USER_BASE || va >= TASK_SIZE)
		return false;
	spin_lock(&hash_lock);
	spte = spt_entry(mm, va, false);
	prot = spte && (*spte & SPTE_PRESENT) ? spte_prot(*spte) : 0;
	if (!prot || (access & prot) != access) {
		spin_unlock(&hash_lock);
		return false;
	}
	hpte_invalidate(mm, va, spte);
	if (prot & PROT_EXEC)
		sync_icache_page(*spte & SPTE_PAGE);
	hash = hpt_hash(mm->arch.vsid, va);
	v = hpte_v(mm->arch.vsid, va);
	r = hpte_r(*spte & SPTE_PAGE, prot);
	group = (hash & hpt_group_mask) * HPTES_PER_GROUP;
	/* Flags 0: the hypervisor picks a free entry in the group and says which (r4). */
	rc = hcall(H_ENTER, ret, 0, group, v, r);
	if (rc == H_PTEG_FULL) {
		rc = hcall(H_ENTER, ret, 0, (~hash & hpt_group_mask) * HPTES_PER_GROUP,
			   v | HPTE_V_SECONDARY, r);
		if (rc == H_SUCCESS)
			*spte |= SPTE_SECONDARY;
	}
	if (rc == H_PTEG_FULL) {
		hcall(H_REMOVE, ret, 0, group + hpte_evict_next++ % HPTES_PER_GROUP, 0, 0);
		rc = hcall(H_ENTER, ret, 0, group, v, r);
	}
	if (rc != H_SUCCESS)
		panic("powerpc: H_ENTER for 0x%lx failed: %ld", va, rc);
	*spte |= SPTE_HASHPTE | (ret[0] % HPTES_PER_GROUP) << SPTE_SLOT_SHIFT;
	spin_unlock(&hash_lock);
	return true;
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

/* Frees a table of level and every table below it; at level 0, drops the HPT entries. */
static void spt_free(struct mm_struct *mm, unsigned long *table, int level, unsigned long va)
{
	for (unsigned long i = 0; i < SPT_ENTRIES; i++) {
		unsigned long entry_va = va | i << (PAGE_SHIFT + level * SPT_INDEX_BITS);

		if (!table[i])
			continue;
		if (level)
			spt_free(mm, phys_to_virt(table[i]), level - 1, entry_va);
		else
			hpte_invalidate(mm, entry_va, &table[i]);
	}
	free_page(table);
}

/*
 * Take mm's entries out of the HPT (hpte_invalidate(), which drops their TLB copies on
 * every CPU) and free its software page table; the user pages themselves belong to common
 * code. Another CPU that last ran mm may still have its VSID in its SLB: harmless, since
 * no HPT entry carries that VSID any more and none ever will (VSIDs are never reused), and
 * its next arch_switch_mm() replaces it. This CPU drops it now.
 */
void arch_mm_destroy(struct mm_struct *mm)
{
	if (!mm->arch.pgd)
		return;
	if (mm->arch.vsid == local_paca->live_vsid)
		arch_switch_mm(NULL);
	spt_free(mm, mm->arch.pgd, SPT_LEVELS - 1, 0);
	mm->arch.pgd = NULL;
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
	unsigned long *spte;

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	spte = spt_entry(mm, va, false);
	if (!spte || !(*spte & SPTE_PRESENT))
		return -ENOENT;
	*pa = *spte & SPTE_PAGE;
	*prot = spte_prot(*spte);
	return 0;
}

/* The HPT entry goes (and with it every TLB copy); the next access makes one with prot. */
int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	unsigned long *spte;

	if (!user_page_ok(va))
		return -EINVAL;
	spte = spt_entry(mm, va, false);
	if (!spte || !(*spte & SPTE_PRESENT))
		return -ENOENT;
	spin_lock(&hash_lock);
	hpte_invalidate(mm, va, spte);
	*spte = (*spte & SPTE_PAGE) | spte_prot_bits(prot) | SPTE_PRESENT;
	spin_unlock(&hash_lock);
	return 0;
}

unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va)
{
	unsigned long *spte, pa;

	if (!user_page_ok(va))
		return 0;
	spte = spt_entry(mm, va, false);
	if (!spte || !(*spte & SPTE_PRESENT))
		return 0;
	spin_lock(&hash_lock);
	hpte_invalidate(mm, va, spte);
	pa = *spte & SPTE_PAGE;
	*spte = 0;
	spin_unlock(&hash_lock);
	return pa;
}
