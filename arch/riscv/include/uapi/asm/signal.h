/* SPDX-License-Identifier: MIT */
/* This arch's struct sigaction has no sa_restorer (include/uapi/signal.h), as Linux's. */
#ifndef TRAPDOOR_ASM_UAPI_SIGNAL_H
#define TRAPDOOR_ASM_UAPI_SIGNAL_H

/* sigaltstack()'s smallest stack (smaller: -ENOMEM) and the size a program should use. */
#define MINSIGSTKSZ 2048
#define SIGSTKSZ    8192

#endif
