// bound.h - a loop whose bound is read from memory on every iteration,
// versioned on a run-time check that its stores miss the bound (bound.cpp),
// for the shim.
#ifndef PLR_BOUND_H
#define PLR_BOUND_H

#include "plr_pass.h"
#include "promote.h"

#include "llvm/Analysis/TargetLibraryInfo.h"

// Versions L, whose latch compares Bound (a load in the loop from a
// loop-invariant address) with the induction: a copy reads the bound once
// before it (its trip count is then a function of that value), taken when
// the bound's bytes lie outside every byte the loop's stores write during
// that many iterations; else the loop as written. PLR_OK_CANDIDATE when
// done (Out says where; undone after the pass by plrSettlePromoted when the
// copy is not replaced), else why not: PLR_R_BOUND_WRITTEN (the first
// iteration's store writes it), PLR_R_TRIP_COUNT (not computable even from
// the value read once), PLR_R_BOUND_IN_MEMORY (a store not walking by a
// constant step, too many stores). *Changed: whether F was changed (then
// every analysis but AA is stale), also when the answer is no.
plr_reason plrVersionBound(llvm::Function &F, llvm::Loop &L, llvm::LoadInst *Bound, llvm::LoopInfo &LI,
                           llvm::DominatorTree &DT, llvm::ScalarEvolution &SE, llvm::AAResults &AA,
                           llvm::AssumptionCache &AC, llvm::TargetLibraryInfo &TLI, PromotedState &Out,
                           bool &Changed);

#endif
