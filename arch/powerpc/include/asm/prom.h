/* SPDX-License-Identifier: MIT */
/*
 * The Open Firmware client interface (IEEE 1275-1994, "Client interface", and its PowerPC
 * processor binding): how the kernel asks the firmware about the machine. VOF passes no
 * flattened device tree; instead r5 at entry points to one entry function, called with r3 =
 * an argument array naming a service ("finddevice", "getprop", "child", "peer", ...) and
 * its inputs; the firmware writes the results into the same array. QEMU's VOF implements it
 * in hw/ppc/vof.c. The names (prom_init, enter_prom) are Linux's.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PROM_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PROM_H

#include <trapdoor/smp.h>
#include <trapdoor/types.h>

/* Every cell is 32 bits on PowerPC, pointers included: the firmware runs in 32-bit mode. */
#define PROM_MAX_CELLS 10
#define PROM_ERROR     0xffffffffU /* -1: "no such node/property" */

struct prom_args {
	u32 service;		  /* address of the service name */
	u32 nargs;		  /* number of input cells */
	u32 nret;		  /* number of result cells */
	u32 args[PROM_MAX_CELLS]; /* inputs, then results */
};

/* What prom_init() learned, for the rest of the kernel; zero/empty where the tree had none. */
struct prom_info {
	u64 mem_start;	   /* lowest RAM address of all /memory nodes */
	u64 mem_size;	   /* their total size */
	u32 vtermno;	   /* the console vty's unit address (/chosen/stdout reg) */
	u32 timebase_freq; /* /cpus/<first cpu>/timebase-frequency, Hz */
	u32 vty_irq;	   /* the vty's interrupt source (its "interrupts"), 0 if none */
	u32 irq_server;	   /* the boot CPU's ibm,ppc-interrupt-server#s, for XICS */
	/*
	 * Every CPU (hardware thread) under /cpus: the entries of each cpu node's
	 * ibm,ppc-interrupt-server#s, one per thread: the number RTAS start-cpu and the
	 * XICS hcalls know it by. All of them are counted, the first NR_CPUS kept.
	 */
	u32 nr_cpu_threads;
	u32 cpu_threads[NR_CPUS];
	bool xics;	    /* /interrupt-controller is an XICS (IBM,ppc-xicp) */
	u32 rtas_power_off; /* RTAS tokens from /rtas */
	u32 rtas_os_term;
	u32 rtas_set_xive;	    /* ibm,set-xive: an interrupt source's server, priority */
	u32 rtas_start_cpu;	    /* start-cpu: start a stopped CPU at an address (smp.c) */
	u32 rtas_query_cpu_stopped; /* query-cpu-stopped-state: is it stopped? */
	char model[64];		    /* /model, else /compatible */
	char cpu_name[48];	    /* the first cpu node's name, e.g. "PowerPC,POWER9" */
	char bootargs[256];	    /* /chosen/bootargs, the -append string, cut to fit */
	size_t bootargs_dropped;    /* how many bytes of it did not fit */
	u8 rng_seed[64];	    /* /chosen/rng-seed: random bytes from QEMU */
	u32 rng_seed_len;	    /* how many; 0 if the tree had none */
};

extern struct prom_info prom;

/* The client-interface entry point from r5, stored by head.S. */
extern unsigned long prom_entry;

/* head.S: call the firmware at entry with r3 = args, in 32-bit mode; returns its r3. */
int enter_prom(struct prom_args *args, unsigned long entry);

/* firmware.c: ask the firmware everything; head.S calls it before the vectors replace VOF. */
void prom_init(void);

#endif
