/* SPDX-License-Identifier: MIT */
/*
 * RTAS, Run-Time Abstraction Services: firmware services a PAPR kernel may call while it
 * runs (power off, reboot, time of day, ...), each named in the device tree's /rtas node,
 * whose properties map a service name to its "token" number. Under QEMU the services are
 * implemented by QEMU itself and reached with the hcall KVMPPC_H_RTAS, r4 = the argument
 * block below. Source: LoPAR, chapter "Run-Time Abstraction Services" (calling
 * convention, power-off, ibm,os-term); QEMU hw/ppc/spapr_rtas.c.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_RTAS_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_RTAS_H

#include <trapdoor/types.h>

#define RTAS_MAX_ARGS 16 /* inputs plus outputs */
#define RTAS_NO_TOKEN 0	 /* QEMU numbers real tokens from 0x2000 (RTAS_TOKEN_BASE) */

/* The argument block: 32-bit big-endian cells, inputs first, then the outputs. */
struct rtas_args {
	u32 token;
	u32 nargs;
	u32 nret;
	u32 args[RTAS_MAX_ARGS];
};

/* firmware.c: one RTAS call, nargs inputs from in; returns its first output (the status). */
s32 rtas_call(u32 token, u32 nargs, const u32 *in);
/* The same, with nret outputs: the status returned, the nret - 1 after it into out. */
s32 rtas_call_ret(u32 token, u32 nargs, const u32 *in, u32 nret, u32 *out);

#endif
