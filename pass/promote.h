// promote.h - carrying a state kept in memory in registers behind a
// run-time check (promote.cpp), for the shim.
#ifndef PLR_PROMOTE_H
#define PLR_PROMOTE_H

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

// A loop versioned by plrPromoteState: Choice branches to Original (the
// untouched loop's preheader) when the check finds an overlap, else to the
// promoted copy, whose latch is Latch (OriginalLatch: the original's).
struct PromotedState {
  llvm::BranchInst *Choice;
  llvm::BasicBlock *Original;
  llvm::BasicBlock *Latch;
  llvm::BasicBlock *OriginalLatch;
};

// Versions L (a loop whose state the pass found kept in memory) and
// promotes the fixed locations in the copy; false (nothing changed) when
// it cannot be done safely. Leaves every analysis but AA stale.
bool plrPromoteState(llvm::Function &F, llvm::Loop &L, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                     llvm::ScalarEvolution &SE, llvm::AAResults &AA, llvm::AssumptionCache &AC, PromotedState &Out);

// After the pass: a promoted copy it did not replace is removed again.
void plrSettlePromoted(llvm::Function &F, const PromotedState &P);

#endif
