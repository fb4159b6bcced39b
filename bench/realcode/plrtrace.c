/*
 * plrtrace.so - an LD_PRELOAD shim that logs every call a replaced loop makes
 * into libplr (plr_pays, plr_pays_many, plr_run, plr_run_many) to the file
 * named by $PLR_TRACE, one line per call, appended atomically.
 *
 * Why not PLR_VERBOSE=1: test suites redirect or compare stderr, so the
 * runtime's own lines get lost or break tests. This shim writes elsewhere and
 * changes nothing: each wrapper forwards to the real *_many entry point with
 * the options from the environment (what plr_pays / plr_run do) and only
 * asks for the reason / report as well.
 *
 * Line format (tab-separated):
 *   pays|run  module+offset-of-caller  signature  type  n  count  answer  reason
 * where answer is 1/0 for pays and the backend name (or the error) for run.
 * bench/realcode/run.sh resolves module+offset to a function and source line.
 *
 * Build: cc -O2 -shared -fPIC -I include bench/realcode/plrtrace.c -ldl -o plrtrace.so
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plr.h"

typedef int (*pays_many_fn)(const plr_signature *, const plr_data *, const plr_layout *, unsigned,
                            unsigned, unsigned, const plr_options *, char *, size_t);
typedef plr_status (*run_many_fn)(const plr_signature *, const plr_data *, const plr_layout *,
                                  const plr_options *, plr_report *);

static __thread int depth; /* libplr's own calls between its entry points are not logged */

static void *real(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "plrtrace: %s not found\n", name);
        abort();
    }
    return f;
}

static void where(void *ret, char *buf, size_t len)
{
    Dl_info info;
    if (ret && dladdr(ret, &info) && info.dli_fname)
        snprintf(buf, len, "%s+0x%lx", info.dli_fname,
                 (unsigned long)((char *)ret - (char *)info.dli_fbase));
    else
        snprintf(buf, len, "?+%p", ret);
}

static void emit(const char *kind, void *ret, const plr_signature *sig, const plr_data *data,
                 const plr_layout *layout, const char *answer, const char *reason)
{
    const char *path = getenv("PLR_TRACE");
    if (!path || !*path)
        return;
    char at[512], text[1024], line[3072];
    where(ret, at, sizeof at);
    if (!sig || plr_signature_format(sig, text, sizeof text) != PLR_OK)
        snprintf(text, sizeof text, "?");
    int len = snprintf(line, sizeof line, "%s\t%s\t%s\t%s\t%zu\t%zu\t%s\t%s\n", kind, at, text,
                       sig ? plr_type_name(sig->type) : "?", data ? data->n : 0,
                       layout ? layout->count : (size_t)1, answer, reason ? reason : "");
    if (len < 0)
        return;
    if ((size_t)len >= sizeof line)
        len = sizeof line - 1, line[len - 1] = '\n';
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    ssize_t w = write(fd, line, (size_t)len);
    (void)w;
    close(fd);
}

static int pays(void *ret, const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                unsigned passes, unsigned stages, unsigned chain, const plr_options *options,
                char *why, size_t whylen)
{
    static pays_many_fn f;
    if (!f)
        f = (pays_many_fn)real("plr_pays_many");
    if (depth)
        return f(sig, data, layout, passes, stages, chain, options, why, whylen);
    char buf[512];
    depth++;
    int r = f(sig, data, layout, passes, stages, chain, options, buf, sizeof buf);
    depth--;
    if (why && whylen)
        snprintf(why, whylen, "%s", buf);
    emit("pays", ret, sig, data, layout, r ? "1" : "0", buf);
    return r;
}

static plr_status run(void *ret, const plr_signature *sig, const plr_data *data,
                      const plr_layout *layout, const plr_options *options, plr_report *report)
{
    static run_many_fn f;
    if (!f)
        f = (run_many_fn)real("plr_run_many");
    if (depth)
        return f(sig, data, layout, options, report);
    plr_report rep;
    memset(&rep, 0, sizeof rep);
    depth++;
    plr_status s = f(sig, data, layout, options, &rep);
    depth--;
    if (report)
        *report = rep;
    emit("run", ret, sig, data, layout, s == PLR_OK ? plr_device_name(rep.device) : plr_strerror(s),
         rep.reason);
    return s;
}

int plr_pays(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
             unsigned chain)
{
    return pays(__builtin_return_address(0), sig, data, NULL, passes, stages, chain, NULL, NULL, 0);
}

int plr_pays_with(const plr_signature *sig, const plr_data *data, unsigned passes, unsigned stages,
                  unsigned chain, const plr_options *options, char *why, size_t whylen)
{
    return pays(__builtin_return_address(0), sig, data, NULL, passes, stages, chain, options, why,
                whylen);
}

int plr_pays_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                  unsigned passes, unsigned stages, unsigned chain, const plr_options *options,
                  char *why, size_t whylen)
{
    return pays(__builtin_return_address(0), sig, data, layout, passes, stages, chain, options, why,
                whylen);
}

plr_status plr_run(const plr_signature *sig, const plr_data *data)
{
    return run(__builtin_return_address(0), sig, data, NULL, NULL, NULL);
}

plr_status plr_run_with(const plr_signature *sig, const plr_data *data, const plr_options *options,
                        plr_report *report)
{
    return run(__builtin_return_address(0), sig, data, NULL, options, report);
}

plr_status plr_run_many(const plr_signature *sig, const plr_data *data, const plr_layout *layout,
                        const plr_options *options, plr_report *report)
{
    return run(__builtin_return_address(0), sig, data, layout, options, report);
}
