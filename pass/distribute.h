// distribute.h - a loop of several independent recurrences split into one
// loop per recurrence (distribute.cpp), for the shim.
#ifndef PLR_DISTRIBUTE_H
#define PLR_DISTRIBUTE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

// A loop distributed by plrDistribute: Choice (on false) leads to the
// copies, one per recurrence, run in a chain (latches Latches); Original is
// the loop as written (its latch OriginalLatch), never taken.
struct DistributedLoop {
  llvm::BranchInst *Choice;
  llvm::BasicBlock *Original;
  llvm::BasicBlock *OriginalLatch;
  llvm::SmallVector<llvm::BasicBlock *, 4> Latches;
  unsigned Checks = 0; // pairs of ranges the check before the copies tests
  bool PlainCopies = false; // one of the loops holds the stores of no recurrence
  uint64_t MinTrips = 0;    // fewer iterations take the loop as written (0: no such test)
};

// Splits L into one loop per group of dependent loop-carried values when
// every store and every value after the loop belongs to one group and each
// group's stores are apart from every access another group needs (for
// certain, or by a check before the copies that takes the loop as written
// where they overlap); returns the number of loops (0: nothing changed).
// Leaves every analysis but AA stale.
unsigned plrDistribute(llvm::Function &F, llvm::Loop &L, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                       llvm::ScalarEvolution &SE, llvm::AAResults &AA, DistributedLoop &Out);

// Whether L's stores and values after it fall into groups plrDistribute
// could split (the checks between them aside): the cheap part of its
// decision, asked before the analysis of the whole loop. Changes nothing.
bool plrSplitsIntoGroups(llvm::Loop &L, llvm::ScalarEvolution &SE);

// After the pass: the copies stay if it replaced one of them (the original
// cut off when nothing was checked), else the loop as written is restored.
// The caller removes the blocks left unreachable (plrSettlePromoted).
void plrSettleDistributed(llvm::Function &F, const DistributedLoop &D);

#endif
