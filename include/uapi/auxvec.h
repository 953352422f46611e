/* SPDX-License-Identifier: MIT */
/*
 * The auxiliary vector's types (Linux's include/uapi/linux/auxvec.h): the
 * (type, value) pairs above envp on a new program's stack (kernel/exec.c).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_AUXVEC_H
#define TRAPDOOR_INCLUDE_UAPI_AUXVEC_H

#define AT_NULL	    0  /* the end of the vector */
#define AT_PHDR	    3  /* the program headers' address */
#define AT_PHENT    4  /* the size of one program header */
#define AT_PHNUM    5  /* how many program headers */
#define AT_PAGESZ   6  /* the page size */
#define AT_BASE	    7  /* the interpreter's base: 0, a static program has none */
#define AT_FLAGS    8  /* flags: 0 */
#define AT_ENTRY    9  /* the program's entry point */
#define AT_UID	    11 /* real and effective user and group ids */
#define AT_EUID	    12
#define AT_GID	    13
#define AT_EGID	    14
#define AT_PLATFORM 15 /* a string naming the CPU, where the arch gives one */
#define AT_HWCAP    16 /* the CPU's features enabled for user mode */
#define AT_CLKTCK   17 /* the frequency of times(): 100 */
#define AT_SECURE   23 /* 1 for a setuid program: 0 */
#define AT_RANDOM   25 /* the address of 16 random bytes */
#define AT_HWCAP2   26 /* more of the CPU's features */
#define AT_EXECFN   31 /* the address of the program's name as execve got it */

#endif
