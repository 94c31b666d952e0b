/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": no privilege, no kernel state. Enumeration, look-up and
 * capture on sysfs trees under tests/fixtures/trees (see each tree's SOURCE),
 * and bad input of every kind.
 */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <syslog.h>

#include "mg-test.h"
#include "test-util.h"

static struct mg_ctx *open_tree(const char *name)
{
	char root[4096];
	struct mg_ctx *ctx = NULL;

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, name);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	return ctx;
}

static struct mg_nic_list *list_tree(struct mg_ctx *ctx)
{
	struct mg_nic_list *list = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &list), 0);
	return list;
}

/* ---- context ---- */

static void test_ctx_defaults(void)
{
	struct mg_ctx *ctx = open_tree("desktop");

	CU_ASSERT_EQUAL(mg_ctx_is_offline(ctx), 1);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "");
	CU_ASSERT_EQUAL(mg_ctx_get_log_priority(ctx), LOG_ERR);
	CU_ASSERT_PTR_EQUAL(mg_ctx_ref(ctx), ctx);
	CU_ASSERT_PTR_EQUAL(mg_ctx_unref(ctx), ctx);
	/* Still alive: one reference left. */
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_get_sysfs_root(ctx), "desktop"));
	mg_ctx_unref(ctx);
}

/* _unref hands the object back while it is referenced, NULL once freed. */
static void test_unref_returns_object(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic *nic = NULL;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_PTR_EQUAL(mg_nic_ref(nic), nic);
	CU_ASSERT_PTR_EQUAL(mg_nic_ref(nic), nic);
	CU_ASSERT_PTR_EQUAL(mg_nic_unref(nic), nic);
	CU_ASSERT_PTR_EQUAL(mg_nic_unref(nic), nic);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_name(nic), "enp1s0");
	CU_ASSERT_PTR_NULL(mg_nic_unref(nic));

	CU_ASSERT_PTR_EQUAL(mg_ctx_ref(ctx), ctx);
	CU_ASSERT_PTR_EQUAL(mg_ctx_ref(ctx), ctx);
	CU_ASSERT_PTR_EQUAL(mg_ctx_unref(ctx), ctx);
	CU_ASSERT_PTR_EQUAL(mg_ctx_unref(ctx), ctx);
	CU_ASSERT_EQUAL(mg_ctx_is_offline(ctx), 1);
	CU_ASSERT_PTR_NULL(mg_ctx_unref(ctx));
}

static void test_ctx_root_trailing_slash(void)
{
	char root[4096];
	struct mg_ctx *ctx;

	snprintf(root, sizeof(root), "%s/desktop///", FIXTURE_TREES);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL(root[strlen(mg_ctx_get_sysfs_root(ctx))], '/');
	CU_ASSERT_NOT_EQUAL(mg_ctx_get_sysfs_root(ctx)[strlen(mg_ctx_get_sysfs_root(ctx)) - 1], '/');
	mg_ctx_unref(ctx);
}

static void test_ctx_bad_roots(void)
{
	struct mg_ctx *ctx = (struct mg_ctx *)1;
	char path[4096];

	CU_ASSERT_EQUAL(mg_ctx_new(NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_new("", &ctx), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_new("/nonexistent/multigig", &ctx), -ENOENT);
	CU_ASSERT_PTR_NULL(ctx);
	snprintf(path, sizeof(path), "%s/desktop/SOURCE", FIXTURE_TREES);
	CU_ASSERT_EQUAL(mg_ctx_new(path, &ctx), -ENOTDIR);
}

static void test_ctx_null_is_safe(void)
{
	CU_ASSERT_PTR_NULL(mg_ctx_ref(NULL));
	CU_ASSERT_PTR_NULL(mg_ctx_unref(NULL));
	CU_ASSERT_EQUAL(mg_ctx_is_offline(NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_get_log_priority(NULL), -EINVAL);
	CU_ASSERT_PTR_NULL(mg_ctx_get_sysfs_root(NULL));
	CU_ASSERT_PTR_NOT_NULL(mg_ctx_last_error(NULL));
	mg_ctx_set_log_fn(NULL, NULL, NULL);
	mg_ctx_set_log_priority(NULL, LOG_DEBUG);
	CU_ASSERT_EQUAL(mg_nic_list_new(NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(NULL, "eth0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_capture(NULL, "/tmp"), -EINVAL);
	CU_ASSERT_PTR_NULL(mg_nic_get_name(NULL));
	CU_ASSERT_EQUAL(mg_nic_get_mtu(NULL), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_bus(NULL), MG_BUS_OTHER);
	CU_ASSERT_EQUAL(mg_nic_list_count(NULL), 0);
	CU_ASSERT_PTR_NULL(mg_nic_list_get(NULL, 0));
	mg_nic_list_free(NULL);
	CU_ASSERT_PTR_NULL(mg_nic_unref(NULL));
}

struct log_record {
	int calls;
	int worst;
	char last[256];
	char file[128], fn[64];	/* where the last message was logged */
};

static void record_log(void *data, int priority, const char *file, int line, const char *fn,
		       const char *format, va_list args)
{
	struct log_record *rec = data;

	(void)line;
	snprintf(rec->file, sizeof(rec->file), "%s", file);
	snprintf(rec->fn, sizeof(rec->fn), "%s", fn);
	rec->calls++;
	if (rec->calls == 1 || priority < rec->worst)
		rec->worst = priority;
	vsnprintf(rec->last, sizeof(rec->last), format, args);
}

static void test_ctx_log_fn(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct log_record rec = { 0 };
	struct mg_nic *nic;

	mg_ctx_set_log_fn(ctx, record_log, &rec);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "eth9", &nic), -ENODEV);
	CU_ASSERT_EQUAL(rec.calls, 1);
	CU_ASSERT_EQUAL(rec.worst, LOG_ERR);
	CU_ASSERT_PTR_NOT_NULL(strstr(rec.last, "eth9"));
	/* From where it failed, not from the logging helper. */
	CU_ASSERT_PTR_NULL(strstr(rec.file, "log.c"));
	CU_ASSERT_PTR_NOT_NULL(strstr(rec.file, "lib/"));
	CU_ASSERT_STRING_NOT_EQUAL(rec.fn, "mg_fail_at");

	/* Below the priority nothing arrives; raising it lets debug through. */
	rec.calls = 0;
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	mg_nic_unref(nic);
	CU_ASSERT_EQUAL(rec.calls, 0);
	mg_ctx_set_log_priority(ctx, LOG_DEBUG);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	mg_nic_unref(nic);
	CU_ASSERT(rec.calls > 0);
	mg_ctx_unref(ctx);
}

/* ---- enumeration on the desktop tree ---- */

static void test_desktop_count_and_order(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);

	/* lo, enp1s0, the USB NIC, then the RTL8126 without an interface. */
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_count(list), 4);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_name(mg_nic_list_get(list, 0)), "lo");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_name(mg_nic_list_get(list, 1)), "enp1s0");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_name(mg_nic_list_get(list, 2)), "enx00e04c680001");
	CU_ASSERT_PTR_NULL(mg_nic_get_name(mg_nic_list_get(list, 3)));
	CU_ASSERT_PTR_NULL(mg_nic_list_get(list, 4));
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_desktop_pci_nic_with_driver(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *nic = find_nic(list, "enp1s0");

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_PCI);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_address(nic), "0000:01:00.0");
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), 0x8086);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), 0x10c9);
	CU_ASSERT_EQUAL(mg_nic_get_subsystem_vendor_id(nic), 0x8086);
	CU_ASSERT_EQUAL(mg_nic_get_subsystem_device_id(nic), 0xa03c);
	CU_ASSERT_EQUAL(mg_nic_get_revision(nic), 0x01);
	CU_ASSERT_EQUAL(mg_nic_get_class(nic), 0x020000);
	/* Names come from pci.ids through libpci. */
	CU_ASSERT_STRING_EQUAL(mg_nic_get_vendor(nic), "Intel Corporation");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_device(nic), "82576 Gigabit Network Connection");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver(nic), "igb");
	CU_ASSERT_EQUAL(mg_nic_has_driver(nic), 1);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver_version(nic), "6.1.0-28-amd64");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_firmware_version(nic), "1.2.1");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(nic), "physical");
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), 1500);
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), 68);
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(nic), 9216);
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(nic), 1000);
	CU_ASSERT_EQUAL(mg_nic_get_ifindex(nic), 2);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_operstate(nic), "up");
	CU_ASSERT_EQUAL(mg_nic_get_carrier(nic), 1);
	CU_ASSERT_EQUAL(mg_nic_get_usb_speed_mbps(nic), MG_UNKNOWN);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_desktop_pci_nic_without_driver(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *nic = find_nic(list, "0000:02:00.0");

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_PTR_NULL(mg_nic_get_name(nic));
	CU_ASSERT_EQUAL(mg_nic_get_ifindex(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_PCI);
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), 0x10ec);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), 0x8126);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_vendor(nic), "Realtek Semiconductor Co., Ltd.");
	CU_ASSERT_PTR_NULL(mg_nic_get_driver(nic));
	CU_ASSERT_EQUAL(mg_nic_has_driver(nic), 0);
	CU_ASSERT_PTR_NULL(mg_nic_get_operstate(nic));
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), MG_UNKNOWN);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_desktop_usb_nic(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *nic = find_nic(list, "enx00e04c680001");

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_USB);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_address(nic), "2-1");
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), 0x0bda);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), 0x8156);
	CU_ASSERT_EQUAL(mg_nic_get_usb_speed_mbps(nic), 5000);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_vendor(nic), "Realtek");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_device(nic), "USB 10/100/1G/2.5G LAN");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver(nic), "r8152");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_parent(nic), "2-1:1.0");
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(nic), 2500);
	/* Not recorded for this adapter: unknown, not 0. */
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(nic), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_nic_get_firmware_version(nic));
	CU_ASSERT_EQUAL(mg_nic_get_class(nic), MG_UNKNOWN);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void test_desktop_bridges_not_listed(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);

	CU_ASSERT_PTR_NULL(find_nic(list, "0000:00:1c.0"));
	CU_ASSERT_PTR_NULL(find_nic(list, "0000:00:14.0"));
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

/* ---- the captured trees ---- */

static void test_virtio_vm(void)
{
	struct mg_ctx *ctx = open_tree("virtio-vm");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *nic = find_nic(list, "eth0");

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	/* virtio_net binds to virtio2, which sits on the PCI function. */
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_PCI);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_address(nic), "0000:00:03.0");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_parent(nic), "virtio2");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver(nic), "virtio_net");
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), 0x1af4);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), 0x1041);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_vendor(nic), "Red Hat, Inc.");
	CU_ASSERT_STRING_EQUAL(mg_nic_get_device(nic), "Virtio 1.0 network device");
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), 1400);
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), 68);
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(nic), 65535);
	/* virtio reports speed -1: unknown. */
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(nic), MG_UNKNOWN);
	/* The PCI function carries the interface: it is not listed twice. */
	CU_ASSERT_EQUAL(mg_nic_list_count(list), 4);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

static void check_virtual(struct mg_nic_list *list, const char *name, const char *kind,
			  const char *driver, int mtu, const char *state)
{
	struct mg_nic *nic = find_nic(list, name);

	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_VIRTUAL);
	CU_ASSERT_PTR_NULL(mg_nic_get_address(nic));
	CU_ASSERT_STRING_EQUAL(mg_nic_get_kind(nic), kind);
	CU_ASSERT_TRUE(str_eq(mg_nic_get_driver(nic), driver));
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), mtu);
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), 68);
	CU_ASSERT(mg_nic_get_max_mtu(nic) >= 65521);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_operstate(nic), state);
}

static void test_netns_virtual(void)
{
	struct mg_ctx *ctx = open_tree("netns-virtual");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *host;

	check_virtual(list, "veth0", "veth", "veth", 9000, "up");
	check_virtual(list, "veth1", "veth", "veth", 1280, "up");
	check_virtual(list, "tun0", "tun", "tun", 1400, "down");
	check_virtual(list, "macvlan0", "macvlan", "macvlan", 1500, "down");
	/* The host's NIC is in another namespace: bound, no interface here. */
	host = find_nic(list, "0000:00:03.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(host);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver(host), "virtio-pci");
	CU_ASSERT_EQUAL(mg_nic_has_driver(host), 1);
	CU_ASSERT_PTR_NULL(mg_nic_get_name(host));
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

/* ---- look-up ---- */

static void test_lookup(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic *nic = NULL;

	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_address(nic), "0000:01:00.0");
	mg_nic_unref(nic);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "0000:01:00.0", &nic), 0);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_name(nic), "enp1s0");
	mg_nic_unref(nic);
	/* Short form, domain 0; and the device with no interface. */
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "02:00.0", &nic), 0);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), 0x8126);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

static void test_lookup_outlives_list(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic_list *list = list_tree(ctx);
	struct mg_nic *nic = mg_nic_ref(find_nic(list, "enp1s0"));

	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
	CU_ASSERT_STRING_EQUAL(mg_nic_get_driver(nic), "igb");
	mg_nic_unref(nic);
}

static void test_lookup_bad_input(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	struct mg_nic *nic = (struct mg_nic *)1;

	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "eth9", &nic), -ENODEV);
	CU_ASSERT_PTR_NULL(nic);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "'eth9'"));
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "0000:07:00.0", &nic), -ENODEV);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "0000:07:00.0"));
	/* IFNAMSIZ (16) characters or more can never name an interface. */
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "abcdefghijklmnop", &nic), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "too long"));
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "abcdefghijklmno", &nic), -ENODEV);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, NULL, &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "", &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "enp1s0", NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "../../etc", &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "eth 0", &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "0000:01:20.0", &nic), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_lookup(ctx, "0000:01:00.8", &nic), -EINVAL);
	mg_ctx_unref(ctx);
}

/* ---- capture ---- */

static void compare_nics(const struct mg_nic *a, const struct mg_nic *b)
{
	CU_ASSERT_TRUE(str_eq(mg_nic_get_name(a), mg_nic_get_name(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_kind(a), mg_nic_get_kind(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_address(a), mg_nic_get_address(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_vendor(a), mg_nic_get_vendor(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_device(a), mg_nic_get_device(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_subsystem(a), mg_nic_get_subsystem(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_driver(a), mg_nic_get_driver(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_driver_version(a), mg_nic_get_driver_version(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_firmware_version(a), mg_nic_get_firmware_version(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_operstate(a), mg_nic_get_operstate(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_mac(a), mg_nic_get_mac(b)));
	CU_ASSERT_TRUE(str_eq(mg_nic_get_parent(a), mg_nic_get_parent(b)));
	CU_ASSERT_EQUAL(mg_nic_get_bus(a), mg_nic_get_bus(b));
	CU_ASSERT_EQUAL(mg_nic_get_ifindex(a), mg_nic_get_ifindex(b));
	CU_ASSERT_EQUAL(mg_nic_get_carrier(a), mg_nic_get_carrier(b));
	CU_ASSERT_EQUAL(mg_nic_get_mtu(a), mg_nic_get_mtu(b));
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(a), mg_nic_get_min_mtu(b));
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(a), mg_nic_get_max_mtu(b));
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(a), mg_nic_get_speed_mbps(b));
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(a), mg_nic_get_vendor_id(b));
	CU_ASSERT_EQUAL(mg_nic_get_device_id(a), mg_nic_get_device_id(b));
	CU_ASSERT_EQUAL(mg_nic_get_subsystem_vendor_id(a), mg_nic_get_subsystem_vendor_id(b));
	CU_ASSERT_EQUAL(mg_nic_get_subsystem_device_id(a), mg_nic_get_subsystem_device_id(b));
	CU_ASSERT_EQUAL(mg_nic_get_revision(a), mg_nic_get_revision(b));
	CU_ASSERT_EQUAL(mg_nic_get_class(a), mg_nic_get_class(b));
	CU_ASSERT_EQUAL(mg_nic_get_usb_speed_mbps(a), mg_nic_get_usb_speed_mbps(b));
	CU_ASSERT_EQUAL(mg_nic_has_driver(a), mg_nic_has_driver(b));
}

static void capture_and_replay(const char *tree)
{
	char tmp[4096], dest[4096];
	struct mg_ctx *ctx = open_tree(tree), *replay;
	struct mg_nic_list *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	snprintf(dest, sizeof(dest), "%s/capture", tmp);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_capture(ctx, dest), 0);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(dest, &replay), 0);
	a = list_tree(ctx);
	b = list_tree(replay);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_count(a), mg_nic_list_count(b));
	for (size_t i = 0; i < mg_nic_list_count(a); i++)
		compare_nics(mg_nic_list_get(a, i), mg_nic_list_get(b, i));
	/* A second capture into the same, now non-empty, directory is refused. */
	CU_ASSERT_EQUAL(mg_ctx_capture(ctx, dest), -EEXIST);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "not empty"));
	mg_nic_list_free(a);
	mg_nic_list_free(b);
	mg_ctx_unref(replay);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

static void test_capture_desktop(void)
{
	capture_and_replay("desktop");
}

static void test_capture_virtio_vm(void)
{
	capture_and_replay("virtio-vm");
}

static void test_capture_netns_virtual(void)
{
	capture_and_replay("netns-virtual");
}

static void test_capture_bad_destination(void)
{
	struct mg_ctx *ctx = open_tree("desktop");
	char path[4096];

	CU_ASSERT_EQUAL(mg_ctx_capture(ctx, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_ctx_capture(ctx, ""), -EINVAL);
	snprintf(path, sizeof(path), "%s/desktop/SOURCE/x", FIXTURE_TREES);
	CU_ASSERT(mg_ctx_capture(ctx, path) < 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "cannot create"));
	mg_ctx_unref(ctx);
}

/* ---- bad trees ---- */

static void test_empty_root(void)
{
	char tmp[4096];
	struct mg_ctx *ctx;
	struct mg_nic_list *list = (struct mg_nic_list *)1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	CU_ASSERT_EQUAL(mg_nic_list_new(ctx, &list), -ENOENT);
	CU_ASSERT_PTR_NULL(list);
	CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "not a sysfs tree"));
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

/*
 * A tree with every kind of damage: garbage numbers, empty and oversized
 * files, a truncated sidecar, links that leave the tree or point nowhere.
 * Nothing may crash; damaged values read as unknown.
 */
static void test_garbage_tree(void)
{
	char tmp[4096], big[600];
	struct mg_ctx *ctx;
	struct mg_nic_list *list;
	struct mg_nic *nic;
	const char *dev = "devices/pci0000:00/0000:05:00.0";

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(tmp, sizeof(tmp)));
	memset(big, 'A', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/vendor", "0xzzzz\n");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/device", "");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/class", "0x020000 trailing\n");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/revision", "0x1ff\n");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/subsystem_vendor", big);
	put_link(tmp, "devices/pci0000:00/0000:05:00.0/subsystem", "../../../bus/pci");
	put_link(tmp, "devices/pci0000:00/0000:05:00.0/driver", "/");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/net/eth5/mtu", "not a number\n");
	put_file(tmp, "devices/pci0000:00/0000:05:00.0/net/eth5/speed", "-1\n");
	put_link(tmp, "devices/pci0000:00/0000:05:00.0/net/eth5/device", "../../../0000:05:00.0");
	put_link(tmp, "class/net/eth5", "../../devices/pci0000:00/0000:05:00.0/net/eth5");
	put_file(tmp, "multigig/net/eth5", "mtu=99999999999999999999\nkind\n=x\nmin_mtu=-5\nmax_mtu=9000");
	put_link(tmp, "class/net/gone0", "../../devices/virtual/net/gone0");
	put_link(tmp, "class/net/escape0", "/etc");
	put_link(tmp, "class/net/up0", "../../../../../../../../etc");
	put_link(tmp, "bus/pci/devices/0000:06:00.0", "../../../devices/pci0000:00/0000:06:00.0");
	put_file(tmp, "devices/pci0000:00/0000:07:00.0/class", "\n");
	put_link(tmp, "bus/pci/devices/0000:07:00.0", "../../../devices/pci0000:00/0000:07:00.0");
	put_link(tmp, "bus/pci/devices/garbage", "nowhere");
	(void)dev;

	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(tmp, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &list), 0);
	nic = find_nic(list, "eth5");
	CU_ASSERT_PTR_NOT_NULL_FATAL(nic);
	CU_ASSERT_EQUAL(mg_nic_get_bus(nic), MG_BUS_PCI);
	CU_ASSERT_EQUAL(mg_nic_get_vendor_id(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_device_id(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_class(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_revision(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_subsystem_vendor_id(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_mtu(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_min_mtu(nic), MG_UNKNOWN);
	CU_ASSERT_EQUAL(mg_nic_get_max_mtu(nic), 9000);
	CU_ASSERT_EQUAL(mg_nic_get_speed_mbps(nic), MG_UNKNOWN);
	CU_ASSERT_PTR_NULL(mg_nic_get_vendor(nic));
	/* The interfaces whose links go nowhere or leave the tree are still listed. */
	CU_ASSERT_PTR_NOT_NULL(find_nic(list, "gone0"));
	CU_ASSERT_PTR_NOT_NULL(find_nic(list, "escape0"));
	CU_ASSERT_EQUAL(mg_nic_get_bus(find_nic(list, "escape0")), MG_BUS_VIRTUAL);
	CU_ASSERT_EQUAL(mg_nic_get_bus(find_nic(list, "up0")), MG_BUS_VIRTUAL);
	/* Neither an unreadable class nor a dangling device is a NIC. */
	CU_ASSERT_PTR_NULL(find_nic(list, "0000:06:00.0"));
	CU_ASSERT_PTR_NULL(find_nic(list, "0000:07:00.0"));
	CU_ASSERT_EQUAL(mg_nic_list_count(list), 4);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
	rm_tree(tmp);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("context", NULL, NULL, MG_TEST(test_ctx_defaults),
		     MG_TEST(test_ctx_root_trailing_slash), MG_TEST(test_ctx_bad_roots),
		     MG_TEST(test_ctx_null_is_safe), MG_TEST(test_ctx_log_fn),
		     MG_TEST(test_unref_returns_object));
	MG_ADD_SUITE("enumerate", NULL, NULL, MG_TEST(test_desktop_count_and_order),
		     MG_TEST(test_desktop_pci_nic_with_driver),
		     MG_TEST(test_desktop_pci_nic_without_driver), MG_TEST(test_desktop_usb_nic),
		     MG_TEST(test_desktop_bridges_not_listed), MG_TEST(test_virtio_vm),
		     MG_TEST(test_netns_virtual));
	MG_ADD_SUITE("lookup", NULL, NULL, MG_TEST(test_lookup), MG_TEST(test_lookup_outlives_list),
		     MG_TEST(test_lookup_bad_input));
	MG_ADD_SUITE("capture", NULL, NULL, MG_TEST(test_capture_desktop),
		     MG_TEST(test_capture_virtio_vm), MG_TEST(test_capture_netns_virtual),
		     MG_TEST(test_capture_bad_destination));
	MG_ADD_SUITE("bad-trees", NULL, NULL, MG_TEST(test_empty_root), MG_TEST(test_garbage_tree));
	return mg_test_run();
}
