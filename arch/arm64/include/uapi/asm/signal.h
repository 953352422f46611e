/* SPDX-License-Identifier: MIT */
/* This arch's struct sigaction has sa_restorer (include/uapi/signal.h), as Linux's. */
#ifndef TRAPDOOR_ASM_UAPI_SIGNAL_H
#define TRAPDOOR_ASM_UAPI_SIGNAL_H

#define SA_RESTORER 0x04000000

/* sigaltstack()'s smallest stack (smaller: -ENOMEM) and the size a program should use. */
#define MINSIGSTKSZ 5120
#define SIGSTKSZ    16384

#endif
