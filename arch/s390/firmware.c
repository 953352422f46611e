// SPDX-License-Identifier: MIT
/*
 * What the SCLP, s390's service processor, says about the machine: how much memory it has
 * (Read SCP Info). The console's SCLP events are in console.c.
 */
#include <trapdoor/string.h>
#include <asm/sclp.h>
#include <asm/setup.h>

static struct read_info_sccb read_info __aligned(SCCB_SIZE);

/*
 * Memory size from SCLP Read SCP Info: rnmax increments of rnsize MiB each.
 * Big machines put 0 in the short fields and the values in rnmax2/rnsize2.
 */
u64 sclp_memory_size(void)
{
	u64 increments, increment_mib;

	memset(&read_info, 0, sizeof(read_info));
	read_info.header.length = sizeof(read_info);
	if (sclp_service_call(SCLP_CMDW_READ_SCP_INFO, &read_info.header) !=
	    SCLP_RC_NORMAL_READ_COMPLETION)
		return 0;
	increments = read_info.rnmax ? read_info.rnmax : read_info.rnmax2;
	increment_mib = read_info.rnsize ? read_info.rnsize : read_info.rnsize2;
	return increments * increment_mib << 20;
}
