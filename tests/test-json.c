/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Suite "library": the public writers of JSON and of the Prometheus text
 * (mg_*_to_json(), mg_nic_list_to_json(), mg_prometheus_write()) on
 * fixture trees: what each refuses, which keys each flag brings, that the
 * long array is handed over one element at a time and stops when its
 * reader does, bytes that are not UTF-8 with and without MG_JSON_BYTES,
 * and the doctor's interval, which the library alone checks. The CLI's
 * tests (test-cli.c) and Python's (to_dict() == --json) check the values.
 */
#include <errno.h>
#include <string.h>

#include <json-c/json.h>

#include "mg-test.h"
#include "test-util.h"

static struct mg_ctx *tree_ctx(const char *name)
{
	char root[4096];
	struct mg_ctx *ctx = NULL;

	snprintf(root, sizeof(root), "%s/%s", FIXTURE_TREES, name);
	CU_ASSERT_EQUAL(mg_ctx_new(root, &ctx), 0);
	return ctx;
}

/* The keys of a JSON object, in order, joined by spaces. */
static void keys_of(const char *text, char *out, size_t size)
{
	json_object *o = json_tokener_parse(text);

	out[0] = '\0';
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	json_object_object_foreach(o, key, value) {
		(void)value;
		strncat(out, key, size - strlen(out) - 2);
		strcat(out, " ");
	}
	json_object_put(o);
}

static void test_refusals(void)
{
	struct mg_ctx *ctx = tree_ctx("desktop");
	struct mg_nic *nic;
	char *json = (char *)"untouched";

	CU_ASSERT_EQUAL(mg_nic_to_json(NULL, 0, &json), -EINVAL);
	CU_ASSERT_PTR_NULL(json);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_EQUAL(mg_nic_to_json(nic, 0, NULL), -EINVAL);
	/* A flag a writer does not take is refused, not ignored. */
	CU_ASSERT_EQUAL(mg_nic_to_json(nic, MG_JSON_TDR, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_to_json(nic, 1u << 20, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_show_to_json(nic, NULL, NULL, MG_JSON_PARTS, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_ethlink_to_json(NULL, 0, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_settings_to_json(NULL, 0, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_usb_info_to_json(NULL, NULL, 0, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_sample_to_json(NULL, 0, MG_JSON_LINE, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_cable_result_to_json(NULL, "eth0", MG_JSON_TDR, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_nic_list_to_json(NULL, 0, NULL, NULL), -EINVAL);
	CU_ASSERT_EQUAL(mg_prometheus_write(NULL, NULL, 0, &json), -EINVAL);
	CU_ASSERT_EQUAL(mg_prometheus_write(ctx, NULL, 1u << 7, &json), -EINVAL);
	CU_ASSERT_PTR_NULL(json);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

/* The keys doc/cli.md lists, in the CLI's order, and what each flag adds. */
static void test_nic_keys_by_flag(void)
{
	static const char list_keys[] = "name ifindex kind bus address vendor_id device_id vendor device driver "
					"driver_version firmware_version has_driver mtu min_mtu max_mtu operstate "
					"carrier speed_mbps mac ";
	static const char detail_keys[] = "parent subsystem_vendor_id subsystem_device_id subsystem revision class "
					  "usb_speed_mbps chip chip_driver chip_since_kernel chip_max_mbps "
					  "kernel_modules ";
	static const char part_keys[] = "link rings channels coalesce pause eee features stats irqs temperatures "
					"kernel_log kernel_log_unknown "
					"usb ";
	struct mg_ctx *ctx = tree_ctx("desktop");
	char keys[2048], want[2048];
	struct mg_nic *nic;
	char *json;

	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup_with(ctx, "enp1s0", MG_NIC_WITH_ALL, &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, 0, &json), 0);
	keys_of(json, keys, sizeof(keys));
	CU_ASSERT_STRING_EQUAL(keys, list_keys);
	free(json);
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, MG_JSON_DETAIL, &json), 0);
	keys_of(json, keys, sizeof(keys));
	snprintf(want, sizeof(want), "%s%s", list_keys, detail_keys);
	CU_ASSERT_STRING_EQUAL(keys, want);
	free(json);
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, MG_JSON_PARTS, &json), 0);
	keys_of(json, keys, sizeof(keys));
	snprintf(want, sizeof(want), "%s%s", list_keys, part_keys);
	CU_ASSERT_STRING_EQUAL(keys, want);
	free(json);
	/* One line without spaces, as JSON Lines want, and the same values. */
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NULL(strchr(json, '\n'));
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "{\"name\":\"enp1s0\",\"ifindex\":2,"));
	free(json);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
}

struct pieces {
	size_t calls, fail_at;
	char text[65536];
};

static int collect(void *data, const char *text, size_t len)
{
	struct pieces *p = data;

	if (++p->calls == p->fail_at)
		return -EPIPE;
	if (strlen(p->text) + len < sizeof(p->text))
		strncat(p->text, text, len);
	return 0;
}

static void test_list_in_pieces(void)
{
	struct mg_ctx *ctx = tree_ctx("desktop");
	struct mg_nic_list *list;
	struct pieces p = { 0 };
	json_object *a;

	CU_ASSERT_EQUAL_FATAL(mg_nic_list_new(ctx, &list), 0);
	CU_ASSERT_EQUAL(mg_nic_list_to_json(list, 0, collect, &p), 0);
	/* The opening bracket with the first element, one piece per further element, the closing bracket. */
	CU_ASSERT_EQUAL(p.calls, mg_nic_list_count(list) + 1);
	a = json_tokener_parse(p.text);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(json_object_array_length(a), mg_nic_list_count(list));
	json_object_put(a);
	/* The device without an interface is left out with MG_JSON_INTERFACES. */
	memset(&p, 0, sizeof(p));
	CU_ASSERT_EQUAL(mg_nic_list_to_json(list, MG_JSON_INTERFACES, collect, &p), 0);
	a = json_tokener_parse(p.text);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(json_object_array_length(a), mg_nic_list_count(list) - 1);
	json_object_put(a);
	/* A reader that goes away stops the writer, which says why. */
	memset(&p, 0, sizeof(p));
	p.fail_at = 2;
	CU_ASSERT_EQUAL(mg_nic_list_to_json(list, 0, collect, &p), -EPIPE);
	CU_ASSERT_EQUAL(p.calls, 2);
	CU_ASSERT_EQUAL(mg_nic_list_to_json(list, MG_JSON_LINE, collect, &p), -EINVAL);
	mg_nic_list_free(list);
	mg_ctx_unref(ctx);
}

/* A firmware version with a byte that is not UTF-8 and an escape character. */
static void test_bytes_not_utf8(void)
{
	char root[4096], cmd[8192];
	struct mg_ctx *ctx;
	struct mg_nic *nic;
	char *json;
	FILE *f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(make_tmpdir(root, sizeof(root)));
	snprintf(cmd, sizeof(cmd), "cp -a '%s/desktop/.' '%s/'", FIXTURE_TREES, root);
	CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s/multigig/net/enp1s0", root);
	f = fopen(cmd, "a");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("firmware_version=v\xff\x1b/1\n", f);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(mg_ctx_new(root, &ctx), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_lookup(ctx, "enp1s0", &nic), 0);
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, 0, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"firmware_version\": \"v\\udcff\\u001b/1\""));
	free(json);
	/* Kept as they are for a reader that keeps them; a line escapes '/' as json-c does. */
	CU_ASSERT_EQUAL_FATAL(mg_nic_to_json(nic, MG_JSON_BYTES | MG_JSON_LINE, &json), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(json, "\"firmware_version\":\"v\xff\\u001b\\/1\""));
	free(json);
	mg_nic_unref(nic);
	mg_ctx_unref(ctx);
	rm_tree(root);
}

static void test_prometheus(void)
{
	struct mg_ctx *ctx = tree_ctx("pi5-rtl8126");
	char *text;

	CU_ASSERT_EQUAL_FATAL(mg_prometheus_write(ctx, NULL, 0, &text), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "# TYPE multigig_nic_info gauge\nmultigig_nic_info{device=\"eth1\","));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "multigig_pcie_link_transfers_per_second{device=\"eth1\",hop=\"0\""));
	free(text);
	/* Hardware only without MG_PROMETHEUS_ALL. */
	mg_ctx_unref(ctx);
	ctx = tree_ctx("desktop");
	CU_ASSERT_EQUAL_FATAL(mg_prometheus_write(ctx, NULL, 0, &text), 0);
	CU_ASSERT_PTR_NULL(strstr(text, "device=\"lo\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "multigig_nic_info{device=\"enp1s0\","));
	free(text);
	CU_ASSERT_EQUAL_FATAL(mg_prometheus_write(ctx, NULL, MG_PROMETHEUS_ALL, &text), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "multigig_nic_info{device=\"lo\","));
	free(text);
	/* A target no adapter has: refused as a look-up is, no text that would pass for an adapter with no sample. */
	CU_ASSERT_EQUAL(mg_prometheus_write(ctx, "eth9", 0, &text), -ENODEV);
	CU_ASSERT_PTR_NULL(text);
	CU_ASSERT_STRING_EQUAL(mg_ctx_last_error(ctx), "no network interface named 'eth9'");
	mg_ctx_unref(ctx);
}

/* The doctor's interval: checked by the library, for the CLI and Python alike. */
static void test_doctor_interval(void)
{
	static const unsigned int refused[] = { 1, 9, 3600001, 0xfffffffeu };
	static const unsigned int taken[] = { 0, 10, 3600000, MG_DOCTOR_NO_SAMPLE };
	struct mg_ctx *ctx = tree_ctx("desktop");
	struct mg_doctor *d;

	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		d = (struct mg_doctor *)ctx;
		CU_ASSERT_EQUAL(mg_doctor_run(ctx, NULL, refused[i], &d), -EINVAL);
		CU_ASSERT_PTR_NULL(d);
		CU_ASSERT_PTR_NOT_NULL(strstr(mg_ctx_last_error(ctx), "from 0.01 to 3600 seconds"));
	}
	/* A capture is one moment: the interval is checked, then nothing waits. */
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
		CU_ASSERT_EQUAL(mg_doctor_run(ctx, NULL, taken[i], &d), 0);
		mg_doctor_free(d);
	}
	mg_ctx_unref(ctx);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return EXIT_FAILURE;
	MG_ADD_SUITE("json", NULL, NULL, MG_TEST(test_refusals), MG_TEST(test_nic_keys_by_flag),
		     MG_TEST(test_list_in_pieces), MG_TEST(test_bytes_not_utf8), MG_TEST(test_prometheus),
		     MG_TEST(test_doctor_interval));
	return mg_test_run();
}
