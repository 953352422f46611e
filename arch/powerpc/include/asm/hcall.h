/* SPDX-License-Identifier: MIT */
/*
 * Hypervisor calls (hcalls). A pseries kernel runs as a guest of a PAPR hypervisor (here
 * QEMU itself) and asks it for services with "sc 1": r3 = the function number, r4-r12 the
 * arguments; on return r3 = a status (H_SUCCESS = 0) and r4-r12 may carry results.
 * Source: LoPAR (Linux on Power Architecture Reference), its table of hcall opcodes; QEMU's
 * own calls in QEMU docs/specs/ppc-spapr-hcalls.rst.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_HCALL_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_HCALL_H

/* Status codes in r3. */
#define H_SUCCESS   0
#define H_FUNCTION  (-2) /* no such hcall (here: not on this CPU/machine) */
#define H_PARAMETER (-4) /* e.g. an HPT index past the end of the table */
#define H_PTEG_FULL (-6) /* H_ENTER: all 8 entries of the group are in use */
#define H_NOT_FOUND (-7) /* H_REMOVE: no valid entry there */

/* The hashed page table (LoPAR "Page Frame Table Access" hcalls); mm.c. */
#define H_REMOVE	    0x04 /* invalidate one HPT entry (and its TLB copies) */
#define H_ENTER		    0x08 /* add an HPT entry in a group; returns its index */
#define H_READ		    0x0c /* read one HPT entry */
/*
 * ISA 3.0 CPUs (POWER9) start a pseries guest with no HPT (radix is the default); this
 * asks for the hash MMU, which makes the hypervisor allocate the HPT (QEMU
 * hw/ppc/spapr_hcall.c, h_register_process_table; Linux asm/hvcall.h for the flags).
 */
#define H_REGISTER_PROC_TBL 0x37c
#define PROC_TABLE_NEW	    0x18 /* "modify" + "register": a new registration */
#define PROC_TABLE_HPT_SLB  0x00 /* hash MMU with an SLB (no segment table, no radix) */

/*
 * 64 random bits in r4, read from the RNG backend of QEMU's spapr-rng device (hw/ppc/
 * spapr_rng.c); H_FUNCTION when the machine has no such device. Linux: pseries/rng.c.
 */
#define H_RANDOM 0x300

/*
 * Give this virtual CPU back to the hypervisor until an interrupt is pending for it: the
 * decrementer here (LoPAR "H_CEDE"; QEMU hw/ppc/spapr_hcall.c, h_cede). It sets MSR[EE]
 * = 1 on the way, so the interrupt that ends the wait is taken right after the hcall
 * returns (entry.S, arch_cpu_idle).
 */
#define H_CEDE 0xe0

#define H_GET_TERM_CHAR 0x54 /* read up to 16 bytes from a virtual terminal */
#define H_PUT_TERM_CHAR 0x58 /* write up to 16 bytes to a virtual terminal */
/*
 * XICS, this CPU's interrupt presentation controller (drivers/xics.c; LoPAR "Interrupt
 * Support hcalls"; QEMU hw/intc/xics_spapr.c).
 */
#define H_EOI		0x64 /* r4 = the XIRR H_XIRR returned: end of interrupt */
#define H_CPPR		0x68 /* r4 = the CPU's new current priority */
#define H_IPI		0x6c /* r4 = a CPU's server number, r5 = its new MFRR */
#define H_XIRR		0x74 /* accept the interrupt presented: r4 = its XIRR */
/* QEMU/KVM-private range (0xf000+): run an RTAS call, r4 = its argument block. */
#define KVMPPC_H_RTAS	0xf000

/* H_PUT_TERM_CHAR / H_GET_TERM_CHAR move at most 16 bytes, packed into two registers. */
#define HVC_CHARS_MAX 16

#ifndef __ASSEMBLY__

#define HCALL_RET_MAX 3 /* results we look at: r4, r5, r6 */

/*
 * Make hcall opcode with up to four arguments (r4-r7); returns the status from r3 and, if
 * ret is not NULL, stores r4-r6 there. PAPR lets the hypervisor change every volatile
 * register of the ELF ABI (r0, r3-r12, CTR, XER, CR0/1/5/6/7), so all of them are
 * outputs or clobbers; it preserves the rest, LR included.
 */
static inline long hcall(unsigned long opcode, unsigned long *ret, unsigned long a1,
			 unsigned long a2, unsigned long a3, unsigned long a4)
{
	register unsigned long r3 __asm__("r3") = opcode;
	register unsigned long r4 __asm__("r4") = a1;
	register unsigned long r5 __asm__("r5") = a2;
	register unsigned long r6 __asm__("r6") = a3;
	register unsigned long r7 __asm__("r7") = a4;

	__asm__ __volatile__("sc 1"
			     : "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
			     :
			     : "r0", "r8", "r9", "r10", "r11", "r12", "ctr", "xer", "cr0", "cr1",
			       "cr5", "cr6", "cr7", "memory");
	if (ret) {
		ret[0] = r4;
		ret[1] = r5;
		ret[2] = r6;
	}
	return (long)r3;
}

#endif /* !__ASSEMBLY__ */

#endif
