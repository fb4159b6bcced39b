// nowrap.h - a loop's trip count and addresses read where a narrow index
// does not wrap, under SCEV's no-wrap predicates, which the loop's check
// then tests (docs/pass.md, "Narrow indices"). Shared by the analysis
// (shim.cpp, over the function's ScalarEvolution) and by the versioning of
// a bound kept in memory (bound.cpp, over the copy's).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

namespace plr_nowrap {
using namespace llvm;

// P added to Preds when every one is a wrap predicate of L (false: some
// other kind or loop, nothing added).
inline bool join(const Loop *L, ArrayRef<const SCEVPredicate *> P, SmallVectorImpl<const SCEVPredicate *> &Preds) {
  for (const SCEVPredicate *Q : P) {
    auto *W = dyn_cast<SCEVWrapPredicate>(Q);
    if (!W || W->getExpr()->getLoop() != L)
      return false;
  }
  for (const SCEVPredicate *Q : P)
    if (!is_contained(Preds, Q))
      Preds.push_back(Q);
  return true;
}

// L's back-edge count: exactly, or where a narrow counter does not wrap
// (an int i compared as sext(i) with a long bound), under no-wrap
// predicates added to Preds, with those of the predicated symbolic maximum,
// which SCEVExpander counts a wrap check's iterations over without testing.
inline const SCEV *backedgeCount(ScalarEvolution &SE, const Loop *L, SmallVectorImpl<const SCEVPredicate *> &Preds) {
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (!isa<SCEVCouldNotCompute>(BTC))
    return BTC;
  SmallVector<const SCEVPredicate *, 4> P, PM;
  BTC = SE.getPredicatedBackedgeTakenCount(L, P);
  const SCEV *Max = SE.getPredicatedSymbolicMaxBackedgeTakenCount(L, PM);
  P.append(PM.begin(), PM.end());
  if (isa<SCEVCouldNotCompute>(BTC) || isa<SCEVCouldNotCompute>(Max) || !join(L, P, Preds))
    return SE.getCouldNotCompute();
  return BTC;
}

// S as a recurrence of L: as SCEV reads it, or, a narrow index widened,
// where that does not wrap (predicates added to Preds); nullptr: neither.
inline const SCEVAddRecExpr *affine(ScalarEvolution &SE, const SCEV *S, const Loop *L,
                                    SmallVectorImpl<const SCEVPredicate *> &Preds) {
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(S))
    return AR;
  SmallPtrSet<const SCEVPredicate *, 4> P;
  const SCEVAddRecExpr *AR = SE.convertSCEVToAddRecWithPredicates(S, L, P);
  if (!AR || !join(L, SmallVector<const SCEVPredicate *, 4>(P.begin(), P.end()), Preds))
    return nullptr;
  return AR;
}

} // namespace plr_nowrap
