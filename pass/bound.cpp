// bound.cpp - a loop bound read from memory on every iteration, read once
// behind a run-time check.
//
// `for (i = 0; i < c->n; i++) y[i] = x[i] + c->k*s;` with `int n` beside
// int data and no restrict: y[i] may be c->n, so LICM leaves the load in
// the loop and SCEV cannot count the iterations. Here the loop is versioned
// (as LLVM's LoopVersioningLICM would, for this one load): the bound is
// loaded once in the preheader, and a copy of the loop compares with that
// value instead of reloading it, so its trip count N is an expression of
// the value. The copy runs when the bound's bytes lie outside every byte
// the loop's stores write during N iterations; otherwise the loop as
// written runs (marked plr.versioned, which the pass leaves alone).
//
// Why the copy is then the same loop: only the reload differs, and the
// only writes between the preheader and any reload are the loop's own
// stores (no call may write memory: checked below). By induction over the
// iterations k < N, no store of iterations 0..k wrote the bound (the check
// covers every store of N iterations), so the k-th reload reads the value
// loaded before the loop and both loops take the same branch; they leave
// after the same N iterations. The copy is then analyzed like any loop; if
// the pass does not replace it, the versioning is undone
// (plrSettlePromoted), as a promoted state's is.
#include "bound.h"
#include "nowrap.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace {

// A filter's output and a few maps; more would make the check long.
constexpr unsigned MaxStores = 8;

// A store that may write the bound: at a fixed address, or walking the
// loop by a constant step of Step bytes.
struct Written {
  StoreInst *I;
  uint64_t Size;
  bool Fixed;
  int64_t Step;
};

// The loop's stores that alias analysis cannot keep apart from the bound.
// PLR_OK_CANDIDATE, or why the check cannot be built: another instruction
// may write memory, a store neither fixed nor walking by a constant step,
// too many, or one whose first write lands on the bound.
plr_reason collect(Loop &L, ScalarEvolution &SE, DominatorTree &DT, AAResults &AA, const DataLayout &DL,
                   LoadInst *Bound, SmallVectorImpl<Written> &Out) {
  MemoryLocation BLoc = MemoryLocation::get(Bound);
  uint64_t BSize = DL.getTypeStoreSize(Bound->getType()).getFixedValue();
  const SCEV *BPtr = SE.getSCEV(Bound->getPointerOperand());
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!SI) {
        if (auto *II = dyn_cast<IntrinsicInst>(&I))
          if (II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd())
            continue;
        if (I.mayWriteToMemory())
          return PLR_R_CALL; // (the structure check says so first)
        continue;
      }
      if (!SI->isSimple())
        return PLR_R_VOLATILE;
      Value *Ptr = SI->getPointerOperand();
      if (AA.isNoAlias(MemoryLocation::getBeforeOrAfter(Ptr, SI->getAAMetadata()), BLoc))
        continue;
      TypeSize TS = DL.getTypeStoreSize(SI->getValueOperand()->getType());
      if (TS.isScalable())
        return PLR_R_BOUND_IN_MEMORY;
      const SCEV *First = SE.getSCEV(Ptr);
      Written W{SI, TS.getFixedValue(), SE.isLoopInvariant(First, &L), 0};
      if (!W.Fixed) {
        auto *AR = dyn_cast<SCEVAddRecExpr>(First);
        SmallPtrSet<const SCEVPredicate *, 4> Ignored; // (the copy's are tested: plr_nowrap::affine)
        if (!AR)
          AR = SE.convertSCEVToAddRecWithPredicates(First, &L, Ignored);
        auto *Step = AR ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
        if (!AR || AR->getLoop() != &L || !AR->isAffine() || !Step || Step->getAPInt().getSignificantBits() > 32)
          return PLR_R_BOUND_IN_MEMORY;
        W.Step = Step->getAPInt().getSExtValue();
        First = AR->getStart();
      }
      // A store that writes the bound's bytes on the first iteration (the
      // bound an element of the output, a field the loop stores) would
      // make the check fail every time: no versioning.
      if (auto *D = dyn_cast<SCEVConstant>(SE.getMinusSCEV(First, BPtr))) {
        int64_t d = D->getAPInt().getSExtValue();
        if (d < (int64_t)BSize && -d < (int64_t)W.Size && DT.dominates(BB, L.getLoopLatch()))
          return PLR_R_BOUND_WRITTEN;
      }
      if (Out.size() == MaxStores)
        return PLR_R_BOUND_IN_MEMORY;
      Out.push_back(W);
    }
  }
  return PLR_OK_CANDIDATE;
}

// Back to the loop as written: the choice always takes the original, the
// copy and what was read and computed before it for it alone are deleted.
void undo(Function &F, BranchInst *Choice, BasicBlock *Original, LoadInst *Hoisted) {
  ReplaceInstWithInst(Choice, BranchInst::Create(Original));
  removeUnreachableBlocks(F);
  plrDeleteDeadBefore(Hoisted);
  MergeBlockIntoPredecessor(Original);
}

} // namespace

plr_reason plrVersionBound(Function &F, Loop &L, LoadInst *Bound, LoopInfo &LI, DominatorTree &DT,
                           ScalarEvolution &SE, AAResults &AA, AssumptionCache &AC, TargetLibraryInfo &TLI,
                           PromotedState &Out, bool &Changed) {
  Changed = false;
  const DataLayout &DL = F.getDataLayout();
  if (!Bound->isSimple() || !L.contains(Bound) || !L.isLoopInvariant(Bound->getPointerOperand()))
    return PLR_R_BOUND_IN_MEMORY;
  if (L.isInnermost() && !L.isLoopSimplifyForm())
    Changed |= simplifyLoop(&L, &DT, &LI, &SE, &AC, nullptr, false);
  if (!L.isInnermost() || !L.isLoopSimplifyForm() || !L.getExitBlock() || L.getExitingBlock() != L.getLoopLatch())
    return PLR_R_SHAPE;
  SmallVector<Written, MaxStores> Stores;
  plr_reason Why = collect(L, SE, DT, AA, DL, Bound, Stores);
  if (Why != PLR_OK_CANDIDATE)
    return Why;

  formLCSSA(L, DT, &LI, &SE);
  Changed = true;
  LLVMContext &C = F.getContext();
  BasicBlock *Pre = L.getLoopPreheader(), *Header = L.getHeader(), *Latch = L.getLoopLatch();
  // The one read before the loop. The loop reads the bound on its first
  // iteration, which always runs once the preheader is reached, so reading
  // it here cannot fault where the loop would not.
  auto *Hoisted = cast<LoadInst>(Bound->clone());
  Hoisted->setName("plr.bound");
  Hoisted->insertBefore(Pre->getTerminator());
  ValueToValueMapTy VM;
  BasicBlock *Original;
  BranchInst *Choice = plrCloneLoop(F, L, ConstantInt::getTrue(C), "plr.bound", VM, Original);
  auto *Reload = cast<LoadInst>(VM[Bound]);
  Reload->replaceAllUsesWith(Hoisted);
  Reload->eraseFromParent();

  // The copy's trip count, from analyses of F as it now is. Arithmetic on
  // the bound that SCEV does not model (`c->n / 2`) is invariant in the
  // copy: moved before the check (where the trip count is expanded), where
  // SCEV sees an invariant value; only what is safe to speculate moves.
  DominatorTree DT2(F);
  LoopInfo LI2(DT2);
  Loop *Copy = LI2.getLoopFor(cast<BasicBlock>(VM[Header]));
  if (Copy && Copy->getLoopLatch())
    if (auto *Br = dyn_cast<BranchInst>(Copy->getLoopLatch()->getTerminator()))
      if (auto *Cmp = Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr)
        for (Value *Op : Cmp->operands()) {
          bool Moved = false;
          Copy->makeLoopInvariant(Op, Moved, Choice);
        }
  ScalarEvolution SE2(F, TLI, AC, DT2, LI2);
  // (what the copy's count and addresses are read under: tested by the check)
  SmallVector<const SCEVPredicate *, 4> Preds;
  const SCEV *BTC = Copy ? plr_nowrap::backedgeCount(SE2, Copy, Preds) : SE2.getCouldNotCompute();
  if (isa<SCEVCouldNotCompute>(BTC) || !BTC->getType()->isIntegerTy() || BTC->getType()->getIntegerBitWidth() > 64) {
    undo(F, Choice, Original, Hoisted);
    return PLR_R_TRIP_COUNT;
  }
  Type *I64 = Type::getInt64Ty(C);
  BTC = SE2.getNoopOrZeroExtend(BTC, I64);
  SCEVExpander Exp(SE2, DL, "plr.bound");
  SmallVector<const SCEV *, MaxStores> Starts;
  bool Safe = Exp.isSafeToExpandAt(BTC, Choice);
  for (const Written &W : Stores) {
    const SCEV *S = SE2.getSCEV(cast<StoreInst>(VM[W.I])->getPointerOperand());
    if (!W.Fixed) {
      const SCEVAddRecExpr *AR = plr_nowrap::affine(SE2, S, Copy, Preds);
      Safe &= AR && AR->getLoop() == Copy && AR->isAffine() &&
              AR->getStepRecurrence(SE2) == SE2.getConstant(I64, W.Step);
      if (!AR)
        break;
      S = AR->getStart();
    }
    Safe &= Exp.isSafeToExpandAt(S, Choice);
    Starts.push_back(S);
  }
  if (!Safe) {
    undo(F, Choice, Original, Hoisted);
    return PLR_R_BOUND_IN_MEMORY;
  }

  // [b, b + size) against each store's bytes over the N iterations:
  // [start, start + step*(N-1) + size) walking up, [start + step*(N-1),
  // start + size) walking down; a range that would wrap the address space
  // (a trip count beyond any real array) counts as a conflict.
  IRBuilder<> B(Choice);
  Value *BLo = B.CreatePtrToInt(Hoisted->getPointerOperand(), I64);
  uint64_t BSize = DL.getTypeStoreSize(Bound->getType()).getFixedValue();
  Value *BHi = B.CreateAdd(BLo, B.getInt64(BSize));
  Value *Last = Exp.expandCodeFor(BTC, I64, Choice);
  Value *Conflict = nullptr;
  for (unsigned k = 0; k < Stores.size(); k++) {
    const Written &W = Stores[k];
    Value *Start = B.CreatePtrToInt(Exp.expandCodeFor(Starts[k], Starts[k]->getType(), Choice), I64);
    Value *Lo = Start, *Hi = B.CreateAdd(Start, B.getInt64(W.Size)), *Bad = B.getFalse();
    if (!W.Fixed) {
      uint64_t Abs = W.Step < 0 ? -(uint64_t)W.Step : (uint64_t)W.Step;
      Value *Dist = B.CreateMul(Last, B.getInt64(Abs)); // < 2^62 when not Bad
      Bad = B.CreateICmpUGE(Last, B.getInt64((UINT64_C(1) << 62) / Abs), "plr.bound.huge");
      if (W.Step > 0) {
        Hi = B.CreateAdd(Hi, Dist);
        Bad = B.CreateOr(Bad, B.CreateICmpULE(Hi, Start));
      } else {
        Lo = B.CreateSub(Start, Dist);
        Bad = B.CreateOr(Bad, B.CreateOr(B.CreateICmpULT(Start, Dist), B.CreateICmpULE(Hi, Start)));
      }
    }
    Value *Meets = B.CreateAnd(B.CreateICmpULT(BLo, Hi), B.CreateICmpULT(Lo, BHi), "plr.bound.meets");
    Value *Either = B.CreateOr(Meets, Bad, "plr.bound.written");
    Conflict = Conflict ? B.CreateOr(Conflict, Either, "plr.bound.written") : Either;
  }
  // a predicate that fails: the count or an address above is not the
  // loop's, and the loop as written runs
  for (const SCEVPredicate *P : Preds) {
    Value *Fails = Exp.expandCodeForPredicate(P, Choice);
    B.SetInsertPoint(Choice);
    Conflict = Conflict ? B.CreateOr(Conflict, Fails, "plr.bound.wraps") : Fails;
  }
  Choice->setCondition(Conflict ? Conflict : B.getFalse());
  Exp.clear();

  plrMarkLoop(Latch, "plr.versioned"); // the original: taken when a store may write the bound
  plrMarkLoop(cast<BasicBlock>(VM[Latch]), "plr.bound");
  Out.Choice = Choice;
  Out.Original = Original;
  Out.Latch = cast<BasicBlock>(VM[Latch]);
  Out.OriginalLatch = Latch;
  Out.Hoisted = Hoisted;
  return PLR_OK_CANDIDATE;
}
