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
#include "llvm/IR/ValueMap.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

// A loop versioned by plrPromoteState: Choice branches to Original (the
// untouched loop's preheader) when the check finds an overlap, else to the
// promoted copy, whose latch is Latch (OriginalLatch: the original's).
struct PromotedState {
  llvm::BranchInst *Choice;
  llvm::BasicBlock *Original;
  llvm::BasicBlock *Latch;
  llvm::BasicBlock *OriginalLatch;
  // A value read before the copy for it alone (the bound, bound.cpp):
  // deleted with the copy.
  llvm::Instruction *Hoisted = nullptr;
};

// Versions L (a loop whose state the pass found kept in memory) and
// promotes the fixed locations in the copy; false (nothing changed) when
// it cannot be done safely. Leaves every analysis but AA stale.
bool plrPromoteState(llvm::Function &F, llvm::Loop &L, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                     llvm::ScalarEvolution &SE, llvm::AAResults &AA, llvm::AssumptionCache &AC, PromotedState &Out);

// After the pass: a promoted copy it did not replace is cut off again (any
// loop versioned by plrCloneLoop whose copy was not replaced: the hoisted
// bound's too, bound.cpp); true when it was. The caller then removes the
// unreachable blocks, once for every settled loop (removing them folds
// branches on constants, which may be another versioned loop's choice),
// and the instructions left dead before a hoisted value (plrDeleteDeadBefore).
bool plrSettlePromoted(llvm::Function &F, const PromotedState &P);

// The versioning itself, shared with bound.cpp: L (in LCSSA form, one exit
// block) is cloned; its preheader ends in a branch on Conflict to the loop
// as written (*Original, "<Prefix>.original") or to the copy's own
// preheader ("<Prefix>.ph"), whose exit edge goes through "<Prefix>.exit".
// VM maps the loop's blocks and values to the copy's (and *Original and the
// exit block to the copy's preheader and exit). Returns the branch.
llvm::BranchInst *plrCloneLoop(llvm::Function &F, llvm::Loop &L, llvm::Value *Conflict, const char *Prefix,
                               llvm::ValueToValueMapTy &VM, llvm::BasicBlock *&Original);

// Copies of Blocks placed before Before, their values mapped through VM
// (which maps each block to its copy as well; what VM maps already, such as
// the loop's preheader and exit, is where the copies' edges go).
void plrCloneBlocks(llvm::Function &F, llvm::ArrayRef<llvm::BasicBlock *> Blocks, llvm::ValueToValueMapTy &VM,
                    llvm::BasicBlock *Before);

// Once a copy is gone: the instructions left dead in the block of the value
// read before it (Hoisted), which computed the copy's trip count or check,
// Hoisted itself among them.
void plrDeleteDeadBefore(llvm::Instruction *Hoisted);

// Adds the option !{!"Name"} to the llvm.loop metadata of Latch's loop.
void plrMarkLoop(llvm::BasicBlock *Latch, const char *Name);

#endif
