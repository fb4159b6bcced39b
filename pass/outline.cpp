// outline.cpp - a replaced loop's call path (building plr_signature and
// plr_data on the stack, plr_pays, the calls into libplr, maps, the values
// used after the loop) as a function of its own.
//
// Left in the function that held the loop, the call path's 600-odd bytes of
// stack objects and the values it keeps across its calls into libplr (in
// callee-saved registers) make that function's prologue push those
// registers and set up the frame before the threshold test, on every call,
// also one that declines and runs the original loop (about 2% on
// 16-element calls, bench/e2e/declined). Outside it, the function keeps the
// checks, one call and the loop, in the frame it had without the pass.
//
// The outlined function is called with preserve_most where the target has
// it (x86-64, AArch64): the values the fallback loop needs (the arrays, n)
// then stay in the registers they arrived in across the call, so the
// function needs no callee-saved register of its own, and shrink-wrapping
// confines what the call does need (an aligned stack, a spilled float) to
// the block that makes it. The outlined function saves what it uses
// instead, once per call that goes to libplr.
#include "outline.h"

#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

using namespace llvm;

// The static allocas only the path uses, moved to its first block, so that
// they leave F with it (CodeExtractor sinks an alloca left outside only
// when it has lifetime markers, one start and one end, which a path with
// several exits does not give).
static SmallVector<AllocaInst *, 8> takeAllocas(Function &F, BasicBlock *Call,
                                                const SmallPtrSetImpl<BasicBlock *> &In) {
  SmallVector<AllocaInst *, 8> Moved;
  for (Instruction &I : make_early_inc_range(F.getEntryBlock())) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || !AI->isStaticAlloca() || AI->use_empty())
      continue;
    if (!all_of(AI->users(), [&](User *U) { return In.count(cast<Instruction>(U)->getParent()); }))
      continue;
    AI->moveBefore(*Call, Call->getFirstInsertionPt());
    Moved.push_back(AI);
  }
  return Moved;
}

static bool hasPreserveMost(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.getArch() == Triple::x86_64 || T.getArch() == Triple::aarch64;
}

bool plrOutlineCallPaths(Function &F, ArrayRef<WeakVH> Calls, AssumptionCache *AC) {
  bool Changed = false;
  for (const WeakVH &H : Calls) {
    auto *Call = cast_or_null<BasicBlock>(H);
    if (!Call || Call->getParent() != &F)
      continue;
    // Each extraction rewrites F's CFG: dominance afresh for each path.
    DominatorTree DT(F);
    // In F's order, which the new function keeps.
    SmallVector<BasicBlock *, 32> Blocks;
    for (BasicBlock &BB : F)
      if (DT.dominates(Call, &BB))
        Blocks.push_back(&BB);
    SmallPtrSet<BasicBlock *, 32> In(Blocks.begin(), Blocks.end());
    CodeExtractor CE(Blocks, &DT, /*AggregateArgs=*/false, /*BFI=*/nullptr, /*BPI=*/nullptr, AC,
                     /*AllowVarArgs=*/false, /*AllowAlloca=*/true, /*AllocationBlock=*/nullptr, "plr.call");
    if (!CE.isEligible())
      continue;
    SmallVector<AllocaInst *, 8> Allocas = takeAllocas(F, Call, In);
    CodeExtractorAnalysisCache CEAC(F);
    Function *Out = CE.extractCodeRegion(CEAC);
    if (!Out) {
      for (AllocaInst *AI : reverse(Allocas))
        AI->moveBefore(F.getEntryBlock(), F.getEntryBlock().getFirstInsertionPt());
      continue;
    }
    Changed = true;
    // Beside F, where a reader of the module looks for it.
    F.getParent()->getFunctionList().splice(std::next(F.getIterator()), F.getParent()->getFunctionList(),
                                            Out->getIterator());
    Out->getEntryBlock().setName("plr.entry");
    for (User *U : Out->users())
      if (auto *CI = dyn_cast<CallInst>(U))
        CI->getParent()->setName("plr.outlined");
    // Static again: the new function's entry block branches to the path.
    BasicBlock &Entry = Out->getEntryBlock();
    for (AllocaInst *AI : reverse(Allocas))
      AI->moveBefore(Entry, Entry.getFirstInsertionPt());
    // Inlined back, it would bring its frame with it.
    Out->removeFnAttr(Attribute::AlwaysInline);
    Out->addFnAttr(Attribute::NoInline);
    Out->addFnAttr(PLR_CALL_PATH_ATTR);
    if (hasPreserveMost(*F.getParent())) {
      Out->setCallingConv(CallingConv::PreserveMost);
      for (User *U : Out->users())
        if (auto *CI = dyn_cast<CallInst>(U))
          CI->setCallingConv(CallingConv::PreserveMost);
    }
  }
  return Changed;
}
