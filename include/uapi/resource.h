/* SPDX-License-Identifier: MIT */
/* Resource limits and usage, Linux's (asm-generic/resource.h, linux/resource.h). */
#ifndef TRAPDOOR_INCLUDE_UAPI_RESOURCE_H
#define TRAPDOOR_INCLUDE_UAPI_RESOURCE_H

#include <uapi/time.h> /* struct timeval */

#define RLIMIT_CPU	  0 /* CPU time, seconds */
#define RLIMIT_FSIZE	  1 /* largest file */
#define RLIMIT_DATA	  2 /* data segment and heap */
#define RLIMIT_STACK	  3 /* the main stack */
#define RLIMIT_CORE	  4 /* core file size */
#define RLIMIT_RSS	  5
#define RLIMIT_NPROC	  6 /* processes */
#define RLIMIT_NOFILE	  7 /* open file descriptors: one more than the highest */
#define RLIMIT_MEMLOCK	  8
#define RLIMIT_AS	  9 /* address space */
#define RLIMIT_LOCKS	  10
#define RLIMIT_SIGPENDING 11
#define RLIMIT_MSGQUEUE	  12
#define RLIMIT_NICE	  13
#define RLIMIT_RTPRIO	  14
#define RLIMIT_RTTIME	  15
#define RLIM_NLIMITS	  16

#define RLIM_INFINITY (~0UL)

/* getrlimit(), setrlimit(); prlimit64()'s struct rlimit64 is the same on 64-bit arches. */
struct rlimit {
	unsigned long rlim_cur; /* the soft limit, what is enforced */
	unsigned long rlim_max; /* the hard limit, the ceiling of rlim_cur */
};

/* wait4()'s and getrusage()'s usage report. */
struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap;
	long ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
};

#endif
