/*
 * spell.c - values and instructions in the words of the source, for
 * remarks: "(alpha: 1 - alpha)", "f->b0", "y[i - 1]", "the call to 'printf'
 * (line 13, column 5)".
 *
 * Names, best first: the variable debug info binds a value to (-g), the
 * IR's own names (clang keeps them only with -fno-discard-value-names), and
 * for parameters without either "argN". Everything else is spelled from its
 * operands, so that no remark shows an IR register. Without debug info a
 * field read through a pointer is spelled as an element of the pointer
 * (f[2]: the third float at f), which C reads the same way.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "plr_pass.h"

#define SPELL_MAX_DEPTH 6

void plr_put(plr_text *t, const char *fmt, ...) {
    if (t->len + 1 >= t->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < t->cap ? t->len + (size_t)n : t->cap - 1;
}

static void spell(plr_text *t, plr_ctx *ctx, LLVMValueRef v, int prec, int depth);

/* A name an IR value carries that means something to a reader: not the
 * names clang derives from operations (arrayidx, add.ptr, conv, sub...). */
static int meaningful_ir_name(const char *name, size_t len) {
    static const char *const made[] = {"arrayidx", "add", "sub", "mul", "div", "conv", "idx", "incdec",
                                       "indvars", "scevgep", "uglygep", "plr.", "tmp", "cmp", "fneg",
                                       "call", "spec", "lsr", "cond", "rem", "shl", "or", "and",
                                       "xor", "ext", "trunc", "neg", "ptr", "gep", "ld", "load"};
    if (!len || (name[0] >= '0' && name[0] <= '9'))
        return 0;
    for (size_t k = 0; k < sizeof made / sizeof *made; k++)
        if (!strncmp(name, made[k], strlen(made[k])))
            return 0;
    return 1;
}

/* The source name of v, or a meaningful IR name; 0 if neither. */
static int put_name(plr_text *t, LLVMValueRef v) {
    char n[128];
    size_t len = plr_di_name(v, n, sizeof n);
    if (len) {
        plr_put(t, "%s", n);
        return 1;
    }
    const char *ir = LLVMGetValueName2(v, &len);
    /* clang numbers the SSA copies of a variable: v.017 is v */
    while (len > 2 && ir[len - 1] >= '0' && ir[len - 1] <= '9') {
        size_t d = len;
        while (d > 0 && ir[d - 1] >= '0' && ir[d - 1] <= '9')
            d--;
        if (d == 0 || d == len || ir[d - 1] != '.')
            break;
        len = d - 1;
    }
    if (LLVMIsAArgument(v) || LLVMIsAGlobalValue(v) ? len > 0 : meaningful_ir_name(ir, len)) {
        plr_put(t, "%.*s", (int)len, ir);
        return 1;
    }
    return 0;
}

static const char *c_type(LLVMTypeRef ty) {
    switch (LLVMGetTypeKind(ty)) {
    case LLVMFloatTypeKind: return "float";
    case LLVMDoubleTypeKind: return "double";
    case LLVMPointerTypeKind: return "void *";
    case LLVMIntegerTypeKind:
        switch (LLVMGetIntTypeWidth(ty)) {
        case 1: return "_Bool";
        case 8: return "char";
        case 16: return "short";
        case 32: return "int";
        case 64: return "long";
        }
        break;
    default: break;
    }
    return "?";
}

static void put_fp(plr_text *t, double v, int is_float) {
    char tmp[40];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        double back = strtod(tmp, NULL);
        if (is_float ? (float)back == (float)v : back == v)
            break;
    }
    plr_put(t, "%s", tmp);
}

static void open_paren(plr_text *t, int mine, int prec) {
    if (mine < prec)
        plr_put(t, "(");
}

static void close_paren(plr_text *t, int mine, int prec) {
    if (mine < prec)
        plr_put(t, ")");
}

/* A value a phi carries: its name; unnamed, the loop's counter (a phi
 * that steps by a constant) is i. */
static void put_phi(plr_text *t, LLVMValueRef v) {
    if (put_name(t, v))
        return;
    for (unsigned k = 0; k < LLVMCountIncoming(v); k++) {
        LLVMValueRef in = LLVMGetIncomingValue(v, k);
        if (LLVMIsAInstruction(in) && LLVMGetInstructionOpcode(in) == LLVMAdd && LLVMGetOperand(in, 0) == v &&
            LLVMIsAConstantInt(LLVMGetOperand(in, 1))) {
            plr_put(t, "i");
            return;
        }
    }
    plr_put(t, "(a value carried from the previous iteration)");
}

/* What `ptr` points at, for an access of `size` bytes: y[i - 1], f->b0,
 * *p, coef[j]. */
static void put_lvalue(plr_text *t, plr_ctx *ctx, LLVMValueRef ptr, unsigned size, int depth) {
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(ctx));
    int64_t off, scale;
    LLVMValueRef index;
    LLVMValueRef base = plr_addr_split(mod, ptr, &off, &index, &scale);
    if (LLVMIsAGlobalVariable(base) && !index && off == 0) {
        put_name(t, base) || (plr_put(t, "a global"), 1);
        return;
    }
    if (base == ptr && !index && off == 0 &&
        (LLVMIsAGetElementPtrInst(ptr) ||
         (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMGetElementPtr))) {
        /* an address plr_addr_split cannot take apart (several indices into
         * an array type): spelling it as *&(itself) would never end */
        plr_put(t, "*(an address computed in the loop)");
        return;
    }
    if (index) {
        spell(t, ctx, base, 4, depth + 1);
        plr_put(t, "[");
        /* a byte (or other unit) index that is a multiple of an element
         * count, i << 3 over floats: 2*i */
        int64_t mult = 1;
        const int shift_or_mul = LLVMIsAInstruction(index) && (LLVMGetInstructionOpcode(index) == LLVMShl ||
                                                               LLVMGetInstructionOpcode(index) == LLVMMul);
        LLVMValueRef c = shift_or_mul ? LLVMGetOperand(index, 1) : NULL;
        if (c && LLVMIsAConstantInt(c) && LLVMConstIntGetSExtValue(c) > 0 && LLVMConstIntGetSExtValue(c) < 64) {
            const int64_t k = LLVMConstIntGetSExtValue(c);
            if (LLVMGetInstructionOpcode(index) == LLVMShl)
                mult = INT64_C(1) << k;
            else if (LLVMGetInstructionOpcode(index) == LLVMMul)
                mult = k;
        }
        if (size && mult > 1 && (mult * scale) % (int64_t)size == 0) {
            const int64_t m = mult * scale / (int64_t)size;
            if (m != 1)
                plr_put(t, "%lld*", (long long)m);
            spell(t, ctx, LLVMGetOperand(index, 0), m != 1 ? 2 : 1, depth + 1);
        } else if (size && scale != (int64_t)size && scale % (int64_t)size == 0) {
            plr_put(t, "%lld*", (long long)(scale / (int64_t)size));
            spell(t, ctx, index, 2, depth + 1);
        } else if (scale != (int64_t)size && size) {
            /* index counts other units than the access: say so in elements */
            spell(t, ctx, index, 2, depth + 1);
            plr_put(t, "*%lld/%u", (long long)scale, size);
        } else {
            spell(t, ctx, index, 1, depth + 1);
        }
        if (size && off % (int64_t)size == 0 && off)
            plr_put(t, " %c %lld", off < 0 ? '-' : '+', (long long)(off < 0 ? -off : off) / (long long)size);
        else if (off)
            plr_put(t, " %c %lld bytes", off < 0 ? '-' : '+', (long long)(off < 0 ? -off : off));
        plr_put(t, "]");
        return;
    }
    char member[128];
    if (plr_di_member(base, off, size, member, sizeof member)) {
        spell(t, ctx, base, 4, depth + 1);
        plr_put(t, "->%s", member);
        return;
    }
    /* clang names a field's address after the field (-fno-discard-value-names) */
    size_t nlen = 0;
    const char *gname = LLVMIsAGetElementPtrInst(ptr) ? LLVMGetValueName2(ptr, &nlen) : NULL;
    if (off && gname && meaningful_ir_name(gname, nlen)) {
        spell(t, ctx, base, 4, depth + 1);
        plr_put(t, "->%.*s", (int)nlen, gname);
        return;
    }
    if (off == 0) {
        plr_put(t, "*");
        spell(t, ctx, base, 3, depth + 1);
    } else if (size && off % (int64_t)size == 0) {
        spell(t, ctx, base, 4, depth + 1);
        plr_put(t, "[%lld]", (long long)off / (long long)size);
    } else {
        /* a packed struct without debug info: only the byte says where */
        plr_put(t, "*(%u-byte field at byte %lld of ", size, (long long)off);
        spell(t, ctx, base, 0, depth + 1);
        plr_put(t, ")");
    }
}

static unsigned access_size(LLVMValueRef inst, LLVMTypeRef ty) {
    LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
    return (unsigned)LLVMStoreSizeOfType(td, ty);
}

static const char *binary_op(LLVMOpcode op, int *prec) {
    *prec = 2;
    switch (op) {
    case LLVMAdd: case LLVMFAdd: *prec = 1; return "+";
    case LLVMSub: case LLVMFSub: *prec = 1; return "-";
    case LLVMMul: case LLVMFMul: return "*";
    case LLVMSDiv: case LLVMUDiv: case LLVMFDiv: return "/";
    case LLVMSRem: case LLVMURem: case LLVMFRem: return "%";
    case LLVMShl: *prec = 0; return "<<";
    case LLVMLShr: case LLVMAShr: *prec = 0; return ">>";
    case LLVMAnd: *prec = 0; return "&";
    case LLVMOr: *prec = 0; return "|";
    case LLVMXor: *prec = 0; return "^";
    default: return NULL;
    }
}

static const char *compare_op(LLVMValueRef v) {
    if (LLVMGetInstructionOpcode(v) == LLVMICmp) {
        switch (LLVMGetICmpPredicate(v)) {
        case LLVMIntEQ: return "==";
        case LLVMIntNE: return "!=";
        case LLVMIntUGT: case LLVMIntSGT: return ">";
        case LLVMIntUGE: case LLVMIntSGE: return ">=";
        case LLVMIntULT: case LLVMIntSLT: return "<";
        case LLVMIntULE: case LLVMIntSLE: return "<=";
        }
        return "?";
    }
    switch (LLVMGetFCmpPredicate(v)) {
    case LLVMRealOEQ: case LLVMRealUEQ: return "==";
    case LLVMRealONE: case LLVMRealUNE: return "!=";
    case LLVMRealOGT: case LLVMRealUGT: return ">";
    case LLVMRealOGE: case LLVMRealUGE: return ">=";
    case LLVMRealOLT: case LLVMRealULT: return "<";
    case LLVMRealOLE: case LLVMRealULE: return "<=";
    default: return "?";
    }
}

static void spell_instruction(plr_text *t, plr_ctx *ctx, LLVMValueRef v, int prec, int depth) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    int mine;
    const char *sym = binary_op(op, &mine);
    if (sym) {
        LLVMValueRef l = LLVMGetOperand(v, 0), r = LLVMGetOperand(v, 1);
        /* x + -c reads x - c */
        if ((op == LLVMAdd || op == LLVMSub) && LLVMIsAConstantInt(r) && LLVMConstIntGetSExtValue(r) < 0 &&
            LLVMConstIntGetSExtValue(r) != INT64_MIN) {
            open_paren(t, 1, prec);
            spell(t, ctx, l, 1, depth + 1);
            plr_put(t, " %s %lld", op == LLVMAdd ? "-" : "+", -(long long)LLVMConstIntGetSExtValue(r));
            close_paren(t, 1, prec);
            return;
        }
        open_paren(t, mine, prec);
        spell(t, ctx, l, mine, depth + 1);
        plr_put(t, mine == 2 ? "%s" : " %s ", sym);
        spell(t, ctx, r, mine + 1, depth + 1);
        close_paren(t, mine, prec);
        return;
    }
    switch (op) {
    case LLVMFNeg:
        open_paren(t, 3, prec);
        plr_put(t, "-");
        spell(t, ctx, LLVMGetOperand(v, 0), 3, depth + 1);
        close_paren(t, 3, prec);
        return;
    case LLVMLoad:
        put_lvalue(t, ctx, LLVMGetOperand(v, 0), access_size(v, LLVMTypeOf(v)), depth);
        return;
    case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI:
    case LLVMFPToUI: case LLVMFPExt: case LLVMFPTrunc:
        open_paren(t, 3, prec);
        plr_put(t, "(%s)", c_type(LLVMTypeOf(v)));
        spell(t, ctx, LLVMGetOperand(v, 0), 3, depth + 1);
        close_paren(t, 3, prec);
        return;
    case LLVMICmp: case LLVMFCmp:
        open_paren(t, 0, prec);
        spell(t, ctx, LLVMGetOperand(v, 0), 1, depth + 1);
        plr_put(t, " %s ", compare_op(v));
        spell(t, ctx, LLVMGetOperand(v, 1), 1, depth + 1);
        close_paren(t, 0, prec);
        return;
    case LLVMSelect:
        plr_put(t, "(");
        spell(t, ctx, LLVMGetOperand(v, 0), 1, depth + 1);
        plr_put(t, " ? ");
        spell(t, ctx, LLVMGetOperand(v, 1), 1, depth + 1);
        plr_put(t, " : ");
        spell(t, ctx, LLVMGetOperand(v, 2), 1, depth + 1);
        plr_put(t, ")");
        return;
    case LLVMCall: {
        LLVMValueRef callee = LLVMGetCalledValue(v);
        size_t len = 0;
        const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : NULL;
        if (name && len > 5 && !strncmp(name, "llvm.", 5)) {
            /* llvm.fmuladd.f32 -> fmuladd, llvm.fabs.f64 -> fabs */
            name += 5;
            len = strcspn(name, ".");
        }
        plr_put(t, "%.*s(", (int)(name ? len : 8), name ? name : "function");
        unsigned nargs = LLVMGetNumArgOperands(v);
        for (unsigned k = 0; k < nargs; k++) {
            plr_put(t, k ? ", " : "");
            spell(t, ctx, LLVMGetOperand(v, k), 0, depth + 1);
        }
        plr_put(t, ")");
        return;
    }
    case LLVMPHI:
        put_phi(t, v);
        return;
    case LLVMGetElementPtr:
        plr_put(t, "&");
        put_lvalue(t, ctx, v, 0, depth);
        return;
    default:
        break;
    }
    /* Something rarer (a vector lane, an aggregate): no source spelling. */
    plr_put(t, "(a value computed before the loop)");
}

static void spell(plr_text *t, plr_ctx *ctx, LLVMValueRef v, int prec, int depth) {
    if (LLVMIsAConstantInt(v)) {
        long long k = LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1 ? (long long)LLVMConstIntGetZExtValue(v)
                                                              : LLVMConstIntGetSExtValue(v);
        open_paren(t, k < 0 ? 3 : 4, prec);
        plr_put(t, "%lld", k);
        close_paren(t, k < 0 ? 3 : 4, prec);
        return;
    }
    if (LLVMIsAConstantFP(v)) {
        LLVMBool lost;
        double d = LLVMConstRealGetDouble(v, &lost);
        open_paren(t, d < 0 ? 3 : 4, prec);
        put_fp(t, d, LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMFloatTypeKind);
        close_paren(t, d < 0 ? 3 : 4, prec);
        return;
    }
    if (LLVMIsAConstantPointerNull(v)) {
        plr_put(t, "NULL");
        return;
    }
    /* Instructions with structure are spelled from it (an IR name such as
     * "sub" says less); names first for everything else. */
    int structured = LLVMIsAInstruction(v) && !LLVMIsAPHINode(v);
    if (!structured && put_name(t, v))
        return;
    if (structured) {
        char n[128];
        if (plr_di_name(v, n, sizeof n)) { /* a variable the source assigned it to */
            plr_put(t, "%s", n);
            return;
        }
    }
    if (LLVMIsAArgument(v)) {
        LLVMValueRef fn = plr_ctx_function(ctx);
        unsigned np = LLVMCountParams(fn);
        for (unsigned k = 0; k < np; k++)
            if (LLVMGetParam(fn, k) == v) {
                plr_put(t, "arg%u", k + 1);
                return;
            }
    }
    if (depth >= SPELL_MAX_DEPTH) {
        plr_put(t, "...");
        return;
    }
    if (LLVMIsAInstruction(v)) {
        spell_instruction(t, ctx, v, prec, depth);
        return;
    }
    if (LLVMIsAGlobalValue(v)) {
        plr_put(t, "a global");
        return;
    }
    plr_put(t, "a constant");
}

void plr_spell(plr_text *t, plr_ctx *ctx, LLVMValueRef v, int prec) { spell(t, ctx, v, prec, 0); }

void plr_spell_array(plr_text *t, plr_ctx *ctx, LLVMValueRef access) {
    LLVMValueRef ptr = LLVMGetOperand(access, LLVMIsAStoreInst(access) ? 1 : 0);
    LLVMModuleRef mod = LLVMGetGlobalParent(plr_ctx_function(ctx));
    int64_t off, scale;
    LLVMValueRef index;
    plr_spell(t, ctx, plr_addr_split(mod, ptr, &off, &index, &scale), 0);
}

void plr_spell_load(plr_text *t, plr_ctx *ctx, LLVMValueRef load) {
    put_lvalue(t, ctx, LLVMGetOperand(load, 0), access_size(load, LLVMTypeOf(load)), 0);
}

void plr_spell_stored(plr_text *t, plr_ctx *ctx, LLVMValueRef store) {
    put_lvalue(t, ctx, LLVMGetOperand(store, 1), access_size(store, LLVMTypeOf(LLVMGetOperand(store, 0))), 0);
}

/* " (line L, column C)" from the instruction's debug location, if any. */
static void put_where(plr_text *t, LLVMValueRef inst) {
    unsigned line = LLVMGetDebugLocLine(inst);
    if (!line)
        return;
    unsigned col = LLVMGetDebugLocColumn(inst);
    if (col)
        plr_put(t, " (line %u, column %u)", line, col);
    else
        plr_put(t, " (line %u)", line);
}

static const char *op_noun(LLVMOpcode op) {
    switch (op) {
    case LLVMAdd: case LLVMFAdd: return "the addition";
    case LLVMSub: case LLVMFSub: return "the subtraction";
    case LLVMMul: case LLVMFMul: return "the multiplication";
    case LLVMSDiv: case LLVMUDiv: case LLVMFDiv: return "the division";
    case LLVMSRem: case LLVMURem: case LLVMFRem: return "the remainder";
    case LLVMShl: case LLVMLShr: case LLVMAShr: return "the shift";
    case LLVMAnd: case LLVMOr: case LLVMXor: return "the bitwise operation";
    case LLVMICmp: case LLVMFCmp: return "the comparison";
    case LLVMSelect: return "the conditional choice (?: or an if)";
    case LLVMFNeg: return "the negation";
    default: return NULL;
    }
}

void plr_describe(plr_text *t, plr_ctx *ctx, LLVMValueRef v) {
    if (!LLVMIsAInstruction(v)) {
        plr_put(t, "'");
        plr_spell(t, ctx, v, 0);
        plr_put(t, "'");
        return;
    }
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    const char *noun = op_noun(op);
    switch (op) {
    case LLVMStore:
        plr_put(t, "the store to ");
        put_lvalue(t, ctx, LLVMGetOperand(v, 1), access_size(v, LLVMTypeOf(LLVMGetOperand(v, 0))), 0);
        break;
    case LLVMLoad:
        plr_put(t, "the read of ");
        plr_spell_load(t, ctx, v);
        break;
    case LLVMCall: case LLVMInvoke: {
        LLVMValueRef callee = LLVMGetCalledValue(v);
        size_t len = 0;
        const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : NULL;
        if (name && len)
            plr_put(t, "the call to '%.*s'", (int)len, name);
        else
            plr_put(t, "the call through a function pointer");
        break;
    }
    case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI:
    case LLVMFPToUI: case LLVMFPExt: case LLVMFPTrunc:
        plr_put(t, "the conversion from %s to %s of '", c_type(LLVMTypeOf(LLVMGetOperand(v, 0))),
                c_type(LLVMTypeOf(v)));
        plr_spell(t, ctx, LLVMGetOperand(v, 0), 0);
        plr_put(t, "'");
        break;
    case LLVMPHI:
        plr_put(t, "the value '");
        put_phi(t, v);
        plr_put(t, "' carried from one iteration to the next");
        break;
    case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMFence:
        plr_put(t, "the atomic operation");
        break;
    default:
        if (noun) {
            plr_put(t, "%s '", noun);
            plr_spell(t, ctx, v, 0);
            plr_put(t, "'");
        } else {
            plr_put(t, "'");
            plr_spell(t, ctx, v, 0);
            plr_put(t, "'");
        }
        break;
    }
    put_where(t, v);
}
