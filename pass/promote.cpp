// promote.cpp - a recurrence whose state stays in memory (a filter's struct
// members, a global) carried in registers behind a run-time check.
//
// `f->z1 = b1*x[i] - a1*v + f->z2; y[i] = v;`: y[i] may be f->z1, so LICM
// leaves the state in memory and the loop carries no value to recognize.
// Here the loop is versioned: when no array the loop walks overlaps a fixed
// address the loop writes (and no fixed address written overlaps another
// one), a copy runs with every fixed location loaded once before it,
// carried in registers (an alloca promoted by mem2reg) and the written ones
// stored once after it; otherwise the original loop runs, marked so that the
// pass leaves it alone. The copy is then analyzed like any loop. If the pass
// does not replace it, the versioning is undone (the check's branch always
// takes the original, whose copy is deleted): promotion alone would only
// duplicate code the later passes handle anyway.
#include "plr_pass.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include "promote.h"

using namespace llvm;

namespace {

// One fixed (loop-invariant) address and the loads and stores of it.
struct Fixed {
  Value *Ptr = nullptr;
  Type *Ty = nullptr;
  uint64_t Size = 0;
  Align Alignment;
  bool Stored = false;
  bool EveryIteration = false; // some access executes on every iteration
  bool StoredEveryIteration = false;
  SmallVector<Instruction *, 4> Access;
};

// An access whose address advances with the loop by a constant step.
struct Moving {
  Instruction *I;
  const SCEVAddRecExpr *AR;
  uint64_t Size;
  bool Store;
};

// Enough for a filter's coefficients and states; more would make the check
// long for little.
constexpr unsigned MaxFixed = 24, MaxMoving = 8, MaxChecks = 64;

struct Plan {
  SmallVector<Fixed, 8> Locations;
  SmallVector<Moving, 8> Walks;
};

// Collects the loop's memory accesses; false when one is neither at a fixed
// address nor walking with a constant step, or anything else touches memory.
bool collect(Loop &L, ScalarEvolution &SE, DominatorTree &DT, const DataLayout &DL, Plan &P) {
  BasicBlock *Latch = L.getLoopLatch();
  for (BasicBlock *BB : L.blocks()) {
    for (Instruction &I : *BB) {
      auto *LI = dyn_cast<LoadInst>(&I);
      auto *SI = dyn_cast<StoreInst>(&I);
      if (!LI && !SI) {
        if (I.mayReadOrWriteMemory() && !isa<DbgInfoIntrinsic>(I) && !I.isLifetimeStartOrEnd())
          return false; // a call may read or write the state
        continue;
      }
      if (LI ? !LI->isSimple() : !SI->isSimple())
        return false;
      Value *Ptr = getLoadStorePointerOperand(&I);
      Type *Ty = getLoadStoreType(&I);
      TypeSize TS = DL.getTypeStoreSize(Ty);
      if (TS.isScalable())
        return false;
      uint64_t Size = TS.getFixedValue();
      if (L.isLoopInvariant(Ptr)) {
        const SCEV *PS = SE.getSCEV(Ptr);
        Fixed *F = nullptr;
        for (Fixed &G : P.Locations)
          if (G.Ptr == Ptr || SE.getSCEV(G.Ptr) == PS)
            F = &G;
        if (!F) {
          if (P.Locations.size() == MaxFixed)
            return false;
          Fixed New;
          New.Ptr = Ptr;
          New.Ty = Ty;
          New.Size = Size;
          New.Alignment = getLoadStoreAlignment(&I);
          P.Locations.push_back(New);
          F = &P.Locations.back();
        }
        if (F->Ty != Ty)
          return false; // read as two types: not one scalar
        F->Alignment = std::min(F->Alignment, getLoadStoreAlignment(&I));
        F->Stored |= SI != nullptr;
        F->EveryIteration |= DT.dominates(BB, Latch);
        F->StoredEveryIteration |= SI && DT.dominates(BB, Latch);
        F->Access.push_back(&I);
        continue;
      }
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Ptr));
      if (!AR || AR->getLoop() != &L || !AR->isAffine() || !isa<SCEVConstant>(AR->getStepRecurrence(SE)) ||
          P.Walks.size() == MaxMoving)
        return false;
      P.Walks.push_back({&I, AR, Size, SI != nullptr});
    }
  }
  // Loading a location before the loop could fault where the loop would
  // not; storing one after it that the loop does not always store would
  // write memory it never wrote (read-only, or another thread's).
  for (const Fixed &F : P.Locations)
    if (!F.EveryIteration || (F.Stored && !F.StoredEveryIteration))
      return false;
  for (const Fixed &F : P.Locations)
    if (F.Stored)
      return true;
  return false;
}

// [lo, hi) of an access walking the loop.
void range(ScalarEvolution &SE, const SCEV *BTC, const Moving &M, const SCEV *&Lo, const SCEV *&Hi) {
  const SCEV *First = M.AR->getStart(), *Last = M.AR->evaluateAtIteration(BTC, SE);
  bool Up = cast<SCEVConstant>(M.AR->getStepRecurrence(SE))->getAPInt().isNonNegative();
  Lo = Up ? First : Last;
  const SCEV *Top = Up ? Last : First;
  Hi = SE.getAddExpr(Top, SE.getConstant(SE.getEffectiveSCEVType(Top->getType()), M.Size));
}

struct Overlap {
  const SCEV *ALo, *AHi, *BLo, *BHi;
};

// The pairs that must not overlap, each proved apart here or left for the
// run-time check. False when two fixed locations overlap for certain.
bool pairs(Loop &L, ScalarEvolution &SE, AAResults &AA, const Plan &P, SmallVectorImpl<Overlap> &Checks) {
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return false;
  auto FixedRange = [&](const Fixed &F, const SCEV *&Lo, const SCEV *&Hi) {
    Lo = SE.getSCEV(F.Ptr);
    Hi = SE.getAddExpr(Lo, SE.getConstant(SE.getEffectiveSCEVType(Lo->getType()), F.Size));
  };
  for (unsigned a = 0; a < P.Locations.size(); a++) {
    const Fixed &A = P.Locations[a];
    for (unsigned b = a + 1; b < P.Locations.size(); b++) {
      const Fixed &B = P.Locations[b];
      if (!A.Stored && !B.Stored)
        continue;
      const SCEV *D = SE.getMinusSCEV(SE.getSCEV(A.Ptr), SE.getSCEV(B.Ptr));
      if (auto *C = dyn_cast<SCEVConstant>(D)) {
        int64_t d = C->getAPInt().getSExtValue();
        if (d < (int64_t)B.Size && -d < (int64_t)A.Size)
          return false; // the same bytes read two ways
        continue;
      }
      if (AA.isNoAlias(MemoryLocation(A.Ptr, LocationSize::precise(A.Size)),
                       MemoryLocation(B.Ptr, LocationSize::precise(B.Size))))
        continue;
      Overlap O;
      FixedRange(A, O.ALo, O.AHi);
      FixedRange(B, O.BLo, O.BHi);
      Checks.push_back(O);
    }
    for (const Moving &M : P.Walks) {
      if (!A.Stored && !M.Store)
        continue;
      if (AA.isNoAlias(MemoryLocation::getBeforeOrAfter(getLoadStorePointerOperand(M.I)),
                       MemoryLocation(A.Ptr, LocationSize::precise(A.Size))))
        continue;
      Overlap O;
      FixedRange(A, O.ALo, O.AHi);
      range(SE, BTC, M, O.BLo, O.BHi);
      Checks.push_back(O);
    }
  }
  return Checks.size() <= MaxChecks;
}

} // namespace

void plrMarkLoop(BasicBlock *Latch, const char *Name) {
  LLVMContext &C = Latch->getContext();
  Instruction *T = Latch->getTerminator();
  SmallVector<Metadata *, 4> MDs;
  MDs.push_back(nullptr); // self reference, set below
  if (MDNode *ID = T->getMetadata(LLVMContext::MD_loop))
    for (unsigned i = 1; i < ID->getNumOperands(); ++i)
      MDs.push_back(ID->getOperand(i));
  MDs.push_back(MDNode::get(C, MDString::get(C, Name)));
  MDNode *N = MDNode::getDistinct(C, MDs);
  N->replaceOperandWith(0, N);
  T->setMetadata(LLVMContext::MD_loop, N);
}

void plrDeleteDeadBefore(Instruction *Hoisted) {
  BasicBlock *BB = Hoisted->getParent();
  for (Instruction &I : make_early_inc_range(reverse(*BB)))
    if (isInstructionTriviallyDead(&I))
      I.eraseFromParent();
}

void plrCloneBlocks(Function &F, ArrayRef<BasicBlock *> Blocks, ValueToValueMapTy &VM, BasicBlock *Before) {
  SmallVector<BasicBlock *, 8> Copies;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *N = CloneBasicBlock(BB, VM, "", &F);
    N->moveBefore(Before);
    VM[BB] = N;
    Copies.push_back(N);
  }
  remapInstructionsInBlocks(Copies, VM);
}

BranchInst *plrCloneLoop(Function &F, Loop &L, Value *Conflict, const char *Prefix, ValueToValueMapTy &VM,
                         BasicBlock *&Original) {
  BasicBlock *Pre = L.getLoopPreheader(), *Header = L.getHeader(), *Latch = L.getLoopLatch(),
             *Exit = L.getExitBlock();
  SmallVector<BasicBlock *, 8> Blocks(L.blocks());
  BasicBlock *OrigPre = SplitBlock(Pre, Pre->getTerminator(), static_cast<DominatorTree *>(nullptr));
  OrigPre->setName(Twine(Prefix) + ".original");

  // The copy: its own preheader, and a block on its way out (where the
  // caller stores promoted states back).
  LLVMContext &C = F.getContext();
  BasicBlock *PromPre = BasicBlock::Create(C, Twine(Prefix) + ".ph", &F, Header);
  BasicBlock *PromExit = BasicBlock::Create(C, Twine(Prefix) + ".exit", &F, Exit);
  VM[OrigPre] = PromPre;
  VM[Exit] = PromExit;
  plrCloneBlocks(F, Blocks, VM, PromExit);
  BranchInst::Create(cast<BasicBlock>(VM[Header]), PromPre);
  BranchInst::Create(Exit, PromExit);
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Latch);
    auto It = VM.find(V);
    Phi.addIncoming(It == VM.end() ? V : static_cast<Value *>(It->second), PromExit);
  }
  auto *Choice = BranchInst::Create(OrigPre, PromPre, Conflict);
  ReplaceInstWithInst(Pre->getTerminator(), Choice);
  Original = OrigPre;
  return Choice;
}

bool plrPromoteState(Function &F, Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE, AAResults &AA,
                     AssumptionCache &AC, PromotedState &Out) {
  const DataLayout &DL = F.getDataLayout();
  if (L.isInnermost() && !L.isLoopSimplifyForm())
    simplifyLoop(&L, &DT, &LI, &SE, &AC, nullptr, false); // a dedicated exit, the rewrite's too
  if (!L.isInnermost() || !L.isLoopSimplifyForm() || !L.getExitBlock() || L.getExitingBlock() != L.getLoopLatch())
    return false;
  Plan P;
  SmallVector<Overlap, 16> Checks;
  if (!collect(L, SE, DT, DL, P) || !pairs(L, SE, AA, P, Checks))
    return false;
  SCEVExpander Exp(SE, DL, "plr.promote");
  for (const Overlap &O : Checks)
    for (const SCEV *S : {O.ALo, O.AHi, O.BLo, O.BHi})
      if (!Exp.isSafeToExpand(S))
        return false;

  formLCSSA(L, DT, &LI, &SE);
  BasicBlock *Pre = L.getLoopPreheader(), *Latch = L.getLoopLatch(), *Exit = L.getExitBlock();
  // Overlap of [a, ah) and [b, bh): a < bh && b < ah.
  IRBuilder<> B(Pre->getTerminator());
  Value *Conflict = nullptr;
  for (const Overlap &O : Checks) {
    auto X = [&](const SCEV *S) { return Exp.expandCodeFor(S, S->getType(), Pre->getTerminator()); };
    Value *One = B.CreateICmpULT(X(O.ALo), X(O.BHi)), *Two = B.CreateICmpULT(X(O.BLo), X(O.AHi));
    Value *Both = B.CreateAnd(One, Two);
    Conflict = Conflict ? B.CreateOr(Conflict, Both, "plr.promote.overlap") : Both;
  }
  if (!Conflict)
    Conflict = B.getFalse(); // alias analysis proved every pair apart
  Exp.clear();
  ValueToValueMapTy VM;
  BasicBlock *OrigPre;
  BranchInst *Choice = plrCloneLoop(F, L, Conflict, "plr.promote", VM, OrigPre);
  BasicBlock *PromPre = cast<BasicBlock>(VM[OrigPre]), *PromExit = cast<BasicBlock>(VM[Exit]);

  // Each fixed location through an alloca in the copy, loaded before it and
  // (if written) stored after it; mem2reg makes the phis.
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  IRBuilder<> Before(PromPre->getTerminator()), After(PromExit->getTerminator());
  SmallVector<AllocaInst *, 8> Slots;
  for (const Fixed &Fx : P.Locations) {
    AllocaInst *Slot = Entry.CreateAlloca(Fx.Ty, nullptr, "plr.promote.slot");
    Slots.push_back(Slot);
    LoadInst *Init = Before.CreateAlignedLoad(Fx.Ty, Fx.Ptr, Fx.Alignment, "plr.promote.init");
    Init->setAAMetadata(Fx.Access.front()->getAAMetadata());
    Before.CreateStore(Init, Slot);
    StoreInst *LastSeen = nullptr;
    for (Instruction *I : Fx.Access) {
      auto *Copy = cast<Instruction>(VM[I]);
      Copy->setOperand(isa<StoreInst>(Copy) ? 1 : 0, Slot);
      if (isa<StoreInst>(I))
        LastSeen = cast<StoreInst>(I);
    }
    if (Fx.Stored) {
      StoreInst *Back = After.CreateAlignedStore(After.CreateLoad(Fx.Ty, Slot), Fx.Ptr, Fx.Alignment);
      Back->setAAMetadata(LastSeen->getAAMetadata());
      Back->setDebugLoc(LastSeen->getDebugLoc());
    }
  }
  plrMarkLoop(Latch, "plr.versioned"); // the original: taken when they may overlap
  plrMarkLoop(cast<BasicBlock>(VM[Latch]), "plr.promoted");
  DominatorTree Fresh(F);
  PromoteMemToReg(Slots, Fresh, &AC);
  Out.Choice = Choice;
  Out.Original = OrigPre;
  Out.Latch = cast<BasicBlock>(VM[Latch]);
  Out.OriginalLatch = Latch;
  return true;
}

bool plrSettlePromoted(Function &F, const PromotedState &P) {
  MDNode *ID = P.Latch->getTerminator()->getMetadata(LLVMContext::MD_loop);
  if (ID && findOptionMDForLoopID(ID, "plr.versioned"))
    return false; // replaced: the rewrite marked its fallback loop
  Value *Conflict = P.Choice->getCondition();
  ReplaceInstWithInst(P.Choice, BranchInst::Create(P.Original));
  RecursivelyDeleteTriviallyDeadInstructions(Conflict);
  // The original is an ordinary loop again (a '#pragma plr recurrence' on it
  // is reported as not honoured, as before).
  BasicBlock *Latch = P.OriginalLatch;
  MDNode *OID = Latch->getTerminator()->getMetadata(LLVMContext::MD_loop);
  SmallVector<Metadata *, 4> MDs;
  MDs.push_back(nullptr);
  for (unsigned i = 1; i < OID->getNumOperands(); ++i) {
    auto *Op = dyn_cast<MDNode>(OID->getOperand(i));
    auto *Name = Op && Op->getNumOperands() ? dyn_cast<MDString>(Op->getOperand(0)) : nullptr;
    if (!Name || Name->getString() != "plr.versioned")
      MDs.push_back(OID->getOperand(i));
  }
  MDNode *N = MDNode::getDistinct(F.getContext(), MDs);
  N->replaceOperandWith(0, N);
  Latch->getTerminator()->setMetadata(LLVMContext::MD_loop, MDs.size() > 1 ? N : nullptr);
  return true;
}
