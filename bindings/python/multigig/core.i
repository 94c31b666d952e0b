/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The SWIG layer: the C API as it is, with out-parameters returned as extra
 * values. The package around it (multigig/__init__.py) turns return codes
 * into exceptions and pointers into Python objects.
 */
%module(package="multigig", threads="1", docstring="Low-level binding of libmultigig; use the multigig package.") core

/*
 * The GIL is kept by default, and given up (%thread, threads.i) around the
 * calls that can wait: those that take a context, a sampler or a plan.
 */
%nothread;

%{
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "multigig/multigig.h"

/*
 * The log of one context, forwarded to a Python callable as (priority,
 * message). The Context object attaches it after mg_ctx_new() and detaches
 * it before dropping its reference, so no message reaches Python once the
 * Python side is gone, even while a mg_nic keeps the C context alive.
 */
struct mg_py_log {
	PyObject *fn;
};

static void mg_py_log_forward(void *data, int priority, const char *file, int line, const char *fn,
			      const char *format, va_list args)
{
	struct mg_py_log *log = data;
	PyObject *type, *value, *trace, *msg, *ret;
	PyGILState_STATE gil;
	char text[1024];
	int len;

	(void)file;
	(void)line;
	(void)fn;
	len = vsnprintf(text, sizeof(text), format, args);
	if (len < 0)
		return;
	if ((size_t)len >= sizeof(text))
		len = sizeof(text) - 1;
	/* The calls that log release the GIL (threads.i): take it back. */
	gil = PyGILState_Ensure();
	/* An exception being raised must survive the call. */
	PyErr_Fetch(&type, &value, &trace);
	/* Names read from sysfs need not be UTF-8: replace what is not. */
	msg = PyUnicode_DecodeUTF8(text, len, "replace");
	ret = msg ? PyObject_CallFunction(log->fn, "iO", priority, msg) : NULL;
	if (!ret)
		PyErr_WriteUnraisable(log->fn);
	Py_XDECREF(ret);
	Py_XDECREF(msg);
	PyErr_Restore(type, value, trace);
	PyGILState_Release(gil);
}
%}

/* Opaque to Python: a pointer the Context keeps until it detaches. */
struct mg_py_log;

%inline %{
/* Route @ctx's log to @fn, which the caller checked is callable; NULL
 * without memory. */
struct mg_py_log *mg_py_log_attach(struct mg_ctx *ctx, PyObject *fn)
{
	struct mg_py_log *log;

	if (!ctx)
		return NULL;
	log = malloc(sizeof(*log));
	if (!log)
		return NULL;
	Py_INCREF(fn);
	log->fn = fn;
	mg_ctx_set_log_fn(ctx, mg_py_log_forward, log);
	return log;
}

/* Stop forwarding and drop the callable; @ctx must still be referenced. */
void mg_py_log_detach(struct mg_ctx *ctx, struct mg_py_log *log)
{
	if (ctx)
		mg_ctx_set_log_fn(ctx, NULL, NULL);
	if (!log)
		return;
	Py_DECREF(log->fn);
	free(log);
}
%}

%include <stdint.i>
%include <typemaps.i>

/*
 * struct T ** out-parameters come back as an extra return value.
 * %append_output, not SWIG_Python_AppendOutput: SWIG 4.3 gave that function
 * a third argument (whether the wrapped function returns void), which the
 * macro fills in, and SWIG 4.0 and 4.1 have the macro too.
 */
%define MG_OUT_OBJECT(TYPE)
%typemap(in, numinputs=0) TYPE ** (TYPE *tmp = NULL) {
	$1 = &tmp;
}
%typemap(argout) TYPE ** {
	%append_output(SWIG_NewPointerObj(SWIG_as_voidptr(*$1), $*1_descriptor, 0));
}
%enddef

MG_OUT_OBJECT(struct mg_ctx)
MG_OUT_OBJECT(struct mg_nic)
MG_OUT_OBJECT(struct mg_nic_list)
MG_OUT_OBJECT(struct mg_pcie_path)
MG_OUT_OBJECT(struct mg_estimate)
MG_OUT_OBJECT(struct mg_estimate_params)
MG_OUT_OBJECT(struct mg_throughput)
MG_OUT_OBJECT(struct mg_settings)
MG_OUT_OBJECT(struct mg_settings_list)
MG_OUT_OBJECT(struct mg_apply_result)
MG_OUT_OBJECT(struct mg_plan)
MG_OUT_OBJECT(struct mg_journal_list)
MG_OUT_OBJECT(struct mg_persist_status)
MG_OUT_OBJECT(struct mg_ethlink)
MG_OUT_OBJECT(struct mg_ethlink_list)
MG_OUT_OBJECT(struct mg_eee)
MG_OUT_OBJECT(struct mg_features)
MG_OUT_OBJECT(struct mg_cable_info)
MG_OUT_OBJECT(struct mg_cable_result)
MG_OUT_OBJECT(struct mg_stats)
MG_OUT_OBJECT(struct mg_irqs)
MG_OUT_OBJECT(struct mg_temps)
MG_OUT_OBJECT(struct mg_usb_info)
MG_OUT_OBJECT(struct mg_kernel_log)
MG_OUT_OBJECT(struct mg_doctor)
MG_OUT_OBJECT(struct mg_sampler)
MG_OUT_OBJECT(struct mg_sample)
MG_OUT_OBJECT(struct mg_wifi_rate)
MG_OUT_OBJECT(struct mg_wiphy_list)

/*
 * Strings in: UTF-8, and the bytes that were not UTF-8 put back as they
 * were (the surrogate escapes every str out of the library carries), so a
 * name the library gave reaches it again unchanged. None is NULL; an
 * embedded NUL, which C would read as the end, raises ValueError.
 */
%typemap(in) const char * (PyObject *bytes = NULL) {
	if ($input == Py_None) {
		$1 = NULL;
	} else {
		if (!PyUnicode_Check($input)) {
			PyErr_Format(PyExc_TypeError, "in method '$symname', argument $argnum must be str or None, not %s",
				     Py_TYPE($input)->tp_name);
			SWIG_fail;
		}
		bytes = PyUnicode_AsEncodedString($input, "utf-8", "surrogateescape");
		if (!bytes || PyBytes_AsStringAndSize(bytes, &$1, NULL) < 0)
			SWIG_fail;
	}
}
%typemap(freearg) const char * {
	Py_XDECREF(bytes$argnum);
}
%typemap(typecheck, precedence=SWIG_TYPECHECK_STRING) const char * {
	$1 = $input == Py_None || PyUnicode_Check($input);
}

/* String out-parameters (a finding's evidence source, a fix's interface). */
%typemap(in, numinputs=0) const char **source (char *tmp = NULL), const char **ifname (char *tmp = NULL) {
	$1 = &tmp;
}
%typemap(argout) const char **source, const char **ifname {
	%append_output(SWIG_FromCharPtr(*$1));
}

/*
 * Documents the library writes (char **svg, char **html, char **json,
 * char **text): a str, then freed. Bytes that are not UTF-8 (kept by
 * MG_JSON_BYTES) become surrogate escapes, as in every other str the
 * binding gives.
 */
%typemap(in, numinputs=0) char **svg (char *tmp = NULL), char **html (char *tmp = NULL),
	char **json (char *tmp = NULL), char **text (char *tmp = NULL) {
	$1 = &tmp;
}
%typemap(argout) char **svg, char **html, char **json, char **text {
	%append_output(SWIG_FromCharPtr(*$1));
	free(*$1);
}

/* Scalar out-parameters. */
%apply long long *OUTPUT { long long *value, long long *old_value, long long *new_value };
%apply int *OUTPUT { int *lower_bound, int *overhead_pct, int *pair, int *distance_cm, int *mv };
%apply int *OUTPUT { enum mg_param *param };
%apply int *OUTPUT { int *celsius_milli };
%apply int *OUTPUT { int *enabled, int *disabled, int *no_ir };
%apply int *OUTPUT { enum mg_wifi_mode *mode };
%apply unsigned int *OUTPUT { unsigned int *low, unsigned int *high };
%apply unsigned long long *OUTPUT { uint64_t *value, uint64_t *usecs, uint64_t *seq };
%apply double *OUTPUT { double *gbps };
%apply double *OUTPUT { double *per_second };

/* The log callback is bound through mg_py_log_attach() above; the cable
 * progress callback and the cancel flag (set by a C signal handler) are
 * not bound. */
%ignore mg_ctx_set_log_fn;
%ignore mg_ctx_set_cancel_flag;
%ignore mg_log_fn;
%ignore mg_cable_progress_fn;
/* The long array written piece by piece is the CLI's; Python asks for each adapter. */
%ignore mg_nic_list_to_json;
/* A caller's buffer for the reason: Python asks mg_wifi_rate_new() and gets the errno. */
%ignore mg_wifi_rate_check;
%ignore mg_write_fn;
%typemap(in, numinputs=0) mg_cable_progress_fn progress { $1 = NULL; }
%typemap(in, numinputs=0) void *data { $1 = NULL; }

/*
 * Every adapter of @lst as one JSON text, parsed once in Python however
 * many adapters there are: an array holding, per adapter, the array of
 * what mg_nic_to_json() writes of it with @flags and MG_JSON_DETAIL, then
 * what mg_settings_to_json() and mg_ethlink_to_json() write with @flags of
 * the settings and the Ethernet link the list gathered (null where it
 * gathered none). Each part is the library's writer's own text.
 */
%inline %{
int mg_py_nic_list_to_json(const struct mg_nic_list *lst, unsigned int flags, char **json)
{
	char *buf = NULL, *part;
	size_t len = 0, count;
	FILE *f;
	int rc = 0;

	*json = NULL;
	if (!lst)
		return -EINVAL;
	f = open_memstream(&buf, &len);
	if (!f)
		return -ENOMEM;
	count = mg_nic_list_count(lst);
	fputc('[', f);
	for (size_t i = 0; i < count && rc == 0; i++) {
		const struct mg_nic *nic = mg_nic_list_get(lst, i);
		const struct mg_settings *settings = mg_nic_get_settings(nic);
		const struct mg_ethlink *link = mg_nic_get_ethlink(nic);

		fputs(i ? ",[" : "[", f);
		rc = mg_nic_to_json(nic, flags | MG_JSON_DETAIL, &part);
		if (rc < 0)
			break;
		fputs(part, f);
		free(part);
		fputc(',', f);
		if (settings) {
			rc = mg_settings_to_json(settings, flags, &part);
			if (rc < 0)
				break;
			fputs(part, f);
			free(part);
		} else {
			fputs("null", f);
		}
		fputc(',', f);
		if (link) {
			rc = mg_ethlink_to_json(link, flags, &part);
			if (rc < 0)
				break;
			fputs(part, f);
			free(part);
		} else {
			fputs("null", f);
		}
		fputc(']', f);
	}
	fputc(']', f);
	if (fclose(f) != 0 && rc == 0)
		rc = -ENOMEM;
	if (rc < 0) {
		free(buf);
		return rc;
	}
	*json = buf;
	return 0;
}
%}

%include "docstrings.i"
%include "threads.i"
/* Each concept's header, in the order multigig.h includes them (SWIG follows no #include). */
%include "multigig/context.h"
%include "multigig/nic.h"
%include "multigig/pcie.h"
%include "multigig/throughput.h"
%include "multigig/settings.h"
%include "multigig/link.h"
%include "multigig/doctor.h"
%include "multigig/evidence.h"
%include "multigig/report.h"
%include "multigig/wifi.h"
