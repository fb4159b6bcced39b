// shim.cpp - the C++ side of libPLRPass: plugin registration and the few
// analyses the LLVM C API does not expose, as C functions (see plr_pass.h).
//
// Extension point: VectorizerStart. By then the simplification pipeline has
// rotated every loop (latch-exiting, guarded), LICM has hoisted invariant
// coefficients, IndVarSimplify has canonicalized the induction variable and
// replaced most exit values, and InstCombine/GVN have folded the arithmetic;
// but neither the loop vectorizer nor the runtime unroller has run. After
// them (OptimizerLast) a recurrence is unrolled 4-8 times with an epilogue,
// which would have to be re-rolled before it could be recognized.
//
// LTO: -flto (full) runs the whole per-module pipeline at compile time,
// VectorizerStart included. -flto=thin's compile step stops after the
// simplification pipeline and the post-link pipeline runs in the linker,
// which never loads this plugin: there, OptimizerLast (which the ThinLTO
// pre-link pipeline invokes for exactly this reason) is where the pass runs,
// on loops in the same canonical shape. A pipeline that reached
// VectorizerStart ran the pass already; OptimizerLast does nothing then.
#include "plr_pass.h"
#include "marker.h"
#include "bound.h"
#include "outline.h"
#include "promote.h"
#include "distribute.h"
#include "nowrap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include "llvm/ADT/Statistic.h"

#include <cstdlib>
#include <memory>
#include <vector>

using namespace llvm;

static cl::opt<unsigned long long>
    MinN("plr-min-n", cl::init(65536),
         cl::desc("PLR: smallest trip count for which a replaced loop calls the runtime"));

#define DEBUG_TYPE "plr"
STATISTIC(NumCandidates, "Recurrence loops analyzed");
STATISTIC(NumReplaced, "Recurrence loops replaced with runtime calls");
STATISTIC(NumNests, "Loop nests replaced with one plr_run_many");
STATISTIC(NumLanes, "Of those, recurrences carried by the outer loop");
STATISTIC(NumRejected, "Recurrence loops not replaced");
STATISTIC(NumDistributed, "Loops of several recurrences split into a loop each");

struct plr_ctx {
  Function *F;
  LoopInfo *LI;
  ScalarEvolution *SE;
  DominatorTree *DT;
  OptimizationRemarkEmitter *ORE;
  AssumptionCache *AC;
  AAResults *AA;
  bool Modified = false;
  std::vector<Loop *> Loops;
  std::unique_ptr<SCEVExpander> Exp;
  // Loops (by header) whose bound in memory bound.cpp did not version: why.
  DenseMap<const BasicBlock *, plr_reason> BoundWhy;
  // The first block of each call path the rewrite built (outline.cpp).
  SmallVector<WeakVH, 4> CallPaths;
  // The loop under analysis and the no-wrap predicates its addresses were
  // read as affine under (plr_wrap_*).
  Loop *WrapLoop = nullptr;
  SmallVector<const SCEVPredicate *, 4> WrapPreds;
  // Run-time strides read as 1 (plr_stride_pin): the values set to 1 in
  // every SCEV the analysis reads, and the predicates the check tests.
  ValueToSCEVMapTy Pins;
  SmallVector<const SCEVPredicate *, 2> PinPreds;
};

// The function's one SCEV expander, made at its first use (its cache of
// expansions is shared by every caller)
static SCEVExpander &expander(plr_ctx *ctx) {
  if (!ctx->Exp)
    ctx->Exp = std::make_unique<SCEVExpander>(*ctx->SE, ctx->F->getDataLayout(), "plr");
  return *ctx->Exp;
}

// The predicates a replaced loop's check must find true (plr_wrap_take).
struct plr_wrap {
  SmallVector<const SCEVPredicate *, 4> Preds;
  unsigned Pinned = 0; // Preds ends with this many strides' pins
};

// V's SCEV as the analysis reads it: with the pinned strides set to 1.
static const SCEV *readSCEV(plr_ctx *ctx, Value *V) {
  const SCEV *X = ctx->SE->getSCEV(V);
  return ctx->Pins.empty() ? X : SCEVParameterRewriter::rewrite(X, *ctx->SE, ctx->Pins);
}

static Loop *L(plr_loop *l) { return reinterpret_cast<Loop *>(l); }
static const SCEV *S(plr_scev *s) { return reinterpret_cast<const SCEV *>(s); }
static plr_scev *S(const SCEV *s) { return reinterpret_cast<plr_scev *>(const_cast<SCEV *>(s)); }

template <class R> static R withArgs(R Rem, const plr_remark_arg *Args, unsigned N);

extern "C" {

LLVMValueRef plr_ctx_function(plr_ctx *ctx) { return wrap(ctx->F); }
unsigned plr_ctx_loop_count(plr_ctx *ctx) { return ctx->Loops.size(); }
plr_loop *plr_ctx_loop(plr_ctx *ctx, unsigned i) { return reinterpret_cast<plr_loop *>(ctx->Loops[i]); }
void plr_ctx_note_call_path(plr_ctx *ctx, LLVMBasicBlockRef call) { ctx->CallPaths.push_back(unwrap(call)); }

LLVMBasicBlockRef plr_loop_header(plr_loop *l) { return wrap(L(l)->getHeader()); }
LLVMBasicBlockRef plr_loop_preheader(plr_loop *l) { return wrap(L(l)->getLoopPreheader()); }
LLVMBasicBlockRef plr_loop_latch(plr_loop *l) { return wrap(L(l)->getLoopLatch()); }
LLVMBasicBlockRef plr_loop_exiting(plr_loop *l) { return wrap(L(l)->getExitingBlock()); }
LLVMBasicBlockRef plr_loop_exit(plr_loop *l) { return wrap(L(l)->getExitBlock()); }
int plr_loop_has_dedicated_exits(plr_loop *l) { return L(l)->hasDedicatedExits(); }
unsigned plr_loop_block_count(plr_loop *l) { return L(l)->getNumBlocks(); }
LLVMBasicBlockRef plr_loop_block(plr_loop *l, unsigned i) { return wrap(L(l)->getBlocks()[i]); }

int plr_loop_contains(plr_loop *l, LLVMValueRef v) {
  auto *I = dyn_cast<Instruction>(unwrap(v));
  return I && L(l)->contains(I);
}

int plr_loop_is_invariant(plr_loop *l, LLVMValueRef v) { return L(l)->isLoopInvariant(unwrap(v)); }

int plr_loop_has_marker(plr_loop *l, const char *name) {
  MDNode *ID = L(l)->getLoopID();
  if (!ID)
    return 0;
  return findOptionMDForLoopID(ID, name) != nullptr;
}

void plr_loop_add_marker(plr_loop *l, const char *name) {
  Loop *Lp = L(l);
  LLVMContext &C = Lp->getHeader()->getContext();
  SmallVector<Metadata *, 4> MDs;
  MDs.push_back(nullptr); // self reference, set below
  if (MDNode *ID = Lp->getLoopID())
    for (unsigned i = 1; i < ID->getNumOperands(); ++i)
      MDs.push_back(ID->getOperand(i));
  MDs.push_back(MDNode::get(C, MDString::get(C, name)));
  MDNode *N = MDNode::getDistinct(C, MDs);
  N->replaceOperandWith(0, N);
  Lp->setLoopID(N);
}

int plr_block_dominates(plr_ctx *ctx, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  return ctx->DT->dominates(unwrap(a), unwrap(b));
}

int plr_inst_has_side_effects(LLVMValueRef v) {
  auto *I = cast<Instruction>(unwrap(v));
  if (auto *II = dyn_cast<IntrinsicInst>(I))
    if (II->isAssumeLikeIntrinsic())
      return 0;
  return I->mayHaveSideEffects();
}

int plr_inst_is_atomic_or_volatile(LLVMValueRef v) {
  auto *I = cast<Instruction>(unwrap(v));
  return I->isAtomic() || I->isVolatile();
}

int plr_may_alias_store(plr_ctx *ctx, LLVMValueRef load, LLVMValueRef store) {
  auto *LI = cast<LoadInst>(unwrap(load));
  auto *SI = cast<StoreInst>(unwrap(store));
  return !ctx->AA->isNoAlias(MemoryLocation::get(LI),
                             MemoryLocation::getBeforeOrAfter(SI->getPointerOperand(), SI->getAAMetadata()));
}

plr_reason plr_bound_refusal(plr_ctx *ctx, plr_loop *l) {
  auto It = ctx->BoundWhy.find(L(l)->getHeader());
  return It == ctx->BoundWhy.end() ? PLR_R_BOUND_IN_MEMORY : It->second;
}

// The loop's back-edge count; for the loop under analysis, also where a
// narrow counter does not wrap (its predicates joined to the loop's).
static const SCEV *backedgeCount(plr_ctx *ctx, Loop *Lp) {
  if (Lp != ctx->WrapLoop)
    return ctx->SE->getBackedgeTakenCount(Lp);
  return plr_nowrap::backedgeCount(*ctx->SE, Lp, ctx->WrapPreds);
}

plr_scev *plr_scev_trip_count(plr_ctx *ctx, plr_loop *l) {
  ScalarEvolution &SE = *ctx->SE;
  const SCEV *BTC = backedgeCount(ctx, L(l));
  if (isa<SCEVCouldNotCompute>(BTC) || !BTC->getType()->isIntegerTy() ||
      BTC->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  Type *I64 = Type::getInt64Ty(ctx->F->getContext());
  return S(SE.getAddExpr(SE.getNoopOrZeroExtend(BTC, I64), SE.getOne(I64)));
}

// An address of the loop under analysis that is affine only where a
// narrower index it widens does not wrap (zext/sext of a narrow recurrence,
// `y[(unsigned char)i]`): the recurrence in the wide type, under predicates
// that the replaced loop's check tests before the call (LoopVersioning's
// SCEV predicates; the loop runs as written where one fails). Only wrap
// predicates of this loop, counted over its trip count (under such
// predicates too: backedgeCount).
static const SCEVAddRecExpr *predicatedAddRec(plr_ctx *ctx, const SCEV *X, Loop *Lp) {
  // (the loop's count is asked for when a plan is made: a loop without one
  // is not replaced, and one whose bound is read in memory is first
  // versioned into a copy that has one)
  if (Lp != ctx->WrapLoop)
    return nullptr;
  return plr_nowrap::affine(*ctx->SE, X, Lp, ctx->WrapPreds);
}

int plr_scev_affine(plr_ctx *ctx, plr_loop *l, LLVMValueRef v, plr_scev **start, int64_t *step) {
  ScalarEvolution &SE = *ctx->SE;
  Value *V = unwrap(v);
  if (!SE.isSCEVable(V->getType()))
    return 0;
  const SCEV *X = readSCEV(ctx, V);
  auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  if (!AR && V->getType()->isPointerTy())
    AR = predicatedAddRec(ctx, X, L(l));
  if (!AR || AR->getLoop() != L(l) || !AR->isAffine())
    return 0;
  auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!C || C->getAPInt().getSignificantBits() > 64)
    return 0;
  *start = S(AR->getStart());
  *step = C->getAPInt().getSExtValue();
  return 1;
}

int plr_scev_address(plr_ctx *ctx, plr_loop *l, LLVMValueRef ptr, plr_scev **start, int64_t *step) {
  ScalarEvolution &SE = *ctx->SE;
  const SCEV *X = readSCEV(ctx, unwrap(ptr));
  if (SE.isLoopInvariant(X, L(l))) {
    *start = S(X);
    *step = 0;
    return 1;
  }
  return plr_scev_affine(ctx, l, ptr, start, step);
}

void plr_wrap_begin(plr_ctx *ctx, plr_loop *l) {
  ctx->WrapLoop = L(l);
  ctx->WrapPreds.clear();
}

unsigned plr_wrap_pending(plr_ctx *ctx) { return ctx->WrapPreds.size(); }

plr_wrap *plr_wrap_take(plr_ctx *ctx) {
  if (ctx->WrapPreds.empty() && ctx->PinPreds.empty())
    return nullptr;
  auto *W = new plr_wrap;
  W->Preds = std::move(ctx->WrapPreds);
  ctx->WrapPreds.clear();
  W->Preds.append(ctx->PinPreds.begin(), ctx->PinPreds.end());
  W->Pinned = ctx->PinPreds.size();
  return W;
}

unsigned plr_wrap_no_wrap_count(const plr_wrap *w) { return w ? w->Preds.size() - w->Pinned : 0; }

// The access's stride, when it is f(v) bytes, v one value defined before
// the loop, and one element either way where v is 1: C in y[j*C] (4 *
// sext(C)).
LLVMValueRef plr_stride_pin_of_access(plr_ctx *ctx, plr_loop *l, LLVMValueRef access) {
  ScalarEvolution &SE = *ctx->SE;
  auto *I = cast<Instruction>(unwrap(access));
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(getLoadStorePointerOperand(I)));
  if (!AR || AR->getLoop() != L(l) || !AR->isAffine())
    return nullptr;
  const SCEV *Step = AR->getStepRecurrence(SE);
  struct Unknowns {
    SmallVector<const SCEVUnknown *, 2> U;
    bool follow(const SCEV *X) {
      if (auto *Un = dyn_cast<SCEVUnknown>(X))
        if (!is_contained(U, Un))
          U.push_back(Un);
      return true;
    }
    bool isDone() const { return U.size() > 1; }
  } Found;
  visitAll(Step, Found);
  if (Found.U.size() != 1)
    return nullptr;
  Value *V = Found.U[0]->getValue();
  if (!V->getType()->isIntegerTy() || !SE.isLoopInvariant(Step, L(l)) ||
      !SE.properlyDominates(Found.U[0], L(l)->getHeader()))
    return nullptr;
  ValueToSCEVMapTy M;
  M[V] = SE.getOne(V->getType());
  auto *C = dyn_cast<SCEVConstant>(SCEVParameterRewriter::rewrite(Step, SE, M));
  const int64_t Size = (int64_t)ctx->F->getDataLayout().getTypeAllocSize(getLoadStoreType(I));
  if (!C || C->getAPInt().getSignificantBits() > 64 ||
      (C->getAPInt().getSExtValue() != Size && C->getAPInt().getSExtValue() != -Size))
    return nullptr;
  return wrap(V);
}

void plr_stride_pin(plr_ctx *ctx, LLVMValueRef v) {
  if (!v) {
    ctx->Pins.clear();
    ctx->PinPreds.clear();
    return;
  }
  Value *Pin = unwrap(v);
  if (!ctx->Pins.try_emplace(Pin, ctx->SE->getOne(Pin->getType())).second)
    return;
  ctx->PinPreds.push_back(ctx->SE->getEqualPredicate(ctx->SE->getSCEV(Pin), ctx->SE->getOne(Pin->getType())));
}

void plr_wrap_free(plr_wrap *w) { delete w; }

int plr_wrap_invariant_in(plr_ctx *ctx, plr_loop *outer) {
  ScalarEvolution &SE = *ctx->SE;
  const Loop *O = L(outer);
  for (const SCEVPredicate *P : ctx->WrapPreds) {
    if (auto *W = dyn_cast<SCEVWrapPredicate>(P)) {
      const SCEVAddRecExpr *AR = W->getExpr();
      SmallVector<const SCEVPredicate *, 4> Ignored;
      const SCEV *Max = SE.getPredicatedSymbolicMaxBackedgeTakenCount(AR->getLoop(), Ignored);
      if (!SE.isLoopInvariant(AR->getStart(), O) || !SE.isLoopInvariant(AR->getStepRecurrence(SE), O) ||
          isa<SCEVCouldNotCompute>(Max) || !SE.isLoopInvariant(Max, O))
        return 0;
    } else if (auto *C = dyn_cast<SCEVComparePredicate>(P)) {
      if (!SE.isLoopInvariant(C->getLHS(), O) || !SE.isLoopInvariant(C->getRHS(), O))
        return 0;
    } else {
      return 0;
    }
  }
  return 1;
}

void plr_wrap_guard(plr_ctx *ctx, const plr_wrap *w, LLVMValueRef br) {
  auto *Br = cast<BranchInst>(unwrap(br));
  IRBuilder<> B(Br);
  Value *Wraps = nullptr;
  for (const SCEVPredicate *P : w->Preds) {
    // (true where the predicate fails, as LoopVersioning reads it)
    Value *Fails = expander(ctx).expandCodeForPredicate(P, Br);
    Wraps = Wraps ? B.CreateOr(Wraps, Fails) : Fails;
  }
  B.SetInsertPoint(Br);
  const char *Name = w->Pinned && w->Preds.size() == w->Pinned ? "plr.stride.one" : "plr.nowrap";
  Br->setCondition(B.CreateAnd(Br->getCondition(), B.CreateNot(Wraps, Name)));
}

plr_loop *plr_loop_parent(plr_loop *l) { return reinterpret_cast<plr_loop *>(L(l)->getParentLoop()); }

plr_scev *plr_scev_of(plr_ctx *ctx, LLVMValueRef v) {
  Value *V = unwrap(v);
  return ctx->SE->isSCEVable(V->getType()) ? S(readSCEV(ctx, V)) : nullptr;
}

plr_scev *plr_scev_offset(plr_ctx *ctx, plr_scev *base, plr_scev *step, int64_t k) {
  ScalarEvolution &SE = *ctx->SE;
  Type *I64 = Type::getInt64Ty(ctx->F->getContext());
  const SCEV *K = SE.getConstant(I64, k, true);
  const SCEV *Off = step ? SE.getMulExpr(K, SE.getTruncateOrSignExtend(S(step), I64)) : K;
  return S(SE.getAddExpr(S(base), Off));
}

int plr_scev_invariant(plr_ctx *ctx, plr_loop *l, plr_scev *s) { return ctx->SE->isLoopInvariant(S(s), L(l)); }

int plr_scev_recurrence(plr_ctx *ctx, plr_loop *l, plr_scev *s, plr_scev **start, plr_scev **step) {
  ScalarEvolution &SE = *ctx->SE;
  auto *AR = dyn_cast<SCEVAddRecExpr>(S(s));
  // (y[i*C] with int i and C: affine where the narrow product does not wrap)
  if (!AR && S(s)->getType()->isPointerTy())
    AR = predicatedAddRec(ctx, S(s), L(l));
  if (!AR || AR->getLoop() != L(l) || !AR->isAffine())
    return 0;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isLoopInvariant(Step, L(l)))
    return 0;
  *start = S(AR->getStart());
  *step = S(Step);
  return 1;
}

int plr_scev_constant(plr_scev *s, int64_t *value) {
  auto *C = dyn_cast<SCEVConstant>(S(s));
  if (!C || C->getAPInt().getSignificantBits() > 64)
    return 0;
  *value = C->getAPInt().getSExtValue();
  return 1;
}

int plr_scev_safe_to_expand(plr_ctx *ctx, plr_scev *s) {
  return expander(ctx).isSafeToExpand(S(s));
}

// S with each division SCEVExpander may not add (an unsigned division by a
// value that may be zero: it would trap where the program might never
// divide) read from an instruction of the program that computes it and
// dominates At instead: the program divides there itself, so the rewrite
// adds no division. A division no such instruction computes stays, and
// isSafeToExpand still refuses it.
struct ReuseDivisions : SCEVRewriteVisitor<ReuseDivisions> {
  DominatorTree &DT;
  const Instruction *At;
  ReuseDivisions(ScalarEvolution &SE, DominatorTree &DT, const Instruction *At)
      : SCEVRewriteVisitor(SE), DT(DT), At(At) {}
  const SCEV *visitUDivExpr(const SCEVUDivExpr *E) {
    if (!SE.isKnownNonZero(E->getRHS()))
      if (const SCEV *R = existing(E))
        return R;
    return SCEVRewriteVisitor::visitUDivExpr(E);
  }
  // A udiv instruction in a block dominating At, before At, whose SCEV is
  // E (or E's narrower form: SCEV moves a zext into the division, `(zext
  // C) /u (zext D)` for the i32 `C / D` widened into an index).
  const SCEV *existing(const SCEVUDivExpr *E) {
    for (DomTreeNode *N = DT.getNode(At->getParent()); N; N = N->getIDom())
      for (Instruction &I : *N->getBlock()) {
        if (&I == At)
          break;
        if (I.getOpcode() != Instruction::UDiv || !SE.isSCEVable(I.getType()))
          continue;
        const SCEV *Found = SE.getSCEV(&I);
        if (Found == E)
          return SE.getUnknown(&I);
        if (SE.getTypeSizeInBits(Found->getType()) < SE.getTypeSizeInBits(E->getType()) &&
            SE.getZeroExtendExpr(Found, E->getType()) == E)
          return SE.getZeroExtendExpr(SE.getUnknown(&I), E->getType());
      }
    return nullptr;
  }
};

static const SCEV *reuseDivisions(plr_ctx *ctx, const SCEV *X, const Instruction *At) {
  if (expander(ctx).isSafeToExpand(X))
    return X; // (expanded as before: nothing to read from the program)
  return ReuseDivisions(*ctx->SE, *ctx->DT, At).visit(X);
}

int plr_scev_safe_to_expand_at(plr_ctx *ctx, plr_scev *s, LLVMValueRef before) {
  SCEVExpander &E = expander(ctx);
  return E.isSafeToExpand(S(s)) ||
         E.isSafeToExpand(ReuseDivisions(*ctx->SE, *ctx->DT, cast<Instruction>(unwrap(before))).visit(S(s)));
}

struct plr_vmap {
  ValueToValueMapTy VM;
};

plr_vmap *plr_clone_loop(plr_ctx *ctx, plr_loop *l, LLVMBasicBlockRef from, LLVMBasicBlockRef exit_to) {
  Loop *Lp = L(l);
  auto *M = new plr_vmap;
  BasicBlock *Pre = Lp->getLoopPreheader();
  BasicBlock *Exit = Lp->getExitBlock();
  M->VM[Pre] = unwrap(from);
  M->VM[Exit] = unwrap(exit_to);
  SmallVector<BasicBlock *, 8> Blocks;
  for (BasicBlock *BB : Lp->blocks()) {
    BasicBlock *N = CloneBasicBlock(BB, M->VM, ".plrmap", ctx->F);
    N->moveBefore(unwrap(exit_to));
    M->VM[BB] = N;
    Blocks.push_back(N);
  }
  remapInstructionsInBlocks(Blocks, M->VM);
  // Cloned instructions keep the loop's metadata; the map loop is not the
  // loop the metadata describes (and must not look like a second candidate).
  for (BasicBlock *N : Blocks)
    N->getTerminator()->setMetadata(LLVMContext::MD_loop, nullptr);
  return M;
}

LLVMValueRef plr_vmap_get(plr_vmap *m, LLVMValueRef v) {
  auto It = m->VM.find(unwrap(v));
  return It == m->VM.end() ? nullptr : wrap(It->second);
}

LLVMBasicBlockRef plr_vmap_block(plr_vmap *m, LLVMBasicBlockRef b) {
  auto It = m->VM.find(unwrap(b));
  return It == m->VM.end() ? nullptr : wrap(cast<BasicBlock>(It->second));
}

void plr_vmap_free(plr_vmap *m) { delete m; }

// zext(a + c) as zext(a) + c, zext(c * a) as c * zext(a) (sext likewise),
// for a narrow value a defined before the loop under analysis and a
// constant c: equal where a + c, c * a do not wrap (unsigned, signed), which
// compare predicates say and the check before the call tests with the
// no-wrap predicates.
// Two addresses of one narrow index, y[i] and y[i - 1] with int i and a
// long bound, reach the pass as zext(t - 1) and zext(t - 2) (t = trunc(n)):
// SCEV cannot fold their difference, which is -1 wherever t >= 2.
class WidenedOffsets : public SCEVRewriteVisitor<WidenedOffsets> {
  plr_ctx *Ctx;

public:
  SmallVector<const SCEVPredicate *, 2> Preds;
  WidenedOffsets(plr_ctx *C) : SCEVRewriteVisitor(*C->SE), Ctx(C) {}

  // a value the predicates may compare: defined before the loop under
  // analysis, and expandable there
  bool comparable(const SCEV *A) {
    const Loop *Lp = Ctx->WrapLoop;
    return SE.isLoopInvariant(A, Lp) && expander(Ctx).isSafeToExpand(A) && SE.properlyDominates(A, Lp->getHeader());
  }
  // X widened: by the rules below where one applies (before SCEV folds
  // the extension of a product its own way), else as SCEV extends it
  const SCEV *extend(const SCEV *X, Type *Wide, bool Signed) {
    if (const SCEV *R = widen(X, Wide, Signed))
      return R;
    return visit(Signed ? SE.getSignExtendExpr(X, Wide) : SE.getZeroExtendExpr(X, Wide));
  }
  void require(ICmpInst::Predicate P, const SCEV *A, const APInt &Lim) {
    Preds.push_back(SE.getComparePredicate(P, A, SE.getConstant(Lim)));
  }
  // zext/sext of X = c + a or c * a (nullptr: X is neither)
  const SCEV *widen(const SCEV *X, Type *Wide, bool Signed) {
    auto *N = dyn_cast<SCEVNAryExpr>(X);
    if (!N || N->getNumOperands() != 2 || !Ctx->WrapLoop || !isa<SCEVConstant>(N->getOperand(0)))
      return nullptr;
    const APInt &c = cast<SCEVConstant>(N->getOperand(0))->getAPInt();
    const SCEV *A = N->getOperand(1);
    const unsigned W = c.getBitWidth();
    if (c.isZero() || W > 64 || !comparable(A))
      return nullptr;
    const SCEV *Cw = SE.getConstant(Wide, c.getSExtValue(), true);
    if (isa<SCEVAddExpr>(N)) {
      // a + c stays in range: a >= -c or a <= max - c (unsigned, signed)
      if (!Signed)
        require(c.isNegative() ? ICmpInst::ICMP_UGE : ICmpInst::ICMP_ULE, A,
                c.isNegative() ? -c : APInt::getMaxValue(W) - c);
      else
        require(c.isNegative() ? ICmpInst::ICMP_SGE : ICmpInst::ICMP_SLE, A,
                c.isNegative() ? APInt::getSignedMinValue(W) - c : APInt::getSignedMaxValue(W) - c);
      return SE.getAddExpr(extend(A, Wide, Signed), Cw);
    }
    if (isa<SCEVMulExpr>(N) && c.isStrictlyPositive() && !c.isOne()) {
      // c * a stays in range: a <= max / c (unsigned), min / c <= a <= max / c
      if (!Signed) {
        require(ICmpInst::ICMP_ULE, A, APInt::getMaxValue(W).udiv(c));
      } else {
        require(ICmpInst::ICMP_SLE, A, APInt::getSignedMaxValue(W).sdiv(c));
        require(ICmpInst::ICMP_SGE, A, APInt::getSignedMinValue(W).sdiv(c));
      }
      return SE.getMulExpr(Cw, extend(A, Wide, Signed));
    }
    return nullptr;
  }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) {
    if (const SCEV *R = widen(E->getOperand(), E->getType(), false))
      return R;
    return SCEVRewriteVisitor::visitZeroExtendExpr(E);
  }
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) {
    if (const SCEV *R = widen(E->getOperand(), E->getType(), true))
      return R;
    return SCEVRewriteVisitor::visitSignExtendExpr(E);
  }
};

int plr_scev_may_be_steps_apart(plr_ctx *ctx, plr_scev *a, plr_scev *b) {
  ScalarEvolution &SE = *ctx->SE;
  if (!S(a)->getType()->isPointerTy() || !S(b)->getType()->isPointerTy() ||
      SE.getPointerBase(S(a)) != SE.getPointerBase(S(b)))
    return 0;
  return !isa<SCEVConstant>(SE.getMinusSCEV(S(a), S(b)));
}

int plr_scev_const_diff(plr_ctx *ctx, plr_scev *a, plr_scev *b, int64_t *diff) {
  ScalarEvolution &SE = *ctx->SE;
  if (S(a)->getType() != S(b)->getType())
    return 0;
  auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(S(a), S(b)));
  if (!C && ctx->WrapLoop) {
    WidenedOffsets Wo(ctx);
    const SCEV *A = Wo.visit(S(a)), *B = Wo.visit(S(b));
    C = Wo.Preds.empty() ? nullptr : dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B));
    if (C && C->getAPInt().getSignificantBits() <= 64)
      for (const SCEVPredicate *P : Wo.Preds)
        if (!is_contained(ctx->WrapPreds, P))
          ctx->WrapPreds.push_back(P);
  }
  if (!C || C->getAPInt().getSignificantBits() > 64)
    return 0;
  *diff = C->getAPInt().getSExtValue();
  return 1;
}

plr_scev *plr_scev_exit_value(plr_ctx *ctx, plr_loop *l, LLVMValueRef v) {
  ScalarEvolution &SE = *ctx->SE;
  Value *V = unwrap(v);
  if (!SE.isSCEVable(V->getType()))
    return nullptr;
  const SCEV *X = SE.getSCEVAtScope(readSCEV(ctx, V), L(l)->getParentLoop());
  if (isa<SCEVCouldNotCompute>(X) || !SE.isLoopInvariant(X, L(l)))
    return nullptr;
  if (!expander(ctx).isSafeToExpand(X))
    return nullptr;
  return S(X);
}

LLVMValueRef plr_scev_expand(plr_ctx *ctx, plr_scev *s, LLVMTypeRef ty, LLVMValueRef before) {
  auto *At = cast<Instruction>(unwrap(before));
  return wrap(expander(ctx).expandCodeFor(reuseDivisions(ctx, S(s), At), unwrap(ty), At));
}

// a loop and every loop inside it in simplified form
static bool nestSimplified(const Loop *Lp) {
  if (!Lp->isLoopSimplifyForm())
    return false;
  for (const Loop *Sub : *Lp)
    if (!nestSimplified(Sub))
      return false;
  return true;
}

void plr_simplify_loop(plr_ctx *ctx, plr_loop *l) {
  // Dedicated exits and a preheader: the rewrite needs an edge into the loop
  // and one out of it that nothing else uses, and the analyses of a nest (a
  // run-time order's tap loop, a row loop) the same of its inner loops; an
  // outer loop already in form says nothing of them (ludcmp's back
  // substitution, inlined into main, has a tap loop without a preheader).
  // simplifyLoop takes the whole nest. Keeps LCSSA (and LI/DT/SE) valid.
  if (!nestSimplified(L(l)))
    ctx->Modified |= simplifyLoop(L(l), ctx->DT, ctx->LI, ctx->SE, ctx->AC, nullptr, false);
}

void plr_form_lcssa(plr_ctx *ctx, plr_loop *l) { formLCSSA(*L(l), *ctx->DT, ctx->LI, ctx->SE); }

int plr_loop_splits_into_groups(plr_ctx *ctx, plr_loop *l) { return plrSplitsIntoGroups(*L(l), *ctx->SE); }

LLVMBasicBlockRef plr_split_before_terminator(LLVMBasicBlockRef bb) {
  BasicBlock *B = unwrap(bb);
  return wrap(SplitBlock(B, B->getTerminator(), static_cast<DominatorTree *>(nullptr)));
}

void plr_remark_args(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *l, const char *name,
                     const plr_remark_arg *args, unsigned nargs) {
  plr_remark_args_at(ctx, kind, l, nullptr, name, args, nargs);
}

// Where a remark about instruction At goes: At's own location when it has
// one (line 0 is none: a location the compiler made up for merged code),
// else the loop's start.
static DebugLoc remarkLoc(Loop *Lp, LLVMValueRef At) {
  if (At)
    if (auto *I = dyn_cast<Instruction>(unwrap(At)))
      if (const DebugLoc &DL = I->getDebugLoc(); DL && DL.getLine() != 0)
        return DL;
  return Lp->getStartLoc();
}

// The loop's start as a remark argument: its DebugLoc is the field
// -fsave-optimization-record writes; its text the line and column, with the
// file where it is not the remark's own (a loop inlined from a header).
static DiagnosticInfoOptimizationBase::Argument loopArg(const DebugLoc &Loop, const DebugLoc &At) {
  DiagnosticInfoOptimizationBase::Argument A("Loop", Loop);
  if (Loop->getFilename() == At->getFilename() && Loop->getDirectory() == At->getDirectory())
    A.Val = ("line " + Twine(Loop.getLine()) + ", column " + Twine(Loop.getCol())).str();
  return A;
}

void plr_remark_args_at(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *l, LLVMValueRef at, const char *name,
                        const plr_remark_arg *args, unsigned nargs) {
  Loop *Lp = L(l);
  DebugLoc LoopDL = Lp->getStartLoc(), DL = remarkLoc(Lp, at);
  // A remark moved off the loop's start says where the loop is, as text
  // and as the argument Loop.
  bool Moved = LoopDL && DL &&
               (DL.getLine() != LoopDL.getLine() || DL.getCol() != LoopDL.getCol() ||
                DL->getFilename() != LoopDL->getFilename());
  auto Emit = [&](auto Rem) {
    auto R = withArgs(std::move(Rem), args, nargs);
    if (Moved) {
      R << "; in the loop at ";
      R << loopArg(LoopDL, DL);
    }
    return R;
  };
  BasicBlock *H = Lp->getHeader();
  switch (kind) {
  case PLR_REMARK_PASSED:
    ctx->ORE->emit([&] { return Emit(OptimizationRemark("plr", name, DL, H)); });
    break;
  case PLR_REMARK_MISSED: {
    ctx->ORE->emit([&] { return Emit(OptimizationRemarkMissed("plr", name, DL, H)); });
    std::string Msg;
    for (unsigned I = 0; I < nargs; ++I)
      Msg += args[I].value;
    plrMarkerMissed(*ctx->F, *Lp, Msg.c_str()); // a marked loop: also a warning
    break;
  }
  case PLR_REMARK_ANALYSIS:
    ctx->ORE->emit([&] { return Emit(OptimizationRemarkAnalysis("plr", name, DL, H)); });
    break;
  }
}

void plr_remark(plr_ctx *ctx, enum plr_remark_kind kind, plr_loop *l, const char *name, const char *msg) {
  plr_remark_arg A = {nullptr, msg};
  plr_remark_args(ctx, kind, l, name, &A, 1);
}

void plr_count(enum plr_stat s) {
  switch (s) {
  case PLR_STAT_CANDIDATES: ++NumCandidates; break;
  case PLR_STAT_REPLACED: ++NumReplaced; break;
  case PLR_STAT_NESTS: ++NumNests; break;
  case PLR_STAT_LANES: ++NumLanes; break;
  case PLR_STAT_REJECTED: ++NumRejected; break;
  }
}

uint64_t plr_min_n(void) {
  if (const char *e = std::getenv("PLR_PASS_MIN_N")) {
    char *end;
    unsigned long long v = std::strtoull(e, &end, 10);
    if (end != e && *end == '\0')
      return v;
  }
  return MinN;
}

int plr_min_n_given(void) {
  if (const char *e = std::getenv("PLR_PASS_MIN_N")) {
    char *end;
    std::strtoull(e, &end, 10);
    if (end != e && *end == '\0')
      return 1;
  }
  return MinN.getNumOccurrences() > 0;
}

} // extern "C"

template <class R> static R withArgs(R Rem, const plr_remark_arg *Args, unsigned N) {
  for (unsigned I = 0; I < N; ++I) {
    if (Args[I].key)
      Rem << ore::NV(Args[I].key, Args[I].value);
    else
      Rem << Args[I].value;
  }
  return Rem;
}


namespace {

// libplr's own entry points, by exact name: compiled with the plugin (an
// LTO build of the library, or plr-cc building it), their serial loops
// would become calls into themselves. A user's plr_smooth is not one of them.
bool isRuntimeEntry(StringRef Name) {
  static const char *const Names[] = {
      "plr_run",         "plr_run_with",   "plr_run_many",        "plr_signature_check",
      "plr_pays",        "plr_pays_with",  "plr_pays_many",       "plr_options_from_env",
      "plr_device_parse", "plr_device_name", "plr_device_available", "plr_signature_parse",
      "plr_signature_format", "plr_type_size", "plr_type_name",   "plr_type_parse",
      "plr_type_is_float", "plr_strerror",  "plr_version",         "plr_backend_serial",
      "plr_backend_cpu", "plr_backend_cuda", "plr_signature_from_array",
  };
  for (const char *N : Names)
    if (Name == N)
      return true;
  return false;
}

struct PLRPass : PassInfoMixin<PLRPass> {
  // The name -passes= parses: -print-pipeline-passes prints it, and its
  // output must parse back.
  static StringRef name() { return "plr"; }

  // The analyses the driver reads, afresh (after a promotion changed F).
  static bool setUp(plr_ctx &ctx, Function &F, FunctionAnalysisManager &FAM) {
    ctx.F = &F;
    ctx.LI = &FAM.getResult<LoopAnalysis>(F);
    if (ctx.LI->empty())
      return false;
    ctx.SE = &FAM.getResult<ScalarEvolutionAnalysis>(F);
    ctx.DT = &FAM.getResult<DominatorTreeAnalysis>(F);
    ctx.ORE = &FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    ctx.AC = &FAM.getResult<AssumptionAnalysis>(F);
    ctx.AA = &FAM.getResult<AAManager>(F);
    ctx.Loops.clear();
    ctx.Exp.reset();
    for (Loop *Top : *ctx.LI)
      for (Loop *Lp : depth_first(Top))
        if (Lp->isInnermost())
          ctx.Loops.push_back(Lp);
    // LoopInfo lists top-level loops in reverse program order.
    std::reverse(ctx.Loops.begin(), ctx.Loops.end());
    return true;
  }

  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration() || isRuntimeEntry(F.getName()) || F.hasFnAttribute(PLR_CALL_PATH_ATTR))
      return PreservedAnalyses::all();
    plr_ctx ctx;
    if (!setUp(ctx, F, FAM))
      return PreservedAnalyses::all();
    // Versioned loops, in the order made (a state promoted in a copy that
    // reads its bound once comes after it), settled in reverse.
    SmallVector<PromotedState, 4> Versioned;
    bool Reshaped = false;
    // Rounds of one change at a time: `tryLoop` versions one loop and says
    // whether it changed the function; the analyses are recomputed after
    // each change (the copy and the check change the CFG), at most 8 times.
    auto rounds = [&](auto tryLoop) {
      for (unsigned Round = 0; Round < 8; Round++) {
        bool Did = false;
        for (Loop *Lp : ctx.Loops)
          if ((Did = tryLoop(Lp)))
            break;
        if (!Did)
          return;
        Reshaped = true;
        ctx.Exp.reset();
        FAM.invalidate(F, PreservedAnalyses::none());
        setUp(ctx, F, FAM);
      }
    };
    // Bounds kept in memory first (bound.cpp), so that a state kept in
    // memory beside one has a trip count to promote with; each loop tried once.
    SmallPtrSet<const BasicBlock *, 8> Tried;
    rounds([&](Loop *Lp) {
      LLVMValueRef Bound = plr_bound_versioning_wanted(&ctx, reinterpret_cast<plr_loop *>(Lp));
      if (!Bound || !Tried.insert(Lp->getHeader()).second)
        return false;
      PromotedState PS;
      bool Touched = false;
      plr_reason Why = plrVersionBound(F, *Lp, cast<LoadInst>(unwrap(Bound)), *ctx.LI, *ctx.DT, *ctx.SE, *ctx.AA,
                                       *ctx.AC, FAM.getResult<TargetLibraryAnalysis>(F), PS, Touched);
      if (Why == PLR_OK_CANDIDATE)
        Versioned.push_back(PS);
      else
        ctx.BoundWhy[Lp->getHeader()] = Why;
      return Touched;
    });
    // States kept in memory.
    rounds([&](Loop *Lp) {
      PromotedState PS;
      if (!plr_state_promotion_wanted(&ctx, reinterpret_cast<plr_loop *>(Lp)) ||
          !plrPromoteState(F, *Lp, *ctx.LI, *ctx.DT, *ctx.SE, *ctx.AA, *ctx.AC, PS))
        return false;
      Versioned.push_back(PS);
      return true;
    });
    // Several independent recurrences in one loop that no call plan takes
    // together: a loop each (distribute.cpp); each loop tried once.
    SmallVector<DistributedLoop, 2> Distributed;
    SmallPtrSet<const BasicBlock *, 8> TriedSplit;
    rounds([&](Loop *Lp) {
      if (!TriedSplit.insert(Lp->getHeader()).second ||
          !plr_distribution_wanted(&ctx, reinterpret_cast<plr_loop *>(Lp)))
        return false;
      DistributedLoop D;
      unsigned N = plrDistribute(F, *Lp, *ctx.LI, *ctx.DT, *ctx.SE, *ctx.AA, D);
      if (!N)
        return false;
      char Msg[512], Checked[160] = "";
      if (D.Checks)
        snprintf(Checked, sizeof Checked,
                 " (%u pair%s of ranges checked before the loop, which runs as written where they overlap)", D.Checks,
                 D.Checks == 1 ? "" : "s");
      char Short[96] = "";
      if (D.MinTrips)
        snprintf(Short, sizeof Short, " (below %llu iterations, where no copy would call, the loop runs as written)",
                 (unsigned long long)D.MinTrips);
      unsigned R = N - D.PlainCopies;
      char What[96];
      snprintf(What, sizeof What, R == 1 ? "recurrence" : "%u independent recurrences", R);
      snprintf(Msg, sizeof Msg,
               "the loop's %s%s (%seach one's stores apart from every access of the others%s) are split into %u "
               "loops, one per recurrence%s, each analyzed alone%s; if none of them is replaced the loop stays as "
               "written",
               What, D.PlainCopies ? " and its stores that read none" : "",
               R == 1 ? "" : "no state read by another's update, ", Checked, N,
               D.PlainCopies ? " and one for those stores" : "", Short);
      plr_remark(&ctx, PLR_REMARK_ANALYSIS, reinterpret_cast<plr_loop *>(Lp), "Distributed", Msg);
      ++NumDistributed;
      Distributed.push_back(D);
      return true;
    });
    bool Changed = plr_run_on_function(&ctx);
    ctx.Exp.reset();
    // Each versioned loop settled before any block is removed: removing
    // unreachable blocks folds a branch on a constant, another loop's choice.
    for (const DistributedLoop &D : reverse(Distributed))
      plrSettleDistributed(F, D);
    SmallVector<Instruction *, 4> Hoisted;
    for (const PromotedState &PS : reverse(Versioned))
      if (plrSettlePromoted(F, PS) && PS.Hoisted)
        Hoisted.push_back(PS.Hoisted);
    if (!Distributed.empty() || !Versioned.empty())
      removeUnreachableBlocks(F);
    for (Instruction *H : Hoisted)
      plrDeleteDeadBefore(H);
    // Last: settling may still rewrite F, and the driver's analyses describe
    // the function with its call paths.
    plrOutlineCallPaths(F, ctx.CallPaths, ctx.AC);
    if (Reshaped)
      return PreservedAnalyses::none();
    if (!Changed && ctx.Modified) {
      PreservedAnalyses PA;
      PA.preserve<LoopAnalysis>();
      PA.preserve<DominatorTreeAnalysis>();
      PA.preserve<ScalarEvolutionAnalysis>();
      return PA;
    }
    return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  }
};

} // namespace

#define PLR_STR_(x) #x
#define PLR_STR(x) PLR_STR_(x)

// Whether the pipeline being built reached VectorizerStart (and so has the
// pass). Pipeline start resets it: PB builds one pipeline at a time, and
// every default pipeline but the LTO post-link ones begins there.
struct PipelineHasPass {
  bool Yes = false;
};

static void registerPLR(PassBuilder &PB) {
  auto Has = std::make_shared<PipelineHasPass>();
  PB.registerPipelineStartEPCallback([Has](ModulePassManager &, OptimizationLevel) { Has->Yes = false; });
  PB.registerVectorizerStartEPCallback([Has](FunctionPassManager &FPM, OptimizationLevel Lvl) {
    Has->Yes = true;
    if (Lvl != OptimizationLevel::O0)
      FPM.addPass(PLRPass());
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "plr")
          return false;
        FPM.addPass(PLRPass());
        return true;
      });
  plrMarkerRegister(PB); // #pragma plr recurrence (marker.cpp); after the plr pass
  // ThinLTO pre-link (see the top of this file): the pass and the check for
  // marked loops, which would otherwise both wait for a linker without them.
  PB.registerOptimizerLastEPCallback([Has, &PB](ModulePassManager &MPM, OptimizationLevel Lvl) {
    if (Has->Yes || Lvl == OptimizationLevel::O0)
      return;
    FunctionPassManager FPM;
    if (Error E = PB.parsePassPipeline(FPM, "plr,plr-check"))
      report_fatal_error(std::move(E));
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  });
}

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default"))) PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "PLRPass", PLR_STR(PLR_VERSION_MAJOR) "." PLR_STR(PLR_VERSION_MINOR),
          registerPLR};
}
