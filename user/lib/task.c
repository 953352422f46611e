// SPDX-License-Identifier: MIT
/* Helpers over the task list, for the test programs. */
#include "ulib.h"

int task_state(long pid)
{
	static struct task_info tasks[128];
	long n = task_list(tasks, 128);

	for (long i = 0; i < n && i < 128; i++)
		if (tasks[i].pid == pid)
			return tasks[i].state;
	return 0;
}
