/*
 * emit.c - the IR building blocks every lowering shares: coefficients as
 * values, byte addresses, stores into plr_signature / plr_data / plr_layout
 * at plr.h's offsets, stack objects, and the declarations of libplr's and
 * libc's entry points.
 */
#include <stddef.h>

#include "rewrite.h"

_Static_assert(sizeof(plr_type) == 4, "plr_type is stored as i32");
_Static_assert(sizeof(unsigned) == 4, "fir_len/order are stored as i32");
_Static_assert(sizeof(size_t) == 8 && sizeof(void *) == 8, "plr_data is laid out for LP64");
_Static_assert(sizeof(plr_coef) == 8, "coefficients are stored as 64-bit");
_Static_assert(sizeof(plr_layout) == 40 && sizeof(ptrdiff_t) == 8, "plr_layout is five 64-bit fields");

LLVMValueRef emit_cn(LLVMBuilderRef b, const plr_plan *p, const plr_cn *c) {
    if (!c)
        return p->is_fp ? LLVMConstReal(p->elem, 0.0) : LLVMConstInt(p->elem, 0, 0);
    switch (c->kind) {
    case PLR_CN_CONST:
        return p->is_fp ? LLVMConstReal(p->elem, c->kf) : LLVMConstInt(p->elem, c->ki, 1);
    case PLR_CN_VALUE:
        return c->v;
    case PLR_CN_RELOAD: {
        /* the address is outside y (checked), so its value is the loop's */
        LLVMValueRef ld = LLVMBuildLoad2(b, p->elem, LLVMGetOperand(c->v, 0), "plr.coef.load");
        LLVMSetAlignment(ld, LLVMGetAlignment(c->v));
        return ld;
    }
    case PLR_CN_ADD: {
        LLVMValueRef l = emit_cn(b, p, c->l), r = emit_cn(b, p, c->r);
        return p->is_fp ? LLVMBuildFAdd(b, l, r, "plr.coef") : LLVMBuildAdd(b, l, r, "plr.coef");
    }
    case PLR_CN_MUL: {
        LLVMValueRef l = emit_cn(b, p, c->l), r = emit_cn(b, p, c->r);
        return p->is_fp ? LLVMBuildFMul(b, l, r, "plr.coef") : LLVMBuildMul(b, l, r, "plr.coef");
    }
    case PLR_CN_NEG: {
        LLVMValueRef l = emit_cn(b, p, c->l);
        return p->is_fp ? LLVMBuildFNeg(b, l, "plr.coef") : LLVMBuildNeg(b, l, "plr.coef");
    }
    }
    return NULL;
}

LLVMValueRef byte_gep(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef off, const char *name) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(base));
    return LLVMBuildGEP2(b, LLVMInt8TypeInContext(C), base, &off, 1, name);
}

LLVMValueRef const_gep(LLVMBuilderRef b, LLVMValueRef base, int64_t off, const char *name) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(base));
    return byte_gep(b, base, LLVMConstInt(LLVMInt64TypeInContext(C), (unsigned long long)off, 1), name);
}

/* Element idx of a sequence that starts at base and moves step bytes per
 * element (negative: backward). */
LLVMValueRef elem_ptr(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, int64_t step) {
    LLVMTypeRef i64 = LLVMTypeOf(idx);
    return byte_gep(b, base, LLVMBuildMul(b, idx, LLVMConstInt(i64, (unsigned long long)step, 1), ""), "");
}

/* The same with a step known at run time (an i64 of bytes). */
LLVMValueRef elem_ptr_v(LLVMBuilderRef b, LLVMValueRef base, LLVMValueRef idx, LLVMValueRef step) {
    return byte_gep(b, base, LLVMBuildMul(b, idx, step, ""), "");
}

/* Element t (a constant, negative for the history before the loop) of x
 * and of y, each at its step: a constant, or a loop alone's run-time
 * stride (plr_runtime_stride_alone: x_step_v, y_step_v, expanded; NULL in
 * a nest's plan). */
static LLVMValueRef elem_at(LLVMBuilderRef b, LLVMValueRef base, int64_t step, LLVMValueRef step_v, int64_t t) {
    if (step_v && !LLVMIsAConstantInt(step_v))
        return t == 0 ? base : elem_ptr_v(b, base, LLVMConstInt(LLVMTypeOf(step_v), (unsigned long long)t, 1), step_v);
    return const_gep(b, base, t * step, "");
}

LLVMValueRef x_elem(LLVMBuilderRef b, const plr_plan *p, int64_t t) {
    return elem_at(b, p->x_v, p->access.x_step, p->x_step_v, t);
}

LLVMValueRef y_elem(LLVMBuilderRef b, const plr_plan *p, int64_t t) {
    return elem_at(b, p->y_v, p->access.step, p->y_step_v, t);
}

/* Bytes from one element of the state to the next where the calls leave
 * it: y's step, scaled for a state wider than its output (in its buffer,
 * plr_state_wider); an i64, at a run-time stride too. */
LLVMValueRef state_step_v(LLVMBuilderRef b, const plr_plan *p) {
    unsigned scale = plr_state_scale(p);
    if (!p->access.step_s || !p->y_step_v)
        return LLVMConstInt(LLVMInt64TypeInContext(LLVMGetTypeContext(p->elem)),
                            (unsigned long long)plr_state_step(p), 1);
    return scale == 1 ? p->y_step_v
                      : LLVMBuildMul(b, p->y_step_v, LLVMConstInt(LLVMTypeOf(p->y_step_v), scale, 0), "plr.state.step");
}

/* The calls' y stride in elements of the state (state_step_v over the
 * state's size: whole, checked at a run-time stride). */
LLVMValueRef state_stride_v(LLVMBuilderRef b, const plr_plan *p, const char *name) {
    LLVMValueRef step = state_step_v(b, p);
    return LLVMBuildExactSDiv(b, step, LLVMConstInt(LLVMTypeOf(step), p->storage.state_size, 0), name);
}

/* The alignment the loop's own accesses assume of the arrays: data may be
 * packed, so nothing stronger is claimed for accesses we add. */
unsigned user_align(const plr_plan *p) {
    unsigned a = LLVMGetAlignment(p->store);
    for (unsigned i = 0; i < p->walk.nleaves; i++)
        if (p->walk.leaves[i].from_memory && LLVMGetAlignment(p->walk.leaves[i].v) < a)
            a = LLVMGetAlignment(p->walk.leaves[i].v);
    return a ? a : 1;
}

/* Every field stored here is naturally aligned within an 8-aligned object. */
void store_at(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef base, int64_t off) {
    LLVMValueRef s = LLVMBuildStore(b, v, off ? const_gep(b, base, off, "") : base);
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned align = 8;
    if (LLVMGetTypeKind(t) == LLVMFloatTypeKind || (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32))
        align = 4;
    LLVMSetAlignment(s, align);
}

LLVMValueRef fp_or_int(LLVMBuilderRef b, const plr_plan *p, int add, LLVMValueRef l, LLVMValueRef r) {
    if (p->is_fp)
        return add ? LLVMBuildFAdd(b, l, r, "plr.st") : LLVMBuildFMul(b, l, r, "plr.st");
    return add ? LLVMBuildAdd(b, l, r, "plr.st") : LLVMBuildMul(b, l, r, "plr.st");
}

static LLVMValueRef widen(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    switch (p->type) {
    case PLR_I32:
    case PLR_U32: /* (either extension: libplr reads it modulo 2^32) */
        return LLVMBuildSExt(b, v, LLVMInt64TypeInContext(C), "");
    case PLR_F32:
        return LLVMBuildFPExt(b, v, LLVMDoubleTypeInContext(C), "");
    default:
        return v;
    }
}

void data_stores(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef data) {
    _Static_assert(sizeof(plr_store) == 4, "plr_store is stored as i32");
    LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(p->elem));
    store_at(b, LLVMConstInt(i32, p->storage.x_store, 0), data, offsetof(plr_data, x_store));
    store_at(b, LLVMConstInt(i32, p->storage.y_store, 0), data, offsetof(plr_data, y_store));
}

LLVMValueRef widen_x(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    if (!p->storage.x_held || LLVMTypeOf(v) != p->storage.x_held)
        return v;
    switch (p->storage.x_ext) {
    case LLVMSExt: return LLVMBuildSExt(b, v, p->elem, "plr.x.wide");
    case LLVMZExt: return LLVMBuildZExt(b, v, p->elem, "plr.x.wide");
    default: return LLVMBuildFPExt(b, v, p->elem, "plr.x.wide");
    }
}

LLVMValueRef load_x(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef at, const char *name) {
    LLVMValueRef ld = LLVMBuildLoad2(b, p->storage.x_held ? p->storage.x_held : p->elem, at, name);
    LLVMSetAlignment(ld, user_align(p));
    return ld;
}

LLVMValueRef to_hist(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    return p->storage.narrow ? LLVMBuildSExt(b, v, p->storage.hist_elem, "plr.wide") : v;
}

LLVMValueRef from_hist(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef v) {
    return p->storage.narrow ? LLVMBuildTrunc(b, v, p->elem, "plr.narrow") : v;
}

LLVMValueRef entry_alloca(LLVMBuilderRef b, LLVMValueRef fn, LLVMTypeRef ty, const char *name) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
    LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
    LLVMValueRef a = LLVMBuildAlloca(b, ty, name);
    LLVMSetAlignment(a, 8);
    return a;
}

LLVMValueRef runtime_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMTypeRef params[2] = {ptr, ptr};
    *fty = LLVMFunctionType(LLVMInt32TypeInContext(C), params, 2, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_run");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_run", *fty);
    return fn;
}

/* plr_run_many(sig, data, layout, options, report) and plr_pays_many(sig,
 * data, layout, passes, stages, chain, options, why, whylen), with NULL
 * options (the environment's), report and why. */
LLVMValueRef run_many_fn(LLVMModuleRef mod, LLVMContextRef C, LLVMTypeRef *fty) {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(C, 0);
    LLVMTypeRef params[5] = {ptr, ptr, ptr, ptr, ptr};
    *fty = LLVMFunctionType(LLVMInt32TypeInContext(C), params, 5, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(mod, "plr_run_many");
    if (!fn)
        fn = LLVMAddFunction(mod, "plr_run_many", *fty);
    return fn;
}

/* A plr_layout on the stack, its fields set to the given i64 values. */
LLVMValueRef build_layout(LLVMBuilderRef b, LLVMValueRef fn, LLVMValueRef count, LLVMValueRef x_stride,
                          LLVMValueRef x_dist, LLVMValueRef y_stride, LLVMValueRef y_dist) {
    LLVMContextRef C = LLVMGetTypeContext(LLVMTypeOf(count));
    LLVMBasicBlockRef at = LLVMGetInsertBlock(b);
    LLVMValueRef l = entry_alloca(b, fn, LLVMArrayType2(LLVMInt8TypeInContext(C), sizeof(plr_layout)), "plr.layout");
    LLVMPositionBuilderAtEnd(b, at);
    store_at(b, count, l, offsetof(plr_layout, count));
    store_at(b, x_stride, l, offsetof(plr_layout, x_stride));
    store_at(b, x_dist, l, offsetof(plr_layout, x_dist));
    store_at(b, y_stride, l, offsetof(plr_layout, y_stride));
    store_at(b, y_dist, l, offsetof(plr_layout, y_dist));
    return l;
}

/* The signature's fixed part: zeroed, then type, fir_len and order; the
 * coefficients follow with sig_coef. */
void sig_begin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, unsigned fir_len, unsigned order) {
    LLVMContextRef C = LLVMGetTypeContext(p->elem);
    LLVMTypeRef i8 = LLVMInt8TypeInContext(C), i32 = LLVMInt32TypeInContext(C), i64 = LLVMInt64TypeInContext(C);
    LLVMBuildMemSet(b, sig, LLVMConstInt(i8, 0, 0), LLVMConstInt(i64, sizeof(plr_signature), 0), 8);
    store_at(b, LLVMConstInt(i32, p->type, 0), sig, offsetof(plr_signature, type));
    store_at(b, LLVMConstInt(i32, fir_len, 0), sig, offsetof(plr_signature, fir_len));
    store_at(b, LLVMConstInt(i32, order, 0), sig, offsetof(plr_signature, order));
}

/* a[idx] (fir) or b[idx] (feedback) of the signature: v in the element type */
void sig_coef(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, int feedback, unsigned idx,
              LLVMValueRef v) {
    size_t at = (feedback ? offsetof(plr_signature, b) : offsetof(plr_signature, a)) + idx * sizeof(plr_coef);
    store_at(b, widen(b, p, v), sig, (int64_t)at);
}

/* A whole signature from a linear form: a[0..fir_len-1], b[1..order]. */
void sig_from_lin(LLVMBuilderRef b, const plr_plan *p, LLVMValueRef sig, const plr_lin *l, unsigned fir_len,
                  unsigned order) {
    sig_begin(b, p, sig, fir_len, order);
    for (unsigned m = 0; m < fir_len; m++)
        sig_coef(b, p, sig, 0, m, emit_cn(b, p, l->a[m]));
    for (unsigned j = 1; j <= order; j++)
        sig_coef(b, p, sig, 1, j, emit_cn(b, p, l->b[j]));
}

LLVMValueRef emit_abs(LLVMBuilderRef b, LLVMValueRef v) {
    LLVMValueRef neg = LLVMBuildICmp(b, LLVMIntSLT, v, LLVMConstNull(LLVMTypeOf(v)), "");
    return LLVMBuildSelect(b, neg, LLVMBuildNeg(b, v, ""), v, "");
}

LLVMValueRef emit_min(LLVMBuilderRef b, LLVMValueRef x, LLVMValueRef y, int max) {
    return LLVMBuildSelect(b, LLVMBuildICmp(b, max ? LLVMIntSGT : LLVMIntSLT, x, y, ""), x, y, "");
}

LLVMValueRef external_fn(LLVMModuleRef mod, const char *name, LLVMTypeRef ret, LLVMTypeRef param) {
    LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
    return fn ? fn : LLVMAddFunction(mod, name, LLVMFunctionType(ret, &param, 1, 0));
}
